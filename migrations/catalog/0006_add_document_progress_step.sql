-- How the page in `progress_page` was read: 'text' (its text layer) or 'ocr' (rendered and read by OCR), so a scan
-- shows `ocr 12/240`. NULL when no page is reported (or by a worker that reports no step: a text page); cleared with
-- the other progress columns by every status change.
ALTER TABLE documents ADD COLUMN progress_step TEXT;
