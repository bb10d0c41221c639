-- foreign_keys: off
-- A book's printed table of contents is stored as contexts of kind 'toc': kept for navigation (the outline, reading
-- a section) and in the export, but left out of search. They get no FTS row (the triggers below skip them) and no
-- vector (ArticlesRepository and the vector-index rebuilds skip them), so neither search leg can return them and no
-- query pays for filtering. SQLite cannot change a CHECK constraint in place, so contexts is rebuilt as in
-- 0003_contexts_seq_autoincrement.sql, seqs kept: contexts_fts, contexts_vec and the SimHash codes stay valid.
-- Foreign keys are off while it runs (the migrator then checks them): dropping the old table must not cascade to
-- section_contexts or citation_links.

CREATE TABLE contexts_with_toc (
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
  kind TEXT NOT NULL DEFAULT 'text' CHECK (kind IN ('text', 'table', 'equation', 'figure_caption', 'toc')),
  bbox TEXT,                             -- see 0002_add_context_bbox.sql
  text_source TEXT NOT NULL DEFAULT 'pdf' CHECK (text_source IN ('pdf', 'ocr')), -- see 0006
  ocr_confidence REAL
);

INSERT INTO contexts_with_toc (seq, id, text, section_title, section_number, num_tokens, page_number,
  stop_reason, embedding, embedding_model, kind, bbox, text_source, ocr_confidence)
SELECT seq, id, text, section_title, section_number, num_tokens, page_number, stop_reason, embedding,
  embedding_model, kind, bbox, text_source, ocr_confidence
FROM contexts ORDER BY seq;

-- AUTOINCREMENT's high-water mark: a seq handed out before (even if deleted since) is never handed out again.
DELETE FROM sqlite_sequence WHERE name = 'contexts_with_toc';
INSERT INTO sqlite_sequence (name, seq) SELECT 'contexts_with_toc', seq FROM sqlite_sequence WHERE name = 'contexts';

DROP TABLE contexts;
ALTER TABLE contexts_with_toc RENAME TO contexts;

-- The FTS triggers went with the old table; toc contexts never enter contexts_fts (an external-content table:
-- deleting a row it never held would corrupt it, so the delete and update triggers skip them too).
CREATE TRIGGER contexts_fts_after_insert AFTER INSERT ON contexts WHEN new.kind != 'toc' BEGIN
  INSERT INTO contexts_fts (rowid, text, section_title) VALUES (new.seq, new.text, new.section_title);
END;

CREATE TRIGGER contexts_fts_after_delete AFTER DELETE ON contexts WHEN old.kind != 'toc' BEGIN
  INSERT INTO contexts_fts (contexts_fts, rowid, text, section_title)
  VALUES ('delete', old.seq, old.text, old.section_title);
END;

CREATE TRIGGER contexts_fts_after_update AFTER UPDATE OF text, section_title ON contexts WHEN new.kind != 'toc' BEGIN
  INSERT INTO contexts_fts (contexts_fts, rowid, text, section_title)
  VALUES ('delete', old.seq, old.text, old.section_title);
  INSERT INTO contexts_fts (rowid, text, section_title) VALUES (new.seq, new.text, new.section_title);
END;
