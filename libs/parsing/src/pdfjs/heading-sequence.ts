import type { HeadingCandidate } from './heading-candidates';
import { numberDepth } from './heading-numbering';
import type { FlowLine } from './layout.types';

/**
 * Sequence checks: what a heading's neighbours count tells about it. A documented-code listing numbers its lines
 * straight through a section heading set between them; LaTeX's appendix letters ("A", "A.1", "B") follow the
 * numbered sections in the same styles.
 */

const LEADING_COUNT = /^(\d{1,5})(?=\s|$)/;

/**
 * The line above `i` opens with a listing's line number n and the row starting at `below` with n + 1: the heading
 * interrupts a numbered code listing (a `.dtx` manual's implementation part), whose small line numbers below it are
 * not figure text.
 */
export function interruptsNumberedListing(flow: FlowLine[], i: number, below: number): boolean {
  const above = flow[i - 1];
  const next = flow[below];
  if (!above || !next || above.page !== flow[i].page || next.page !== flow[i].page) return false;
  const before = LEADING_COUNT.exec(above.text.trim());
  const after = LEADING_COUNT.exec(next.text.trim());
  return !!before && !!after && Number(after[1]) === Number(before[1]) + 1;
}

/** The style a numbered level is set in: size to half a point, and font. */
const levelStyle = (c: HeadingCandidate) => `${Math.round(c.size * 2) / 2}|${c.font}`;

/**
 * LaTeX's `\appendix` letters the sections after the numbered ones: "A", "A.1", "A.2", "B", … set exactly like the
 * numbered sections of the same depth ("8 Macros" and "A Mappings", "3.1 Version" and "A.1 Mapping"). Lettered
 * candidates that run in that order, each in the style of its depth's numbered headings, are marked: they are
 * headings however the line scorer (fitted mostly on arabic numbers) rates a letter.
 */
export function markAppendixSequence(candidates: HeadingCandidate[]): void {
  const styles = new Map<number, Set<string>>();
  let lastArabic = -1;
  candidates.forEach((c, k) => {
    if (c.numbering.kind !== 'arabic' || c.strength < 1 || c.references) return;
    const depth = numberDepth(c.numbering);
    if (!styles.has(depth)) styles.set(depth, new Set());
    styles.get(depth)?.add(levelStyle(c));
    lastArabic = k;
  });
  // Two numbered top-level sections make the scheme the letters continue.
  if (candidates.filter((c) => c.numbering.kind === 'arabic' && c.strength >= 1 && numberDepth(c.numbering) === 1).length < 2) return;
  let expected = ['A'];
  for (const c of candidates.slice(lastArabic + 1)) {
    if (c.numbering.kind !== 'letter' || c.strength < 1 || !c.numbering.number) continue;
    const number = c.numbering.number;
    if (!expected.includes(number) || !styles.get(numberDepth(c.numbering))?.has(levelStyle(c))) continue;
    c.appendixInSequence = true;
    expected = successors(number);
  }
}

/**
 * The numbers that may follow `number` in an appendix: its first child, its next siblings, its ancestors' next
 * siblings. Up to two siblings in between may have been missed (a title set over a figure).
 */
function successors(number: string): string[] {
  const parts = number.split('.');
  const next: string[] = [`${number}.1`];
  for (let depth = parts.length; depth >= 1; depth--) {
    for (let step = 1; step <= 3; step++) {
      const head = parts.slice(0, depth);
      const last = head[depth - 1];
      head[depth - 1] = depth === 1 ? String.fromCharCode(last.charCodeAt(0) + step) : String(Number(last) + step);
      next.push(head.join('.'));
    }
  }
  return next;
}
