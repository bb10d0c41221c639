import type Database from 'better-sqlite3';
import { anyOfTerms as anyOf } from './fts-query';

/** BM25 weight of section_title relative to text: a heading match counts, but less than the passage itself. */
const SECTION_TITLE_WEIGHT = 0.5;

/**
 * Below this many contexts the plain BM25 query is fast enough (~15 ms at 100k for a question with common words);
 * above it, common terms are first searched only alongside rarer ones (see KeywordIndex.top).
 */
export const PRUNE_FROM_CONTEXTS = 20_000;
/**
 * A term in more than this share of the contexts is "common". At 1M synthetic contexts 5% halves the p50 of the
 * plain query (2%: about the same, 10%: 15% slower) and settles most questions with a common term (38 of 47) at
 * the first split.
 */
export const COMMON_TERM_SHARE = 0.05;

/** FTS5's bm25() k1 (fixed in SQLite): one term adds at most idf × (k1 + 1) to a passage's score, however often it occurs. */
const MAX_TERM_FACTOR = 1.2 + 1;

/**
 * Rows a keyword search scores at most before it answers approximately (see KeywordIndex.pruned): BM25 scoring costs
 * a few µs a row, so this bounds the keyword leg to tens of ms however common the question's words are.
 */
export const MAX_SCORED_ROWS = 20_000;

/** Splits tried before the plain query: each costs two queries, and the second settles most the first did not. */
const MAX_SPLITS = 2;

/** FTS5 keeps its row count first in the averages record, rowid 1 of the `%_data` table. */
const AVERAGES_ROWID = 1;

export interface KeywordMatch {
  rowid: number;
  /** The BM25 score, higher is better (FTS5's bm25() negated). */
  score: number;
}

/**
 * BM25 top k over `contexts_fts`, with the same result as one `MATCH 'a OR b OR …' ORDER BY rank` query but
 * less work when the question has common words.
 *
 * The plain query scores every row that holds any term, and a word like "data" or "method" is in a fifth of the
 * passages: at 1M contexts that is 150–300 ms of scoring for rows that cannot make the top k. Here (the MaxScore
 * idea of text retrieval engines) the terms are split into rare and common by how many rows hold them, and two
 * queries score only the rows holding a rare term: `(rare) AND (common)` and `(rare) NOT (common)`. Both name every
 * term once, so FTS5 gives each such row the score the plain query would (summed in another order, so equal to
 * the last bits; rows with equal scores may swap places). A row without any rare term scores less than the sum over
 * the common terms of idf × (k1 + 1); when the k-th score found reaches that ceiling, no such row can enter the top
 * k and the answer is the plain query's. Otherwise the rarest common term moves to the rare side and the split is
 * tried once more; then the plain query runs. All of it reads one snapshot, so a commit of the ingest worker in
 * between cannot mix row counts, frequencies and scores of different states.
 */
