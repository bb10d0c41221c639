import { MONOSPACE_FONT } from './body-style';
import type { PageText, TextLine } from './layout.types';
import { stripSparseLineNumbers } from './sparse-line-numbers';

const LEADING_NUMBER = /^(\d{1,4})\s+(?=\S)/;
const LONE_NUMBER = /^\d{1,4}$/;
const NUMBER_FIRST = /^(\d{1,4})/;
/** A page that numbers fewer of its lines still needs this many counting up in the document's column. */
const MIN_COLUMN_NUMBERS = 3;
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
  const found = columns.filter((c): c is number => c !== null).sort((a, b) => a - b);
  if (found.length < 2 || found.length * 2 < full) return pages;
  // A title page or a closing page numbers fewer of its lines (affiliations, floats): the document's column decides.
  const documentColumn = found[Math.floor(found.length / 2)];
  return pages.map((page, k) => {
    const column = columns[k] ?? (countsUp(page, documentColumn) ? documentColumn : null);
    if (column === null) return page;
    return { ...page, lines: page.lines.flatMap((line) => (inColumn(line, column) ? strip(line) : [line])) };
  });
}

/** The left edge of the page's line-number column, or null when the page is not line-numbered. */
function numberColumn(page: PageText): number | null {
  if (page.lines.length < MIN_LINES) return null;
  const numbered = page.lines.filter(hasNumber);
  // A number read as a line of its own stands beside a text line: share of the text lines, not of all lines.
  const textLines = page.lines.length - page.lines.filter((l) => LONE_NUMBER.test(l.text)).length;
  if (numbered.length < NUMBERED_SHARE * textLines) return null;
  const xs = numbered.map((l) => l.x0).sort((a, b) => a - b);
  const column = xs[Math.floor(xs.length / 2)];
  const inside = columnLines(page, column);
  if (inside.length < NUMBERED_SHARE * textLines) return null;
  // A documented package's numbered code lines (monospace) are a listing; its section numbers must stay.
  const texts = inside.flatMap((l) => (LONE_NUMBER.test(l.text) ? page.lines.filter((o) => o !== l && Math.abs(o.y - l.y) < 1) : [l]));
  if (texts.filter((l) => MONOSPACE_FONT.test(l.font)).length * 2 >= Math.max(1, texts.length)) return null;
  return countsUp(page, column) ? column : null;
}

/** Down the page the numbers in the column count up, mostly by one (a heading or a display may take none). */
function countsUp(page: PageText, column: number): boolean {
  const values = columnLines(page, column).map((l) => Number(NUMBER_FIRST.exec(l.text)?.[1]));
  if (values.length < MIN_COLUMN_NUMBERS) return false;
  const steps = values.slice(1).filter((v, i) => v === values[i] + 1).length;
  return steps >= 0.7 * (values.length - 1);
}

const columnLines = (page: PageText, column: number) => page.lines.filter((l) => inColumn(l, column)).sort((a, b) => b.y - a.y);

/**
 * A line opening with a number, or a number alone: lineno sets its numbers in a smaller font, and where one does not
 * share its line's baseline exactly (list items, displays, the title page) it reads as a line of its own.
 */
const hasNumber = (line: TextLine) => LEADING_NUMBER.test(line.text) || LONE_NUMBER.test(line.text);

const inColumn = (line: TextLine, column: number) => hasNumber(line) && Math.abs(line.x0 - column) <= COLUMN_SPREAD;

function strip(line: TextLine): TextLine[] {
  if (LONE_NUMBER.test(line.text)) return [];
  const [number, ...rest] = line.runs;
  const x0 = rest.find((r) => r.text.trim())?.x ?? line.x0;
  const runs = number && /^\d{1,4}$/.test(number.text.trim()) ? rest.filter((r, i) => i > 0 || r.text.trim()) : line.runs;
  return [{ ...line, text: line.text.replace(LEADING_NUMBER, ''), x0, runs, boldRatio: boldShare(runs) ?? line.boldRatio }];
}

/** A roman line number no longer dilutes a bold heading's share of bold characters. */
function boldShare(runs: TextLine['runs']): number | null {
  const chars = (r: TextLine['runs'][number]) => r.text.replace(/\s/g, '').length;
  const total = runs.reduce((n, r) => n + chars(r), 0);
  return total === 0 ? null : runs.reduce((n, r) => n + (r.bold ? chars(r) : 0), 0) / total;
}
