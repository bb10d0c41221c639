-- Keyword search finds Chinese, Japanese and Korean text: unicode61 made a whole run of Han, kana or Hangul letters one
-- token, so no query word matched inside a sentence. The index now holds lectern_keyword_text(text), each CJK run as
-- its overlapping bigrams and its last letter (libs/text/src/cjk-bigrams.ts; a function Lectern registers on every
-- connection, as better-sqlite3 cannot register an FTS5 tokenizer), other text unchanged, so Latin text is tokenized
-- as before.
-- The indexed text is no longer contexts.text, so the table is contentless rather than external-content (whose
-- 'rebuild' and 'integrity-check' would read contexts.text): its rows are only rowids for MATCH and bm25(); hits,
-- snippets and exports read the text from contexts. A delete names the values indexed, recomputed by the same
-- function (contentless_delete would spare that, but needs SQLite 3.43, and an export must open in older shells).
-- Rebuilt here for every stored context but toc ones (0007): one pass over contexts, once, on the first open; for
-- Latin text about 1.1 times a plain rebuild of the index (~11 s per 100k contexts of ~1,000 characters, 2 cores).

DROP TRIGGER contexts_fts_after_insert;
DROP TRIGGER contexts_fts_after_delete;
DROP TRIGGER contexts_fts_after_update;
DROP TABLE contexts_fts;

CREATE VIRTUAL TABLE contexts_fts USING fts5 (
  text,
  section_title,
  content = '',
  tokenize = 'porter unicode61'
);

INSERT INTO contexts_fts (rowid, text, section_title)
SELECT seq, lectern_keyword_text(text), lectern_keyword_text(section_title) FROM contexts WHERE kind != 'toc' ORDER BY seq;

CREATE TRIGGER contexts_fts_after_insert AFTER INSERT ON contexts WHEN new.kind != 'toc' BEGIN
  INSERT INTO contexts_fts (rowid, text, section_title)
  VALUES (new.seq, lectern_keyword_text(new.text), lectern_keyword_text(new.section_title));
END;

CREATE TRIGGER contexts_fts_after_delete AFTER DELETE ON contexts WHEN old.kind != 'toc' BEGIN
  INSERT INTO contexts_fts (contexts_fts, rowid, text, section_title)
  VALUES ('delete', old.seq, lectern_keyword_text(old.text), lectern_keyword_text(old.section_title));
END;

CREATE TRIGGER contexts_fts_after_update AFTER UPDATE OF text, section_title ON contexts WHEN new.kind != 'toc' BEGIN
  INSERT INTO contexts_fts (contexts_fts, rowid, text, section_title)
  VALUES ('delete', old.seq, lectern_keyword_text(old.text), lectern_keyword_text(old.section_title));
  INSERT INTO contexts_fts (rowid, text, section_title)
  VALUES (new.seq, lectern_keyword_text(new.text), lectern_keyword_text(new.section_title));
END;
