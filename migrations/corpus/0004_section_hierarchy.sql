-- Section hierarchy: each section points at the section it belongs to (null for a top-level one). The rule is the
-- outline's reading order: a section's parent is the nearest section before it in its article with a lower level
-- (`2.1` under `2`, a level-3 bookmark under the level-2 one above it). `level` (since 0001) stays the depth as the
-- parser gave it; parent_id is derived from it, here for the sections already stored and by a trigger for new
-- ones, so every writer (ingest, hand-off commit, import) gets it without computing it.

ALTER TABLE sections ADD COLUMN parent_id TEXT REFERENCES sections (id) ON DELETE SET NULL;

CREATE INDEX sections_by_parent ON sections (parent_id);

UPDATE sections SET parent_id = (
  SELECT p.section_id FROM article_sections me
  JOIN article_sections p ON p.article_id = me.article_id AND p.position < me.position
  JOIN sections ps ON ps.id = p.section_id
  WHERE me.section_id = sections.id AND ps.level < sections.level
  ORDER BY p.position DESC LIMIT 1
);

-- The repository inserts a section, then its article_sections row (which gives its position): the parent is known
-- from that row on.
CREATE TRIGGER sections_parent_after_position AFTER INSERT ON article_sections BEGIN
  UPDATE sections SET parent_id = (
    SELECT p.section_id FROM article_sections p
    JOIN sections ps ON ps.id = p.section_id
    WHERE p.article_id = NEW.article_id AND p.position < NEW.position
      AND ps.level < (SELECT level FROM sections WHERE id = NEW.section_id)
    ORDER BY p.position DESC LIMIT 1
  )
  WHERE id = NEW.section_id;
END;
