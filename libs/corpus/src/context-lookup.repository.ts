import type Database from 'better-sqlite3';
import { withPageStarts } from './page-starts.codec';
import type { ArticleSummary, ContextBox, ContextDetail, ContextKind, SectionPlace } from './corpus.types';

/** A context with the section and article it sits in, as PLACED_CONTEXT_COLUMNS selects it. */
export interface PlacedContextRecord {
  id: string;
  text: string;
  kind: ContextKind;
  page_number: number;
  page_starts: string | null;
  bbox: string | null;
  section_id: string;
  section_number: string;
  section_title: string;
  article_id: string;
  article_title: string;
}

/** Columns of PlacedContextRecord over `contexts c` joined by PLACED_CONTEXT_JOINS. */
export const PLACED_CONTEXT_COLUMNS = `c.id, c.text, c.kind, c.page_number, c.page_starts, c.bbox, s.id AS section_id, s.section_number, s.section_title,
        a.id AS article_id, a.title AS article_title`;
/** From a context `c` to its section `s` and article `a`. */
export const PLACED_CONTEXT_JOINS = `JOIN section_contexts sc ON sc.context_id = c.id
      JOIN sections s ON s.id = sc.section_id
      JOIN article_sections asn ON asn.section_id = s.id
      JOIN articles a ON a.id = asn.article_id`;

interface ContextDetailRecord extends PlacedContextRecord {
  document_id: string;
}

/** Reads that place one context or section, or size one article (the UI's source view and document list, the agent). */
export class ContextLookupRepository {
  private readonly byId: Database.Statement<[string], ContextDetailRecord>;
  private readonly summaries: Database.Statement<[], ArticleSummary>;
  private readonly summaryOf: Database.Statement<[string], ArticleSummary>;
  private readonly sectionPlace: Database.Statement<[string], SectionPlace>;

  constructor(db: Database.Database) {
    this.byId = db.prepare(`
      SELECT ${PLACED_CONTEXT_COLUMNS}, a.document_id
      FROM contexts c
      ${PLACED_CONTEXT_JOINS}
      WHERE c.id = ?`);
    const summary = `
      SELECT a.id AS articleId, a.title, COUNT(DISTINCT asn.section_id) AS sections, COUNT(sc.context_id) AS contexts
      FROM articles a
      LEFT JOIN article_sections asn ON asn.article_id = a.id
      LEFT JOIN section_contexts sc ON sc.section_id = asn.section_id`;
    this.summaries = db.prepare(`${summary} GROUP BY a.id`);
    this.summaryOf = db.prepare(`${summary} WHERE a.id = ? GROUP BY a.id`);
    this.sectionPlace = db.prepare(`
      SELECT s.id, asn.article_id AS articleId, s.section_number AS number, s.section_title AS title, s.level,
        s.parent_id AS parentId
      FROM article_sections asn JOIN sections s ON s.id = asn.section_id
      WHERE asn.section_id = ?`);
  }

  find(contextId: string): ContextDetail | null {
    const row = this.byId.get(contextId);
    if (!row) return null;
    return {
      id: row.id,
      text: row.text,
      kind: row.kind,
      page: row.page_number,
      ...withPageStarts(row.page_starts),
      box: row.bbox ? (JSON.parse(row.bbox) as ContextBox) : null,
      section: { id: row.section_id, number: row.section_number, title: row.section_title },
      article: { id: row.article_id, title: row.article_title, documentId: row.document_id },
    };
  }

  articleSummaries(): ArticleSummary[] {
    return this.summaries.all();
  }

  articleSummary(articleId: string): ArticleSummary | null {
    return this.summaryOf.get(articleId) ?? null;
  }

  section(sectionId: string): SectionPlace | null {
    return this.sectionPlace.get(sectionId) ?? null;
  }
}
