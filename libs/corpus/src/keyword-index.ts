import type Database from 'better-sqlite3';
import { anyOfTerms as anyOf } from './fts-query';
import { FtsTermRows } from './fts-term-rows';
import type { TermCountShare } from './keyword-count-share';
import { byScore, type KeywordMatch, type KeywordPlan, mergeSplit, planKeywordSearch, rareOnlyDepth } from './keyword-plan';

export { idf, type KeywordMatch } from './keyword-plan';

/** BM25 weight of section_title relative to text: a heading match counts, but less than the passage itself. */
const SECTION_TITLE_WEIGHT = 0.5;

/**
 * Below this many contexts the plain BM25 query is fast enough (~15 ms at 100k for a question with common words);
 * above it, common terms are searched only alongside rarer ones (see KeywordIndex.top).
 */
export const PRUNE_FROM_CONTEXTS = 20_000;

/**
 * Rows a keyword search scores at most before it answers approximately (see planKeywordSearch), as a share of the
 * rows and in all: BM25 scoring costs about a µs a row, so this bounds the keyword leg's scoring however common the
 * question's words are. Measured on the bench's synthetic 1M corpus (60 questions, against the plain query):
 * recall@10 0.972 at 30,000 rows, 0.998 at 50,000, 1.0 at 70,000, each slower than the last; hybrid recall@10 in
 * the bench was 0.947 at 50,000 and 0.973 at 100,000 (bench/RESULTS.md). Picked on those numbers, not held out.
 * Hybrid recall@10 against hybrid of the references, 60 queries (bench/keyword-bound-sweep.ts): 0.885 at
 * 20,000, 0.910 at 30,000, 0.925 at 40,000, 0.935 at 50,000, 0.957 at 70,000 — no lower bound keeps 0.95.
 */
export const MAX_SCORED_SHARE = 0.1;
export const MAX_SCORED_ROWS = 70_000;

/** FTS5 keeps its row count first in the averages record, rowid 1 of the `%_data` table. */
const AVERAGES_ROWID = 1;

/** Which of a split's two queries a KeywordThread worker runs (see KeywordIndex.half). */
export type KeywordHalf = 'rare' | 'common';

/** Counts shared with the thread running the other half, in the search's round (see TermCountShare). */
export interface SharedCounts {
  share: TermCountShare;
  round: number;
}

export interface KeywordHalfAnswer {
  matches: KeywordMatch[];
  /** Whether the plan was a split: else `common` holds the whole answer and `rare` nothing. */
  split: boolean;
  /** FTS5's totals record when the half was read: two halves merge only when read from the same state. */
  totals: Uint8Array | null;
  /** The split's two queries ('' when not a split): two halves merge only when planned from the same counts. */
  plan: string;
}

/**
 * BM25 top k over `contexts_fts`, with the plain `MATCH 'a OR b OR …' ORDER BY rank` query's result while it is cheap,
 * and with bounded work when the question has common words.
 *
 * The plain query scores every row holding any term, and a word like "data" or "method" is in a fifth of the
 * passages; FTS5's bm25() also reads every named term's whole row list on each query to count its rows. Past
 * `maxScoredRows` rows, the terms split into the rarest (as many as fit) and the common rest (planKeywordSearch),
 * and two queries score only the rows holding a rare term: one naming the rare terms alone, so the common terms'
 * lists are not counted there, and `(rare) AND (common)`, which names every term once and so scores each of its
 * rows as the plain query would. mergeSplit makes them the exact top k of the rows holding a rare term. A row
 * without any rare term scores at most the common terms' sum of idf × (k1 + 1): when the k-th score reaches it, the
 * answer is the plain query's (`answeredBy.split`), else it is approximate (`answeredBy.bounded`). Each search reads
 * one snapshot, so a commit of the ingest worker in between cannot mix row counts and scores of different states.
 */
export class KeywordIndex {
  private readonly ranked: Database.Statement<[string, number], { rowid: number; negatedScore: number }>;
  private readonly rankedInRange: Database.Statement<[string, number, number], { rowid: number; negatedScore: number }>;
  private readonly inSnapshot: (terms: readonly string[], k: number) => KeywordMatch[];
  private readonly halfInSnapshot: (terms: readonly string[], k: number, half: KeywordHalf, shared?: SharedCounts) => KeywordHalfAnswer;
  private readonly rowsHolding: Database.Statement<[string], number>;
  private readonly termRows: FtsTermRows;
  private readonly averages: Database.Statement<[number], Buffer | undefined>;
  /** How searches were answered: exactly by a split, approximately by one, or by the plain query (for the benchmark). */
  readonly answeredBy = { split: 0, bounded: 0, plain: 0 };
  private readonly counts = new Map<string, number>();
  private countsFor: Buffer | null = null;

