import type Database from 'better-sqlite3';
import { PLACED_CONTEXT_COLUMNS, PLACED_CONTEXT_JOINS, type PlacedContextRecord } from './context-lookup.repository';
import type { ContextBox, CorpusHit } from './corpus.types';
import { keywordTerms } from './fts-query';
import { withPageStarts } from './page-starts.codec';
import { KeywordIndex, PRUNE_FROM_CONTEXTS } from './keyword-index';
import type { KeywordThread } from './keyword-thread';
import type { VectorIndex } from './vector-index';

interface HitRecord extends PlacedContextRecord {
  seq: number;
}

/** A context of a ranking by its seq, before it is read into a hit. */
export interface RankedContext {
  rowid: number;
  score: number;
}

/** Restricts a search to some articles' contexts (`articleIds` on search, chat and explore). */
export interface SearchScope {
  articleIds?: readonly string[];
}

/** Keyword (FTS5) and vector (sqlite-vec) search over contexts, hydrated into hits with one query. */
export class ContextSearchRepository {
  private readonly keywords: KeywordIndex;
  private readonly hydrate: Database.Statement<[string], HitRecord>;
  private readonly seqsOfArticles: Database.Statement<[string], number>;

  /** `thread`: the keyword leg's worker threads on this database's file, or null where none can run (KeywordThread.for). */
  constructor(
    private readonly db: Database.Database,
    private readonly vectors: VectorIndex,
    private readonly thread: KeywordThread | null,
  ) {
    this.keywords = new KeywordIndex(db);
    // json_each keeps the ranked order (its key is the array index) while fetching every hit in one query.
    this.hydrate = db.prepare(`
      SELECT c.seq, ${PLACED_CONTEXT_COLUMNS}
      FROM json_each(?) AS ranked
      JOIN contexts c ON c.seq = ranked.value
      ${PLACED_CONTEXT_JOINS}
      ORDER BY ranked.key`);
    this.seqsOfArticles = db
      .prepare(
        `SELECT c.seq FROM article_sections asn
         JOIN section_contexts sc ON sc.section_id = asn.section_id
         JOIN contexts c ON c.id = sc.context_id
         WHERE asn.article_id IN (SELECT value FROM json_each(?))`,
      )
      .pluck() as Database.Statement<[string], number>;
  }

  keyword(query: string, k: number, exact = false, scope: SearchScope = {}): CorpusHit[] {
    return this.hits(this.keywordRanking(query, k, exact, scope));
  }

  /** `keyword`'s ranking, not yet read into hits (see `hits`). */
  keywordRanking(query: string, k: number, exact = false, scope: SearchScope = {}): RankedContext[] {
    const terms = keywordTerms(query);
    const within = this.scopedSeqs(scope);
    return within ? this.keywords.within(terms, k, within) : this.keywords.top(terms, k, exact);
  }

  /**
   * `keyword` for a hybrid search: on a large corpus it runs on the keyword thread, so the caller can embed the
   * query and scan vectors meanwhile. Small corpora, scoped searches and searches inside a transaction of this
   * connection (whose rows the thread cannot see) run here; so does a search whose thread failed.
   */
  async keywordConcurrently(query: string, k: number, scope: SearchScope = {}): Promise<CorpusHit[]> {
    return this.hits(await this.keywordRankingConcurrently(query, k, scope));
  }

  /** `keywordConcurrently`'s ranking, not yet read into hits (see `hits`). */
  async keywordRankingConcurrently(query: string, k: number, scope: SearchScope = {}): Promise<RankedContext[]> {
    const terms = keywordTerms(query);
    if (!this.thread || scope.articleIds || terms.length < 2 || k <= 0 || this.db.inTransaction)
      return this.keywordRanking(query, k, false, scope);
    if (this.keywords.indexedRows() < PRUNE_FROM_CONTEXTS) return this.keywordRanking(query, k, false, scope);
    try {
      return await this.thread.top(terms, k);
    } catch {
      return this.keywordRanking(query, k, false, scope);
    }
  }

  /** Rows in the full-text index and the rows holding each term (cached per committed state; see KeywordIndex). */
  termCounts(terms: readonly string[]): { rows: number; holding: Map<string, number> } {
    return this.keywords.termCounts(terms);
  }

  close(): void {
    void this.thread?.close();
  }

  vector(vector: Float32Array, k: number, exact = false, scope: SearchScope = {}): CorpusHit[] {
    return this.hits(this.vectorRanking(vector, k, exact, scope));
  }

  /** `vector`'s ranking, not yet read into hits (see `hits`). */
  vectorRanking(vector: Float32Array, k: number, exact = false, scope: SearchScope = {}): RankedContext[] {
    if (k <= 0) return [];
    const within = this.scopedSeqs(scope);
    return within ? this.vectors.nearestAmong(vector, k, within) : this.vectors.nearest(vector, k, exact);
  }

  /** The contexts of the scope's articles (null: no scope, the whole corpus). An article's few hundred rows are scored exactly. */
  private scopedSeqs(scope: SearchScope): number[] | null {
    if (!scope.articleIds) return null;
    return this.seqsOfArticles.all(JSON.stringify(scope.articleIds));
  }

  /**
   * The hits of a ranking, in its order and with its scores (a context removed since it was ranked is left out).
   * Hybrid search fuses the legs' rankings first and reads only the fused top k.
   */
  hits(ranked: readonly RankedContext[]): CorpusHit[] {
    if (ranked.length === 0) return [];
    const scores = new Map(ranked.map((row) => [row.rowid, row.score]));
    return this.hydrate.all(JSON.stringify(ranked.map((row) => row.rowid))).map((row) => ({
      contextId: row.id,
      text: row.text,
      score: scores.get(row.seq) ?? 0,
      page: row.page_number,
      ...withPageStarts(row.page_starts),
      kind: row.kind,
      box: row.bbox ? (JSON.parse(row.bbox) as ContextBox) : null,
      article: { id: row.article_id, title: row.article_title },
      section: { id: row.section_id, number: row.section_number, title: row.section_title },
    }));
  }
}
