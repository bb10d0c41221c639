-- Where a context's text crosses page breaks, so a sentence is cited on the page it is printed on rather than the page
-- its context starts on: JSON [[offset, page], …], each the character offset (UTF-16) in `text` of the first character
-- printed on that page. NULL for a context printed on one page, and for contexts stored before this column existed.
ALTER TABLE contexts ADD COLUMN page_starts TEXT;
