-- How each context's text was obtained: 'pdf' from the PDF's text layer, 'ocr' read off the rendered page (a scan, or
-- a page whose text layer is garbage), with the mean confidence (0–100) of its OCR'd words; NULL for 'pdf'.
ALTER TABLE contexts ADD COLUMN text_source TEXT NOT NULL DEFAULT 'pdf' CHECK (text_source IN ('pdf', 'ocr'));
ALTER TABLE contexts ADD COLUMN ocr_confidence REAL;
