-- Front matter beyond title and authors, and each article's reference list as data (issue 17).
-- affiliations / keywords: JSON arrays of strings, like articles.authors.
ALTER TABLE articles ADD COLUMN affiliations TEXT NOT NULL DEFAULT '[]';
ALTER TABLE articles ADD COLUMN keywords TEXT NOT NULL DEFAULT '[]';

-- One row per printed reference, in printed order: from GROBID's biblStruct when GROBID parsed the paper, else read
-- from the text of the References section (which also stays a searchable section of contexts).
-- label is what numbered in-text markers use ("12" for "[12]"); NULL in author-year lists. authors is a JSON array.
CREATE TABLE "references" (
  article_id TEXT NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  label TEXT,
  raw_text TEXT NOT NULL,
  authors TEXT NOT NULL DEFAULT '[]',
  title TEXT,
  year INTEGER,
  venue TEXT,
  doi TEXT,
  PRIMARY KEY (article_id, position)
);

-- In-text citation markers resolved to a reference of the same article: "[12]", "[3-5]" by label, "(Smith, 2019)" and
-- "Smith et al. (2019)" by first author's surname and year. marker is the text as printed.
CREATE TABLE citation_links (
  context_id TEXT NOT NULL REFERENCES contexts (id) ON DELETE CASCADE,
  article_id TEXT NOT NULL,
  reference_position INTEGER NOT NULL,
  marker TEXT NOT NULL,
  PRIMARY KEY (context_id, reference_position, marker),
  FOREIGN KEY (article_id, reference_position) REFERENCES "references" (article_id, position) ON DELETE CASCADE
);

CREATE INDEX citation_links_by_reference ON citation_links (article_id, reference_position);
