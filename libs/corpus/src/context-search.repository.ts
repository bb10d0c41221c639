import type Database from 'better-sqlite3';
import { queryTerms } from '@lectern/text';
import { PLACED_CONTEXT_COLUMNS, PLACED_CONTEXT_JOINS, type PlacedContextRecord } from './context-lookup.repository';
import type { ContextBox, CorpusHit } from './corpus.types';
import { KeywordIndex } from './keyword-index';
import type { VectorIndex } from './vector-index';

interface HitRecord extends PlacedContextRecord {
  seq: number;
}

/** Keyword (FTS5) and vector (sqlite-vec) search over contexts, hydrated into hits with one query. */
export class ContextSearchRepository {
  private readonly keywords: KeywordIndex;
  private readonly hydrate: Database.Statement<[string], HitRecord>;

  constructor(
    db: Database.Database,
    private readonly vectors: VectorIndex,
  ) {
    this.keywords = new KeywordIndex(db);
    // json_each keeps the ranked order (its key is the array index) while fetching every hit in one query.
    this.hydrate = db.prepare(`
      SELECT c.seq, ${PLACED_CONTEXT_COLUMNS}
      FROM json_each(?) AS ranked
      JOIN contexts c ON c.seq = ranked.value
      ${PLACED_CONTEXT_JOINS}
      ORDER BY ranked.key`);
  }

  keyword(query: string, k: number, exact = false): CorpusHit[] {
    return this.toHits(this.keywords.top(queryTerms(query), k, exact));
  }

  vector(vector: Float32Array, k: number, exact = false): CorpusHit[] {
    if (k <= 0) return [];
    return this.toHits(this.vectors.nearest(vector, k, exact));
  }

  private toHits(ranked: Array<{ rowid: number; score: number }>): CorpusHit[] {
    if (ranked.length === 0) return [];
    const scores = new Map(ranked.map((row) => [row.rowid, row.score]));
    return this.hydrate.all(JSON.stringify(ranked.map((row) => row.rowid))).map((row) => ({
      contextId: row.id,
      text: row.text,
      score: scores.get(row.seq) ?? 0,
      page: row.page_number,
      kind: row.kind,
      box: row.bbox ? (JSON.parse(row.bbox) as ContextBox) : null,
      article: { id: row.article_id, title: row.article_title },
      section: { id: row.section_id, number: row.section_number, title: row.section_title },
    }));
  }
}
