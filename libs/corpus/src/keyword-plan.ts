import { anyOfTerms as anyOf } from './fts-query';

/** FTS5's bm25() k1 (fixed in SQLite): one term adds at most idf × (k1 + 1) to a passage's score, however often it occurs. */
const MAX_TERM_FACTOR = 1.2 + 1;

export interface KeywordMatch {
  rowid: number;
  /** The BM25 score, higher is better (FTS5's bm25() negated). */
  score: number;
}

/**
 * How a keyword search is answered. `plain`: one `MATCH` naming every term. `split`: two queries that score only
 * the rows matching `required` (the rarest terms), each by every term — `rareOnly` names the required terms alone
 * (cheap: FTS5's bm25() counts the rows of each term it names on every query, and the rare terms have few), and
 * `withCommon` (`required AND (common)`) names every term once. `mergeSplit` joins them into the exact top k of the
 * rows matching `required`; any other row scores at most `ceiling`.
 */
export type KeywordPlan = { kind: 'plain'; match: string } | { kind: 'split'; rareOnly: string; withCommon: string; ceiling: number };

/**
 * The plan for `terms` on an index of `rows` rows where `holding(term)` rows hold each term: the plain query while
 * every term's rows together fit in `maxScoredRows`, else a split whose rare side holds as many of the rarest terms
 * as fit (when even the rarest does not, rows holding both of the two rarest). When the rare side cannot fill k,
 * the plain query (the exact answer, unbounded).
 */
export function planKeywordSearch(
  terms: readonly string[],
  k: number,
  rows: number,
  holding: (term: string) => number,
  maxScoredRows: number,
): KeywordPlan {
  const plain: KeywordPlan = { kind: 'plain', match: anyOf(terms) };
  if (terms.length < 2) return plain;
  // Ties by term, so two connections reading the same counts make the same plan (KeywordThread's two halves).
  const byRarity = [...terms].sort((a, b) => holding(a) - holding(b) || (a < b ? -1 : a > b ? 1 : 0));
  const rowsOf = (list: readonly string[]) => list.reduce((sum, term) => sum + holding(term), 0);
  if (rowsOf(byRarity) <= maxScoredRows) return plain;
  const bound = (list: readonly string[]) => list.reduce((sum, term) => sum + idf(rows, holding(term)) * MAX_TERM_FACTOR, 0);
  let split = 0;
  while (split + 1 < byRarity.length && rowsOf(byRarity.slice(0, split + 1)) <= maxScoredRows) split++;
  if (split > 0) {
    if (rowsOf(byRarity.slice(0, split)) < k) return plain;
    const common = byRarity.slice(split);
    const required = `(${anyOf(byRarity.slice(0, split))})`;
    return { kind: 'split', rareOnly: required, withCommon: `${required} AND (${anyOf(common)})`, ceiling: bound(common) };
  }
  // Even the rarest term is over the budget: rows holding both of the two rarest; a row missing one of them scores
  // at most the bound of the other terms, the rarer of the two included.
  const [first, second, ...rest] = byRarity;
  const required = `${anyOf([first])} AND ${anyOf([second])}`;
  const ceiling = bound([first, ...rest]);
  if (rest.length === 0) return { kind: 'split', rareOnly: required, withCommon: required, ceiling };
  return { kind: 'split', rareOnly: required, withCommon: `${required} AND (${anyOf(rest)})`, ceiling };
}

/**
 * The exact top k of the rows matching the split's required terms, from `withCommon`'s top k (rows that also hold
 * a common term, every term scored) and `rareOnly`'s top 2k (every such row, scored by the rare terms alone). A row
 * of `rareOnly` missing from `withCommon`'s rows but scoring above its k-th holds no common term (else the common
 * terms would have put it among them), so its rare score is its whole score; and 2k rows of `rareOnly` hold at least
 * k such rows.
 */
export function mergeSplit(withCommon: readonly KeywordMatch[], rareOnly: readonly KeywordMatch[], k: number): KeywordMatch[] {
  const taken = new Set(withCommon.map((m) => m.rowid));
  const floor = withCommon.length >= k ? withCommon[k - 1].score : Number.NEGATIVE_INFINITY;
  const alone = rareOnly.filter((m) => !taken.has(m.rowid) && m.score > floor);
  return [...withCommon, ...alone].sort(byScore).slice(0, k);
}

/** Rows of `rareOnly` a split needs (see mergeSplit). */
export function rareOnlyDepth(k: number): number {
  return 2 * k;
}

export function byScore(x: KeywordMatch, y: KeywordMatch): number {
  return y.score - x.score || x.rowid - y.rowid;
}

/** FTS5's inverse document frequency (its bm25() floors it at 1e-6 for terms in over half the rows). */
export function idf(rows: number, holding: number): number {
  const value = Math.log((rows - holding + 0.5) / (holding + 0.5));
  return value <= 0 ? 1e-6 : value;
}
