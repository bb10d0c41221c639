import type { PageText, TextLine } from './layout.types';
import { leadingNumberedLines, sideNumberedLines, trimSpaces, withoutNumber } from './parallel-line-numbers';
import { toLine } from './text-lines';

/** A page's plain line numbers count only when they open this share of its lines (a contents page numbers a few). */
const LEADING_SHARE = 0.5;
/** Two parallel columns: this share of the side-numbered lines leave the gutter free with text on both sides. */
const PAIRED_SHARE = 0.5;
const MIN_PAIRED = 3;
/** Lines whose pieces cross the gutter, at most this share of the paired ones. */
const MAX_CROSSING_SHARE = 0.1;

/**
 * A critical edition or bilingual text set in parallel (reledpar, and the like): two versions of one text in two
 * columns or on facing pages, each side numbering its own lines — the right-hand side with a side letter ("8R").
 * In a document numbered that way this strips both sides' line numbers and, on a page where each row holds a line
 * of both columns, parts every row at the gutter, so each column is read on its own ("1.1 Left section" and
 * "1.1 Right section", not one heading "Left section 1.1 Right section 8R"). Facing pages are already separate
 * pages: with their numbers gone each reads as its own text. Any other document is returned as it came.
 */
export function readParallelTexts(pages: PageText[]): PageText[] {
  const sides = sideNumberedLines(pages);
  if (!sides) return pages;
  return pages.map((page) => {
    const trailing = new Set((sides.get(page.number) ?? []).map((n) => n.line));
    if (trailing.size === 0) return stripLeadingNumbers(page);
    // The rows that carried a side number vote for the gutter once their number is gone.
    const rows = new Set<TextLine>();
    const lines = page.lines.flatMap((l) => {
      if (!trailing.has(l)) return [l];
      const rest = keep(withoutNumber(l, 'trailing'));
      rest.forEach((r) => rows.add(r));
      return rest;
    });
    const unnumbered = stripLeadingNumbers({ ...page, lines });
    return splitColumns(unnumbered, new Set(unnumbered.lines.filter((_, k) => rows.has(lines[k]))));
  });
}

function stripLeadingNumbers(page: PageText): PageText {
  const numbered = leadingNumberedLines(page);
  if (!numbered || numbered.length < LEADING_SHARE * page.lines.length) return page;
  const strip = new Set(numbered.map((n) => n.line));
  // One line for one line: the caller pairs them up by index.
  return { ...page, lines: page.lines.map((l) => (strip.has(l) ? (withoutNumber(l, 'leading') ?? l) : l)) };
}

/**
 * Parts each row at the gutter of two parallel columns: the x that the side-numbered rows leave free between text on
 * both sides. No gutter (a facing page's single text), the page as it came.
 */
function splitColumns(page: PageText, sideNumbered: Set<TextLine>): PageText {
  const rows = page.lines.filter((l) => sideNumbered.has(l));
  const gutter = findGutter(rows);
  if (gutter === null) return page;
  return { ...page, lines: page.lines.flatMap((line) => splitAt(line, gutter)) };
}

function findGutter(rows: TextLine[]): number | null {
  if (rows.length < MIN_PAIRED) return null;
  const left = Math.min(...rows.map((l) => l.x0));
  const right = Math.max(...rows.map((l) => l.x1));
  let best: { x: number; paired: number } | null = null;
  // Only the middle half of the text block can hold the gutter of two columns.
  for (let x = Math.round(left + 0.25 * (right - left)); x <= right - 0.25 * (right - left); x++) {
    const paired = rows.filter((l) => parts(l, x) !== null).length;
    const crossing = rows.filter((l) => l.runs.some((r) => r.text.trim() && r.x < x && r.x1 > x)).length;
    if (crossing > MAX_CROSSING_SHARE * paired) continue;
    if (!best || paired > best.paired) best = { x, paired };
  }
  return best && best.paired >= Math.max(MIN_PAIRED, PAIRED_SHARE * rows.length) ? best.x : null;
}

/** The line's pieces left and right of `x`, when none crosses it and both sides hold text. */
function parts(line: TextLine, x: number): [TextLine['runs'], TextLine['runs']] | null {
  const visible = line.runs.filter((r) => r.text.trim());
  if (visible.some((r) => r.x < x && r.x1 > x)) return null;
  const leftSide = trimSpaces(line.runs.filter((r) => r.x1 <= x));
  const rightSide = trimSpaces(line.runs.filter((r) => r.x >= x));
  return leftSide.length && rightSide.length ? [leftSide, rightSide] : null;
}

function splitAt(line: TextLine, gutter: number): TextLine[] {
  const sides = parts(line, gutter);
  if (!sides) return [line];
  return sides.flatMap((runs) => keep(toLine(runs, line.page, line.rowPeers + 1)));
}

const keep = (line: TextLine | null): TextLine[] => (line ? [line] : []);
