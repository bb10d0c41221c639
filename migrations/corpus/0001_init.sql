-- One corpus per project. Table and column names follow DESIGN.md (UIUC.chat) so exports stay recognisable.
-- contexts_vec (sqlite-vec) is created in code: its column type depends on the embedding dimension.

CREATE TABLE corpus_meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE articles (
  id TEXT PRIMARY KEY,
  num_tokens INTEGER NOT NULL,
  title TEXT NOT NULL,
  date_published TEXT,
  journal TEXT,
  authors TEXT NOT NULL DEFAULT '[]',   -- JSON array of names
  doi TEXT,
  abstract TEXT NOT NULL DEFAULT '',
  document_id TEXT NOT NULL,
  page_count INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);

CREATE UNIQUE INDEX articles_by_document ON articles (document_id);

CREATE TABLE sections (
  id TEXT PRIMARY KEY,
  num_tokens INTEGER NOT NULL,
  section_title TEXT NOT NULL,
  section_number TEXT NOT NULL,
  level INTEGER NOT NULL DEFAULT 1
);

-- seq is an explicit INTEGER PRIMARY KEY (the rowid) because contexts_fts and contexts_vec key on it,
-- and VACUUM may renumber an implicit rowid.
CREATE TABLE contexts (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  text TEXT NOT NULL,
  section_title TEXT NOT NULL,
  section_number TEXT NOT NULL,
  num_tokens INTEGER NOT NULL,
  page_number INTEGER NOT NULL,          -- 1-based page where the context starts
  stop_reason TEXT NOT NULL CHECK (stop_reason IN ('Section', 'Token limit')),
  embedding BLOB,                        -- float32 little-endian, so any SQLite browser keeps the vector
  embedding_model TEXT,
  kind TEXT NOT NULL DEFAULT 'text' CHECK (kind IN ('text', 'table', 'equation', 'figure_caption'))
);

CREATE TABLE article_sections (
  article_id TEXT NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
  section_id TEXT NOT NULL REFERENCES sections (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  PRIMARY KEY (article_id, position)
);

CREATE INDEX article_sections_by_section ON article_sections (section_id);

CREATE TABLE section_contexts (
  section_id TEXT NOT NULL REFERENCES sections (id) ON DELETE CASCADE,
  context_id TEXT NOT NULL REFERENCES contexts (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  PRIMARY KEY (section_id, position)
);

CREATE INDEX section_contexts_by_context ON section_contexts (context_id);

CREATE VIRTUAL TABLE contexts_fts USING fts5 (
  text,
  section_title,
  content = 'contexts',
  content_rowid = 'seq',
  tokenize = 'porter unicode61'
);

CREATE TRIGGER contexts_fts_after_insert AFTER INSERT ON contexts BEGIN
  INSERT INTO contexts_fts (rowid, text, section_title) VALUES (new.seq, new.text, new.section_title);
END;

CREATE TRIGGER contexts_fts_after_delete AFTER DELETE ON contexts BEGIN
  INSERT INTO contexts_fts (contexts_fts, rowid, text, section_title)
  VALUES ('delete', old.seq, old.text, old.section_title);
END;

CREATE TRIGGER contexts_fts_after_update AFTER UPDATE OF text, section_title ON contexts BEGIN
  INSERT INTO contexts_fts (contexts_fts, rowid, text, section_title)
  VALUES ('delete', old.seq, old.text, old.section_title);
  INSERT INTO contexts_fts (rowid, text, section_title) VALUES (new.seq, new.text, new.section_title);
END;
