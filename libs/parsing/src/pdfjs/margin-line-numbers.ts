import { MONOSPACE_FONT } from './body-style';
import type { PageText, TextLine } from './layout.types';
import { stripSparseLineNumbers } from './sparse-line-numbers';

const LEADING_NUMBER = /^(\d{1,4})\s+(?=\S)/;
/** A page is line-numbered when this share of its lines opens with a number in one margin column. */
const NUMBERED_SHARE = 0.6;
const MIN_LINES = 8;
/** The numbers' left edges stay within this many points (right-aligned digits shift by a digit's width). */
const COLUMN_SPREAD = 8;

/**
 * Drops margin line numbers (lineno, reledmac, a manuscript under review) that the reader set at the start of each
 * line: "19 2.3.1 Methods" is the heading "2.3.1 Methods". Only a document numbered that way on most of its pages
 * counts, so that a numbered list or a listing on one page keeps its numbers, and only prose: numbered code lines
 * are a listing.
 */
export function stripMarginLineNumbers(pages: PageText[]): PageText[] {
  return stripSparseLineNumbers(stripEveryLineNumbers(pages));
}

function stripEveryLineNumbers(pages: PageText[]): PageText[] {
  const columns = pages.map(numberColumn);
  const full = pages.filter((p) => p.lines.length >= MIN_LINES).length;
  const numbered = columns.filter((c) => c !== null).length;
  if (numbered < 2 || numbered * 2 < full) return pages;
  return pages.map((page, k) => {
    const column = columns[k];
    if (column === null) return page;
    return { ...page, lines: page.lines.map((line) => (inColumn(line, column) ? strip(line) : line)) };
  });
}

/** The left edge of the page's line-number column, or null when the page is not line-numbered. */
function numberColumn(page: PageText): number | null {
  if (page.lines.length < MIN_LINES) return null;
  const numbered = [...page.lines].filter((l) => LEADING_NUMBER.test(l.text)).sort((a, b) => b.y - a.y);
  if (numbered.length < NUMBERED_SHARE * page.lines.length) return null;
  const xs = numbered.map((l) => l.x0).sort((a, b) => a - b);
  const column = xs[Math.floor(xs.length / 2)];
  const inside = numbered.filter((l) => inColumn(l, column));
  if (inside.length < NUMBERED_SHARE * page.lines.length) return null;
  // A documented package's numbered code lines (monospace) are a listing; its section numbers must stay.
  if (inside.filter((l) => MONOSPACE_FONT.test(l.font)).length * 2 >= inside.length) return null;
  // Down the page the numbers count up, mostly by one (a heading or a display may take none).
  const values = inside.map((l) => Number(LEADING_NUMBER.exec(l.text)?.[1]));
  const steps = values.slice(1).filter((v, i) => v === values[i] + 1).length;
  return steps >= 0.7 * (values.length - 1) ? column : null;
}

const inColumn = (line: TextLine, column: number) => LEADING_NUMBER.test(line.text) && Math.abs(line.x0 - column) <= COLUMN_SPREAD;

function strip(line: TextLine): TextLine {
  const [number, ...rest] = line.runs;
  const x0 = rest.find((r) => r.text.trim())?.x ?? line.x0;
  const runs = number && /^\d{1,4}$/.test(number.text.trim()) ? rest.filter((r, i) => i > 0 || r.text.trim()) : line.runs;
  return { ...line, text: line.text.replace(LEADING_NUMBER, ''), x0, runs, boldRatio: boldShare(runs) ?? line.boldRatio };
}

/** A roman line number no longer dilutes a bold heading's share of bold characters. */
function boldShare(runs: TextLine['runs']): number | null {
  const chars = (r: TextLine['runs'][number]) => r.text.replace(/\s/g, '').length;
  const total = runs.reduce((n, r) => n + chars(r), 0);
  return total === 0 ? null : runs.reduce((n, r) => n + (r.bold ? chars(r) : 0), 0) / total;
}