export class KeywordIndex {
  private readonly ranked: Database.Statement<[string, number], { rowid: number; negatedScore: number }>;
  private readonly rankedInRange: Database.Statement<[string, number, number], { rowid: number; negatedScore: number }>;
  private readonly inSnapshot: (terms: readonly string[], k: number) => KeywordMatch[];
  private readonly rowsHolding: Database.Statement<[string], number>;
  private readonly averages: Database.Statement<[number], Buffer | undefined>;
  /** How searches were answered: by a rare/common split, or by the plain query (for the benchmark and tests). */
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
    this.averages = db.prepare('SELECT block FROM contexts_fts_data WHERE id = ?').pluck() as Database.Statement<
      [number],
      Buffer | undefined
    >;
    // A deferred transaction only reads: one WAL snapshot for every statement of a search (a savepoint when nested).
    this.inSnapshot = db.transaction((terms: readonly string[], k: number) => this.pruned(terms, k));
  }

  /**
   * The k best rows for any of `terms` (plain words: each is searched as a quoted phrase), best first. `exact`
   * runs the plain query (the reference the pruned path is tested against).
   */
  top(terms: readonly string[], k: number, exact = false): KeywordMatch[] {
    if (terms.length === 0 || k <= 0) return [];
    if (exact || terms.length < 2) return this.plain(terms, k);
    return this.inSnapshot(terms, k);
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
    return found.sort((x, y) => y.score - x.score || x.rowid - y.rowid).slice(0, k);
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
   * Rows in the index and, per term, the rows holding it, from the counts the pruned search keeps (one FTS5 count
   * per term until the next commit that changes the totals): what makes a question's word rare (TermRarityReader).
   */
  termCounts(terms: readonly string[]): { rows: number; holding: Map<string, number> } {
    const rows = this.indexedRows();
    return { rows, holding: rows === 0 ? new Map(terms.map((term) => [term, 0])) : this.rowsHoldingEach(terms) };
  }

  private pruned(terms: readonly string[], k: number): KeywordMatch[] {
    const rows = this.indexedRows();
    if (rows === 0 || rows < this.pruneFromContexts) return this.plain(terms, k);
    const holding = this.rowsHoldingEach(terms);
    const byRarity = [...terms].sort((a, b) => holding.get(a)! - holding.get(b)!);
    const rowsOf = (list: readonly string[]) => list.reduce((sum, term) => sum + holding.get(term)!, 0);
    const rareCount = byRarity.filter((term) => holding.get(term)! <= COMMON_TERM_SHARE * rows).length;
    let tried = 0;
    let bounded: KeywordMatch[] | null = null;
    for (let split = Math.max(1, rareCount); split < byRarity.length && tried < MAX_SPLITS; split++) {
      const rareRows = rowsOf(byRarity.slice(0, split));
      if (rareRows < k) continue; // cannot fill k: a common term has to join the rare side
      if (rareRows > this.maxScoredRows) break; // a larger rare side only scores more rows
      tried++;
      const found = this.split(byRarity.slice(0, split), byRarity.slice(split), k);
      const ceiling = byRarity.slice(split).reduce((sum, term) => sum + idf(rows, holding.get(term)!) * MAX_TERM_FACTOR, 0);
      if (found.length === k && found[k - 1].score >= ceiling) {
        this.answeredBy.split++;
        return found;
      }
      if (found.length === k) bounded = found;
    }
    // The plain query scores every row holding any term: fine while that is within the budget.
    if (rowsOf(byRarity) <= this.maxScoredRows) return this.plain(terms, k);
    bounded ??= this.boundedSplit(byRarity, rowsOf, k);
    if (bounded) {
      this.answeredBy.bounded++;
      return bounded;
    }
    return this.plain(terms, k);
  }

  /**
   * Over the budget, the answer is approximate: only rows holding one of the rarest terms (as many as fit in
   * `maxScoredRows`) are scored, by every term; rows holding common terms only are left out. When even the rarest
   * term is over the budget, only rows holding both of the two rarest terms are scored. Null when that cannot fill k.
   */
  private boundedSplit(byRarity: readonly string[], rowsOf: (terms: readonly string[]) => number, k: number): KeywordMatch[] | null {
    let split = 0;
    while (split + 1 < byRarity.length && rowsOf(byRarity.slice(0, split + 1)) <= this.maxScoredRows) split++;
    if (split > 0) {
      const found = this.split(byRarity.slice(0, split), byRarity.slice(split), k);
      if (found.length === k) return found;
    }
    const [first, second, ...rest] = byRarity;
    const both = `${anyOf([first])} AND ${anyOf([second])}`;
    const found = rest.length === 0 ? this.query(both, k) : this.split([], rest, k, both);
    return found.length === k ? found : null;
  }

  /**
   * The k best rows holding a rare term, scored by every term: `(rare) AND (common)` and `(rare) NOT (common)` name
   * each term once, so FTS5 gives each row the score of the plain query. `required` replaces `(rare)` by any
   * expression that already names its terms.
   */
  private split(rare: readonly string[], common: readonly string[], k: number, required = `(${anyOf(rare)})`): KeywordMatch[] {
    return mergeBest(this.query(`${required} AND (${anyOf(common)})`, k), this.query(`${required} NOT (${anyOf(common)})`, k), k);
  }

  /**
   * How many rows hold each term. Counting a term reads its whole row list (a few ms for a common word at 1M), so
   * counts are kept until FTS5's totals record changes, i.e. until the next commit that adds or removes rows.
   */
  private rowsHoldingEach(terms: readonly string[]): Map<string, number> {
    const totals = this.averages.get(AVERAGES_ROWID);
    if (!totals || !this.countsFor || !totals.equals(this.countsFor)) {
      this.counts.clear();
      this.countsFor = totals ?? null;
    }
    for (const term of terms) if (!this.counts.has(term)) this.counts.set(term, this.rowsHolding.get(anyOf([term]))!);
    return new Map(terms.map((term) => [term, this.counts.get(term)!]));
  }

  private plain(terms: readonly string[], k: number): KeywordMatch[] {
    this.answeredBy.plain++;
    return this.query(anyOf(terms), k);
  }

  private query(match: string, k: number): KeywordMatch[] {
    return this.ranked.all(match, k).map((row) => ({ rowid: row.rowid, score: -row.negatedScore }));
  }
}

/** FTS5's inverse document frequency (its bm25() floors it at 1e-6 for terms in over half the rows). */
export function idf(rows: number, holding: number): number {
  const value = Math.log((rows - holding + 0.5) / (holding + 0.5));
  return value <= 0 ? 1e-6 : value;
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

/** The two lists hold disjoint rows, each best first. */
function mergeBest(a: KeywordMatch[], b: KeywordMatch[], k: number): KeywordMatch[] {
  return [...a, ...b].sort((x, y) => y.score - x.score || x.rowid - y.rowid).slice(0, k);
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
