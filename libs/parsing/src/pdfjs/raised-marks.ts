import type { FlowLine } from './layout.types';

/** A footnote or affiliation mark: a few digits, lowercase letters or note symbols ("1", "a)", "2, 3", "†"). */
const MARK = /^[\p{N}a-z*∗†‡§¶,) ]{1,5}$/u;

/**
 * A raised mark read as a line of its own: small type set just above the line below it and within its width (a
 * footnote mark on a paragraph's first line, whose baseline is higher than the words around it). It belongs to that
 * line, so it says nothing of what the text above is (not figure text under a heading).
 */
export function isRaisedMark(flow: readonly FlowLine[], j: number): boolean {
  const mark = flow[j];
  const below = flow[j + 1];
  if (!mark || !below || below.page !== mark.page || !MARK.test(mark.text.trim())) return false;
  const rise = mark.y - below.y;
  return mark.size < 0.85 * below.size && rise > 0 && rise < 0.6 * below.size && mark.x0 >= below.x0 - 1 && mark.x1 <= below.x1 + 1;
}

/** Index of the first line from `j` on that is not a raised mark. */
export function skipRaisedMarks(flow: readonly FlowLine[], j: number): number {
  let k = j;
  while (isRaisedMark(flow, k)) k++;
  return k;
}
