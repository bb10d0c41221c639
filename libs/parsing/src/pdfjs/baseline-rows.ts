import type { TextLine } from './layout.types';

/** Two lines share a baseline when their baselines are closer than this many font sizes (of the row's first line). */
export const SAME_BASELINE_EM = 0.3;

type Placed = Pick<TextLine, 'page' | 'y' | 'size' | 'x0' | 'x1'>;

export interface BaselineOptions {
  /** Stop where a line starts left of the previous one's end: the row wrapped into another column. */
  leftToRight?: boolean;
}

/**
 * Index after the flow lines that share line `i`'s baseline on its page: the one same-baseline row scan that table
 * rows, contents entries and heading guards read a row with (a table row or a justified line split at wide gaps).
 */
export function baselineRowEnd(flow: readonly Placed[], i: number, options: BaselineOptions = {}): number {
  let end = i + 1;
  while (end < flow.length && onBaselineOf(flow[i], flow[end]) && (!options.leftToRight || flow[end].x0 >= flow[end - 1].x1 - 1)) end++;
  return end;
}

/** Index of the first flow line, not before `floor`, of the row that line `last` ends (the scan above, backwards). */
export function baselineRowStart(flow: readonly Placed[], last: number, floor = 0): number {
  let start = last;
  while (start > floor && onBaselineOf(flow[last], flow[start - 1])) start--;
  return start;
}

/** Whether `other` sits on `line`'s baseline on the same page. */
export function onBaselineOf(line: Placed, other: Placed): boolean {
  return other.page === line.page && Math.abs(other.y - line.y) < SAME_BASELINE_EM * line.size;
}
