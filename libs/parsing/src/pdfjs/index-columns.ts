import type { FlowLine } from './layout.types';

/** One column of an index page: flow indexes top to bottom, and the column's x extent. */
export interface IndexColumn {
  page: number;
  left: number;
  right: number;
  lines: number[];
}

/** An index's group label: one capital letter, or the groups sorted before the letters. */
export const GROUP_LABEL = /^(\p{Lu}|symbols|numbers|digits)$/iu;
/** A gap no wider than this between two columns' text is no gutter (justified word spaces, leaders). */
const MIN_GUTTER = 3;
/** Lines wider than this share of the page's text span cross the columns (an index's opening note). */
const WIDE_SHARE = 0.6;
/** A gutter may be crossed by this share of the lines (a long command name overrunning its column). */
const CROSSING_SHARE = 0.04;
/** Fewer lines than this do not make a column of their own. */
const MIN_COLUMN_LINES = 3;

/**
 * An index is set in two to four columns, which the page's general column reading (`column-layout.ts`, two columns
 * at most, and mixed with what precedes or follows the index on its first and last pages) may read row by row
 * across them. This reads the index's own lines again in column order: per page, the gutters are the x ranges
 * (almost) no line covers, and each column is read top to bottom, the columns left to right.
 * Used for index pages only; `lines` are the flow indexes that belong to the index.
 */
export function readIndexColumns(flow: readonly FlowLine[], lines: readonly number[]): IndexColumn[] {
  const byPage = new Map<number, number[]>();
  for (const i of lines) byPage.set(flow[i].page, [...(byPage.get(flow[i].page) ?? []), i]);
  const pages = [...byPage.keys()].sort((a, b) => a - b);
  const own = new Map(pages.map((page) => [page, gutters(narrowLines(flow, byPage.get(page) ?? []))]));
  return pages.flatMap((page) => {
    const at = byPage.get(page) ?? [];
    return pageColumns(flow, page, at, splitsFor(flow, at, own.get(page) ?? [], [...own.values()]));
  });
}

/** A page with too little of the index to show its gutters (its first or last lines) takes another page's, if they fit. */
function splitsFor(flow: readonly FlowLine[], at: number[], own: number[], others: number[][]): number[] {
  if (own.length > 0) return own;
  const narrow = narrowLines(flow, at);
  const fits = (splits: number[]) => splits.length > 0 && narrow.every((line) => splits.every((x) => line.x1 <= x || line.x0 >= x));
  return others.find(fits) ?? [];
}

function narrowLines(flow: readonly FlowLine[], at: number[]): FlowLine[] {
  const left = Math.min(...at.map((i) => flow[i].x0));
  const right = Math.max(...at.map((i) => flow[i].x1));
  return at.map((i) => flow[i]).filter((line) => line.x1 - line.x0 <= WIDE_SHARE * (right - left));
}

function pageColumns(flow: readonly FlowLine[], page: number, at: number[], splits: number[]): IndexColumn[] {
  const edges = [-Infinity, ...splits, Infinity];
  const columns: IndexColumn[] = [];
  for (let c = 0; c + 1 < edges.length; c++) columns.push({ page, left: edges[c], right: edges[c + 1], lines: [] });
  for (const i of at) {
    const line = flow[i];
    const home = splits.filter((x) => line.x0 >= x).length;
    // A line running across a gutter (a row the page's reading joined) is in each column it covers.
    for (const [c, column] of columns.entries()) {
      if (c === home || (line.x0 < column.left && line.x1 > column.left + MIN_GUTTER)) column.lines.push(i);
    }
  }
  for (const column of columns) column.lines.sort((a, b) => flow[b].y - flow[a].y || a - b);
  return columns;
}

/** Middles of the x ranges that (almost) no narrow line covers, between the page's text edges. */
function gutters(lines: FlowLine[]): number[] {
  if (lines.length < 2 * MIN_COLUMN_LINES) return [];
  const left = Math.min(...lines.map((l) => l.x0));
  const right = Math.max(...lines.map((l) => l.x1));
  const from = Math.floor(left);
  const cover = new Array<number>(Math.ceil(right) - from + 1).fill(0);
  for (const line of lines) {
    for (let x = Math.ceil(line.x0) - from; x <= Math.floor(line.x1) - from; x++) cover[x]++;
  }
  const allowed = Math.floor(CROSSING_SHARE * lines.length);
  const splits: number[] = [];
  let runStart = -1;
  for (let x = 0; x < cover.length; x++) {
    const open = cover[x] <= allowed;
    if (open && runStart < 0) runStart = x;
    if (!open && runStart >= 0) {
      // Only a gap with text on both sides separates columns.
      if (runStart > 0 && x - runStart >= MIN_GUTTER) splits.push(from + (runStart + x) / 2);
      runStart = -1;
    }
  }
  return keepFilledColumns(lines, splits);
}

/**
 * Page references set apart from their entry (flush right, no leaders): numbers and commas, or lowercase roman page
 * numbers (a capital "C" or "I" alone is a group label).
 */
const PAGE_REFS = /^\d[\d\s,–-]*$|^[ivxlc]+([\s,–-]+[\divxlc]+)*$/;

/**
 * Drops a split that leaves a column with too few entries: a stray label, or the page references printed flush right
 * apart from their entries (no leaders), whose gap from the entries is no gutter; group labels and page references
 * are not entries.
 */
function keepFilledColumns(lines: FlowLine[], splits: number[]): number[] {
  const entries = lines.filter((line) => !PAGE_REFS.test(line.text.trim()) && !GROUP_LABEL.test(line.text.trim()));
  let kept = splits;
  for (;;) {
    const counts = new Array<number>(kept.length + 1).fill(0);
    for (const line of entries) counts[kept.filter((x) => line.x0 >= x).length]++;
    const thin = counts.findIndex((n) => n < MIN_COLUMN_LINES);
    if (thin < 0 || kept.length === 0) return kept;
    // Merge the thin column into its neighbour by dropping the split on its left (or, for the first, its right).
    kept = kept.filter((_, k) => k !== Math.max(0, thin - 1));
  }
}
