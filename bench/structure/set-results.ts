import { addCounts, emptyCounts, precisionRecallF1, type Counts, type HeadingCounts, type HeadingMatch } from './structure-scoring';
import { addFrontMatterScores, emptyFrontMatterScores, type FrontMatterScores } from './front-matter-scoring';
import type { GoldHeading } from './structure-gold';

/** Counts of one set (or one document) of `npm run eval:structure`, and the table row they make. */

export interface SetResult {
  set: string;
  docs: number;
  failed: number;
  pages: number;
  seconds: number;
  titleScores: number[];
  authors: Counts;
  headings: HeadingCounts;
  /** Against the line-start gold (outline entries whose title starts a line near their destination), where known. */
  strict: HeadingCounts;
  tables: Counts;
  tableDocs: number;
  /** DOI, year, journal, keywords and abstract against the gold that has them. */
  front: FrontMatterScores;
  /** Each document's own counts, for the dev/held-out rows. */
  perDoc: DocResult[];
}

export interface DocResult extends Omit<SetResult, 'set' | 'perDoc'> {
  heldOut: boolean;
}

export const emptyResult = (): DocResult => ({
  docs: 0,
  failed: 0,
  pages: 0,
  seconds: 0,
  titleScores: [],
  authors: { matched: 0, predicted: 0, gold: 0 },
  headings: emptyCounts(),
  strict: emptyCounts(),
  tables: { matched: 0, predicted: 0, gold: 0 },
  tableDocs: 0,
  front: emptyFrontMatterScores(),
  heldOut: false,
});

/**
 * Counts against the line-start gold: only entries whose title starts a line near their destination are gold; a
 * prediction matched to a dropped entry counts neither way. Gold without that flag (TEI, JATS) counts as it is.
 */
export function strictCounts(match: HeadingMatch, gold: GoldHeading[]): HeadingCounts {
  if (!gold.some((g) => g.startsLine !== undefined)) {
    const { matched, predicted, levelCorrect } = match;
    return { matched, predicted, gold: match.gold, levelCorrect };
  }
  const kept = (g: GoldHeading) => g.startsLine === true;
  const matchedKept = gold.filter((g, k) => match.goldMatched[k] && kept(g)).length;
  const matchedDropped = gold.filter((g, k) => match.goldMatched[k] && !kept(g)).length;
  return {
    matched: matchedKept,
    predicted: match.predicted - matchedDropped,
    gold: gold.filter((g) => kept(g) && g.title.trim()).length,
    levelCorrect: 0,
  };
}

export function combine(set: string, results: Array<Omit<SetResult, 'set' | 'perDoc'> & { perDoc?: DocResult[] }>): SetResult {
  const all = emptyResult();
  for (const r of results) {
    all.docs += r.docs;
    all.failed += r.failed;
    all.pages += r.pages;
    all.seconds += r.seconds;
    all.titleScores.push(...r.titleScores);
    addCounts(all.authors, r.authors);
    addCounts(all.headings, r.headings);
    addCounts(all.strict, r.strict);
    addCounts(all.tables, r.tables);
    all.tableDocs += r.tableDocs;
    addFrontMatterScores(all.front, r.front);
  }
  const perDoc = results.flatMap((r) => r.perDoc ?? ('heldOut' in r ? [r as DocResult] : []));
  return { set, ...all, perDoc };
}

/** The sets "overall" sums: 1, 2 with the outline hidden, 3, 4 and 7 (5, 6 and 8 are read on their own). */
export const IN_OVERALL = /^(1 |2 bookmarks, outline hidden$|3 |4 |7 )/;
/** The sets read on their own, after "overall" in the table: 5, 6, 8 and 8u. */
export const ON_THEIR_OWN = /^([568]|8u) /;

const f = (x: number) => x.toFixed(3);

export function row(r: SetResult): Record<string, string | number> {
  const authors = precisionRecallF1(r.authors);
  const headings = precisionRecallF1(r.headings);
  const tables = precisionRecallF1(r.tables);
  return {
    set: r.set,
    docs: r.docs,
    failed: r.failed,
    pages: r.pages,
    'pages/s': (r.pages / Math.max(r.seconds, 1e-9)).toFixed(1),
    'title F1': r.titleScores.length ? f(r.titleScores.reduce((a, b) => a + b, 0) / r.titleScores.length) : '–',
    'author P / R / F1': r.authors.gold ? `${f(authors.p)} / ${f(authors.r)} / ${f(authors.f1)}` : '–',
    'heading P / R / F1': r.headings.gold ? `${f(headings.p)} / ${f(headings.r)} / ${f(headings.f1)}` : '–',
    'heading F1, line-start gold': r.strict.gold ? f(precisionRecallF1(r.strict).f1) : '–',
    'level acc.': r.headings.matched ? f(r.headings.levelCorrect / r.headings.matched) : '–',
    'table P / R': r.tableDocs ? `${f(tables.p)} / ${f(tables.r)}` : '–',
  };
}
