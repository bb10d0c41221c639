import type { PageText, TextLine } from './layout.types';
import { toLine } from './text-lines';

type Run = TextLine['runs'][number];

/** The numbers are set this much smaller than the line they stand beside. */
const MAX_SIZE_RATIO = 0.7;
/** A page counts as numbered from this many such numbers on. */
const MIN_NUMBERS = 3;
const MIN_LINES = 8;
/** Of the small numbers in the numbers' size, this share at least must be multiples of five. */
const MIN_FIVES_SHARE = 0.8;
const NUMBER = /^\d{1,4}$/;

/**
 * Drops line numbers printed on every fifth line only (REVTeX's and lineno's `modulo` setting, a manuscript under
 * review): tiny digits at either end of a line, in the margin or beside the gutter ("60 I.A.1. Third-level heading",
 * "… before the first section 50"). Too few lines carry one for the every-line rule. The numbers share one size,
 * in which nearly every small number is a multiple of five (footnote marks and exponents come in other sizes or
 * values); a page counts when three or more stand on it, and the document when most of its full pages do.
 */
export function stripSparseLineNumbers(pages: PageText[]): PageText[] {
  const size = numberSize(pages);
  if (size === null) return pages;
  const isLineNumber = (run: Run | null): run is Run => run !== null && Math.abs(run.size - size) < 0.05 && Number(run.text) % 5 === 0;
  const numbered = pages.map((page) => {
    if (page.lines.length < MIN_LINES) return false;
    const values = page.lines.map(numberRun).filter(isLineNumber);
    return new Set(values.map((r) => r.text.trim())).size >= MIN_NUMBERS;
  });
  const full = pages.filter((p) => p.lines.length >= MIN_LINES).length;
  const count = numbered.filter(Boolean).length;
  if (count < 2 || count * 2 < full) return pages;
  return pages.map((page, k) => {
    if (!numbered[k]) return page;
    return { ...page, lines: page.lines.flatMap((line) => (isLineNumber(numberRun(line)) ? withoutNumber(line) : [line])) };
  });
}

/** The size most small multiples of five are set in, when nearly all small numbers in that size are such. */
function numberSize(pages: PageText[]): number | null {
  const bySize = new Map<string, { fives: number; all: number }>();
  for (const run of pages.flatMap((p) => p.lines.map(numberRun)).filter((r): r is Run => r !== null)) {
    const key = run.size.toFixed(1);
    const tally = bySize.get(key) ?? { fives: 0, all: 0 };
    tally.all++;
    if (Number(run.text) % 5 === 0) tally.fives++;
    bySize.set(key, tally);
  }
  const [best] = [...bySize.entries()].sort((a, b) => b[1].fives - a[1].fives);
  if (!best || best[1].fives < MIN_NUMBERS || best[1].fives < MIN_FIVES_SHARE * best[1].all) return null;
  return Number(best[0]);
}

/**
 * A small number standing apart from the words on either side: at the line's start or end, or between two columns'
 * lines it bridged into one ("… over how 275 \\appendix"); or the whole line.
 */
function numberRun(line: TextLine): Run | null {
  const inked = line.runs.filter((r) => r.text.trim());
  const isNumber = (r: Run) => NUMBER.test(r.text.trim());
  if (inked.length === 1) return isNumber(inked[0]) && inked[0].size <= MAX_SIZE_RATIO * line.size ? inked[0] : null;
  const words = inked.filter((r) => !isNumber(r));
  if (words.length === 0) return null;
  const size = Math.max(...words.map((r) => r.size));
  const gapBefore = (k: number) => (k === 0 ? Infinity : inked[k].x - inked[k - 1].x1);
  const gapAfter = (k: number) => (k === inked.length - 1 ? Infinity : inked[k + 1].x - inked[k].x1);
  // Between two columns' text the number may touch one of them, but the gutter lies on its other side.
  const apart = (k: number) =>
    isNumber(inked[k]) &&
    inked[k].size <= MAX_SIZE_RATIO * size &&
    (k === 0 || k === inked.length - 1
      ? Math.min(gapBefore(k), gapAfter(k)) > 0.2 * size
      : Math.max(gapBefore(k), gapAfter(k)) >= 0.8 * size);
  const k = inked.findIndex((_, i) => apart(i));
  return k < 0 ? null : inked[k];
}

/** The line without its number; a number between two columns' text leaves the two lines it had joined. */
function withoutNumber(line: TextLine): TextLine[] {
  const number = numberRun(line);
  if (!number) return [line];
  const before = line.runs.filter((r) => r.x < number.x && r !== number);
  const after = line.runs.filter((r) => r.x >= number.x1 && r !== number);
  const parts = [before, after].filter((runs) => runs.some((r) => r.text.trim()));
  return parts.flatMap((runs) => toLine(runs, line.page, line.rowPeers) ?? []);
}