  constructor(
    db: Database.Database,
    private readonly pruneFromContexts = PRUNE_FROM_CONTEXTS,
    private readonly maxScoredRows = MAX_SCORED_ROWS,
  ) {
    this.ranked = db.prepare(`
      SELECT rowid, bm25(contexts_fts, 1.0, ${SECTION_TITLE_WEIGHT}) AS negatedScore
      FROM contexts_fts WHERE contexts_fts MATCH ? ORDER BY negatedScore LIMIT ?`);
    // A rowid range is one FTS5 scan; a rowid IN list would be one scan per row, each recounting every term's rows.
    this.rankedInRange = db.prepare(`
      SELECT rowid, bm25(contexts_fts, 1.0, ${SECTION_TITLE_WEIGHT}) AS negatedScore
      FROM contexts_fts WHERE contexts_fts MATCH ? AND rowid BETWEEN ? AND ? ORDER BY negatedScore`);
    this.rowsHolding = db.prepare('SELECT count(*) FROM contexts_fts WHERE contexts_fts MATCH ?').pluck() as Database.Statement<
      [string],
      number
    >;
    this.termRows = new FtsTermRows(db, 'contexts_fts', (term) => this.rowsHolding.get(anyOf([term]))!);
    this.averages = db.prepare('SELECT block FROM contexts_fts_data WHERE id = ?').pluck() as Database.Statement<
      [number],
      Buffer | undefined
    >;
    // A deferred transaction only reads: one WAL snapshot for every statement of a search (a savepoint when nested).
    this.inSnapshot = db.transaction((terms: readonly string[], k: number) => this.planned(terms, k));
    this.halfInSnapshot = db.transaction((terms: readonly string[], k: number, half: KeywordHalf, shared?: SharedCounts) =>
      this.halfOf(terms, k, half, shared),
    );
  }

  /**
   * The k best rows for any of `terms` (plain words: each is searched as a quoted phrase), best first. `exact`
   * runs the plain query (the reference the bounded path is measured against).
   */
  top(terms: readonly string[], k: number, exact = false): KeywordMatch[] {
    if (terms.length === 0 || k <= 0) return [];
    if (exact || terms.length < 2) return this.plain(anyOf(terms), k);
    return this.inSnapshot(terms, k);
  }

  /**
   * One of the two queries of `top`'s plan, for a thread that runs the other meanwhile: `common` is the plain answer
   * when the plan is not a split; mergeSplit joins the two halves of a split into `top`'s answer. With `shared`, the
   * terms' rows are counted together with the thread running the other half, each term once.
   */
  half(terms: readonly string[], k: number, half: KeywordHalf, shared?: SharedCounts): KeywordHalfAnswer {
    if (terms.length === 0 || k <= 0) return { matches: [], split: false, totals: null, plan: '' };
    return this.halfInSnapshot(terms, k, half, shared);
  }

  /**
   * The k best of the rows `seqs` for any of `terms` (a scoped search: the same scores as `top`, other rows left out).
   * An article's contexts have consecutive seqs (inserted in one transaction), so the rows fall into a few spans;
   * each span is ranked by one query and rows of other articles inside it are skipped.
   */
  within(terms: readonly string[], k: number, seqs: readonly number[]): KeywordMatch[] {
    if (terms.length === 0 || k <= 0 || seqs.length === 0) return [];
    const wanted = new Set(seqs);
    const match = anyOf(terms);
    const found: KeywordMatch[] = [];
    for (const [from, to] of seqSpans(seqs)) {
      let taken = 0;
      for (const row of this.rankedInRange.iterate(match, from, to)) {
        if (!wanted.has(row.rowid)) continue;
        found.push({ rowid: row.rowid, score: -row.negatedScore });
        if (++taken === k) break;
      }
    }
    return found.sort(byScore).slice(0, k);
  }

  /**
   * Rows in the full-text index as FTS5's bm25() counts them; 0 when the index is empty. FTS5 writes this record
   * when a transaction commits, so inside an open write transaction it lags that transaction's own inserts.
   */
  indexedRows(): number {
    const block = this.averages.get(AVERAGES_ROWID);
    return block ? readVarint(block) : 0;
  }

