import type Database from 'better-sqlite3';
import type { BibReference } from '@lectern/common';
import { citationResolver } from './citation-links';

interface ReferenceRecord {
  position: number;
  label: string | null;
  raw_text: string;
  authors: string;
  title: string | null;
  year: number | null;
  venue: string | null;
  doi: string | null;
}

/** A stored citation link, for reading: which context cites which reference, and with what marker. */
export interface CitationLinkRow {
  contextId: string;
  referencePosition: number;
  marker: string;
}

/** The section number the parsers give the reference list: its own contexts are not scanned for markers. */
const REFERENCES_SECTION_NUMBER = 'ref';

/**
 * The `references` and `citation_links` tables. Writes run inside the caller's transaction (the article insert);
 * rows go with their article by ON DELETE CASCADE.
 */
export class ReferencesRepository {
  private readonly insertReference: Database.Statement;
  private readonly insertLink: Database.Statement;
  private readonly byArticle: Database.Statement<[string], ReferenceRecord>;
  private readonly linksOfArticle: Database.Statement<[string], CitationLinkRow>;

  constructor(db: Database.Database) {
    this.insertReference = db.prepare(`
      INSERT INTO "references" (article_id, position, label, raw_text, authors, title, year, venue, doi)
      VALUES (@articleId, @position, @label, @raw, @authors, @title, @year, @venue, @doi)`);
    this.insertLink = db.prepare(`
      INSERT OR IGNORE INTO citation_links (context_id, article_id, reference_position, marker) VALUES (?, ?, ?, ?)`);
    this.byArticle = db.prepare<[string], ReferenceRecord>('SELECT * FROM "references" WHERE article_id = ? ORDER BY position');
    this.linksOfArticle = db.prepare<[string], CitationLinkRow>(`
      SELECT context_id AS contextId, reference_position AS referencePosition, marker
      FROM citation_links WHERE article_id = ? ORDER BY reference_position, context_id`);
  }

  /** Stores the reference list and links each context's markers to it. Positions are renumbered 0… in order. */
  insert(articleId: string, references: BibReference[], contexts: Array<{ id: string; text: string; sectionNumber: string }>): void {
    const stored = references.map((r, position) => ({ ...r, position }));
    for (const r of stored) {
      this.insertReference.run({ ...r, articleId, authors: JSON.stringify(r.authors) });
    }
    const linksOf = citationResolver(stored);
    for (const context of contexts) {
      if (context.sectionNumber === REFERENCES_SECTION_NUMBER) continue;
      for (const link of linksOf(context.text)) {
        this.insertLink.run(context.id, articleId, link.referencePosition, link.marker);
      }
    }
  }

  list(articleId: string): BibReference[] {
    return this.byArticle.all(articleId).map((row) => ({
      position: row.position,
      label: row.label,
      raw: row.raw_text,
      authors: JSON.parse(row.authors) as string[],
      title: row.title,
      year: row.year,
      venue: row.venue,
      doi: row.doi,
    }));
  }

  links(articleId: string): CitationLinkRow[] {
    return this.linksOfArticle.all(articleId);
  }
}
