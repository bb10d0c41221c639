-- foreign_keys: off
-- Context seqs are never handed out again (AUTOINCREMENT): an in-memory copy of the vector index (VectorIndex,
-- in this process or another one on the same file) may still hold a removed seq, and a new context given that seq
-- would be hidden behind it. SQLite cannot add AUTOINCREMENT to a table, so contexts is rebuilt with its seqs kept:
-- contexts_fts (content_rowid = seq), contexts_vec and contexts_vec_simhash (keyed by seq) stay valid as they are.
-- Foreign keys are off while it runs (the migrator then checks them): dropping the old table must not cascade to
-- section_contexts. Costs one copy of the table, embeddings included: ~9 s per 100k contexts at 768 dimensions on
-- a 2-core machine, once, on the first open after the upgrade.

CREATE TABLE contexts_autoincrement (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  text TEXT NOT NULL,
  section_title TEXT NOT NULL,
  section_number TEXT NOT NULL,
  num_tokens INTEGER NOT NULL,
  page_number INTEGER NOT NULL,          -- 1-based page where the context starts
  stop_reason TEXT NOT NULL CHECK (stop_reason IN ('Section', 'Token limit')),
  embedding BLOB,                        -- float32 little-endian, so any SQLite browser keeps the vector
  embedding_model TEXT,
  kind TEXT NOT NULL DEFAULT 'text' CHECK (kind IN ('text', 'table', 'equation', 'figure_caption')),
  bbox TEXT                              -- see 0002_add_context_bbox.sql
);

INSERT INTO contexts_autoincrement (seq, id, text, section_title, section_number, num_tokens, page_number,
  stop_reason, embedding, embedding_model, kind, bbox)
SELECT seq, id, text, section_title, section_number, num_tokens, page_number, stop_reason, embedding,
  embedding_model, kind, bbox
FROM contexts ORDER BY seq;

DROP TABLE contexts;
ALTER TABLE contexts_autoincrement RENAME TO contexts;

-- The FTS triggers went with the old table (0001_init.sql).
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