  /**
   * Rows in the index and, per term, the rows holding it, from the counts the pruned search keeps (exact, from
   * FTS5's vocabulary, cached until the next commit that changes the totals): what makes a question's word rare
   * (TermRarityReader).
   */
  termCounts(terms: readonly string[]): { rows: number; holding: Map<string, number> } {
    const rows = this.indexedRows();
    if (rows === 0) return { rows, holding: new Map(terms.map((term) => [term, 0])) };
    return { rows, holding: this.rowsHoldingEach(terms) };
  }

  private plan(terms: readonly string[], k: number, shared?: SharedCounts): KeywordPlan {
    const rows = this.indexedRows();
    if (rows === 0 || rows < this.pruneFromContexts || terms.length < 2) return { kind: 'plain', match: anyOf(terms) };
    const budget = Math.min(this.maxScoredRows, Math.ceil(MAX_SCORED_SHARE * rows));
    const holding = this.rowsHoldingEach(terms, shared);
    return planKeywordSearch(terms, k, rows, (term) => holding.get(term)!, budget);
  }

  private planned(terms: readonly string[], k: number): KeywordMatch[] {
    const plan = this.plan(terms, k);
    if (plan.kind === 'plain') return this.plain(plan.match, k);
    const found = mergeSplit(this.query(plan.withCommon, k), this.query(plan.rareOnly, rareOnlyDepth(k)), k);
    if (found.length === k && found[k - 1].score >= plan.ceiling) this.answeredBy.split++;
    else this.answeredBy.bounded++;
    return found;
  }

  private halfOf(terms: readonly string[], k: number, half: KeywordHalf, shared?: SharedCounts): KeywordHalfAnswer {
    const totals = this.averages.get(AVERAGES_ROWID) ?? null;
    const plan = this.plan(terms, k, shared);
    if (plan.kind === 'plain') return { matches: half === 'common' ? this.query(plan.match, k) : [], split: false, totals, plan: '' };
    const matches = half === 'common' ? this.query(plan.withCommon, k) : this.query(plan.rareOnly, rareOnlyDepth(k));
    return { matches, split: true, totals, plan: `${plan.rareOnly}\n${plan.withCommon}` };
  }

  /**
   * How many rows hold each term, exactly (FtsTermRows). Counting reads a term's row list (a few ms for a common word
   * at 1M), so counts are kept until FTS5's totals record changes, i.e. until the next commit that adds or removes rows.
   * With `shared`, the other half's thread counts some of them (TermCountShare: only counts read under these totals).
   */
  private rowsHoldingEach(terms: readonly string[], shared?: SharedCounts): Map<string, number> {
    const totals = this.averages.get(AVERAGES_ROWID);
    if (!totals || !this.countsFor || !totals.equals(this.countsFor)) {
      this.counts.clear();
      this.countsFor = totals ?? null;
    }
    const cachedOrCounted = (list: readonly string[]): Map<string, number> => {
      const fresh = list.filter((term) => !this.counts.has(term));
      if (fresh.length > 0) for (const [term, count] of this.termRows.count(fresh)) this.counts.set(term, count);
      return new Map(list.map((term) => [term, this.counts.get(term)!]));
    };
    if (!shared || !totals) return cachedOrCounted(terms);
    const counted = shared.share.count(shared.round, terms, totals, cachedOrCounted);
    for (const [term, count] of counted) this.counts.set(term, count);
    return counted;
  }

  private plain(match: string, k: number): KeywordMatch[] {
    this.answeredBy.plain++;
    return this.query(match, k);
  }

  private query(match: string, k: number): KeywordMatch[] {
    return this.ranked.all(match, k).map((row) => ({ rowid: row.rowid, score: -row.negatedScore }));
  }
}

/** Rows of other articles a span may take in rather than be split (they are ranked and skipped). */
const SPAN_GAP = 256;

/** Sorted seqs as inclusive [from, to] spans, splitting only at gaps wider than SPAN_GAP. */
export function seqSpans(seqs: readonly number[]): Array<[number, number]> {
  const sorted = [...seqs].sort((a, b) => a - b);
  const spans: Array<[number, number]> = [];
  for (const seq of sorted) {
    const last = spans[spans.length - 1];
    if (last && seq - last[1] <= SPAN_GAP) last[1] = seq;
    else spans.push([seq, seq]);
  }
  return spans;
}

/** An SQLite varint (big-endian, 7 bits a byte, a ninth byte of 8 bits), as FTS5 writes its record fields. */
export function readVarint(bytes: Uint8Array, offset = 0): number {
  let value = 0;
  for (let i = 0; i < 9 && offset + i < bytes.length; i++) {
    const byte = bytes[offset + i];
    if (i === 8) return value * 256 + byte;
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) return value;
  }
  return value;
}
