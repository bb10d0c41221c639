-- Where a context's first block sits on its page, when the parser reported coordinates (GROBID teiCoordinates):
-- JSON {"page":n,"x":…,"y":…,"w":…,"h":…} in PDF points from the page's top-left corner. NULL when unknown.
ALTER TABLE contexts ADD COLUMN bbox TEXT;
