-- How far the stage a document is in has come, for long documents: page `progress_page` of `progress_pages` while
-- the embedded parser reads it. NULL when nothing is reported; cleared by every status change.
ALTER TABLE documents ADD COLUMN progress_page INTEGER;
ALTER TABLE documents ADD COLUMN progress_pages INTEGER;
