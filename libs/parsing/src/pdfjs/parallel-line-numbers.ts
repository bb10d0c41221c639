import type { PageText, TextLine, TextRun } from './layout.types';
import { toLine } from './text-lines';

/** reledpar numbers the right-hand text's lines with a side letter: "8R" (ledpar: "8r"). */
const SIDE_NUMBER = /^(\d{1,4})([A-Za-z])$/;
const PLAIN_NUMBER = /^\d{1,4}$/;
/** A page numbers a side's lines when this many side numbers count up in one column. */
const MIN_PAGE_NUMBERS = 3;
/** A parallel edition runs over pages: one page of "12A"-like endings is a table or a list. */
const MIN_PAGES = 2;
/** The numbers' left edges stay within this many points (right-aligned digits shift by a digit's width). */
const COLUMN_SPREAD = 8;
const COUNTING_SHARE = 0.7;
const MAX_STEP = 10;

export interface NumberedLine {
  line: TextLine;
  value: number;
}

/**
 * The side-suffixed line numbers of a parallel edition ("1R", "2R", … set after each line of the right-hand text),
 * per page: a page's lines whose last piece is such a number, set apart, in one column, counting up. Null when the
 * document is no parallel edition (fewer than two pages number that way, or the pages disagree on the letter).
 */
export function sideNumberedLines(pages: readonly PageText[]): Map<number, NumberedLine[]> | null {
  const found = new Map<number, { suffix: string; lines: NumberedLine[] }>();
  for (const page of pages) {
    const numbered = page.lines.flatMap((line) => {
      const match = SIDE_NUMBER.exec(lastRun(line)?.text.trim() ?? '');
      return match && (setApart(line) || alone(line)) ? [{ line, value: Number(match[1]), suffix: match[2] }] : [];
    });
    const suffix = mostCommon(numbered.map((n) => n.suffix));
    const column = numberColumn(
      numbered.filter((n) => n.suffix === suffix),
      (n) => lastRun(n.line)?.x ?? n.line.x1,
    );
    if (suffix !== null && column) found.set(page.number, { suffix, lines: column });
  }
  const suffixes = new Set([...found.values()].map((f) => f.suffix));
  if (found.size < MIN_PAGES || suffixes.size !== 1) return null;
  return new Map([...found].map(([page, f]) => [page, f.lines]));
}

/** The page's lines that open with a plain line number in one margin column counting up, or null. */
export function leadingNumberedLines(page: PageText): NumberedLine[] | null {
  const numbered = page.lines.flatMap((line) => {
    const first = line.runs.find((r) => r.text.trim());
    const rest = first ? line.runs.slice(line.runs.indexOf(first) + 1).find((r) => r.text.trim()) : undefined;
    const opens = first && rest && PLAIN_NUMBER.test(first.text.trim()) && rest.x - first.x1 >= 0.4 * line.size;
    return opens ? [{ line, value: Number(first.text.trim()) }] : [];
  });
  return numberColumn(numbered, (n) => n.line.x0);
}

/** The line without its first (leading) or last (trailing) visible piece, rebuilt from its runs. */
export function withoutNumber(line: TextLine, end: 'leading' | 'trailing'): TextLine | null {
  const visible = line.runs.filter((r) => r.text.trim());
  const drop = end === 'leading' ? visible[0] : visible[visible.length - 1];
  const runs = trimSpaces(line.runs.filter((r) => r !== drop));
  return toLine(runs, line.page, line.rowPeers);
}

export function trimSpaces(runs: TextRun[]): TextRun[] {
  let start = 0;
  let end = runs.length;
  while (start < end && !runs[start].text.trim()) start++;
  while (end > start && !runs[end - 1].text.trim()) end--;
  return runs.slice(start, end);
}

const lastRun = (line: TextLine): TextRun | undefined => [...line.runs].reverse().find((r) => r.text.trim());

/** The number is its own piece, a space's width or more after the text (or the line is the number alone). */
function setApart(line: TextLine): boolean {
  const visible = line.runs.filter((r) => r.text.trim());
  if (visible.length < 2) return false;
  const [before, number] = visible.slice(-2);
  return number.x - before.x1 >= 0.25 * line.size;
}

/** A number read as a line of its own beside its text line (set in smaller type off the text's baseline). */
const alone = (line: TextLine) => line.runs.filter((r) => r.text.trim()).length === 1;

/**
 * The numbers in the median column, top to bottom, when at least three count up mostly by one step (one, or a
 * lineation that prints every second or fifth number).
 */
function numberColumn<T extends NumberedLine>(numbered: T[], x: (n: T) => number): T[] | null {
  if (numbered.length < MIN_PAGE_NUMBERS) return null;
  const xs = numbered.map(x).sort((a, b) => a - b);
  const median = xs[Math.floor(xs.length / 2)];
  const column = numbered.filter((n) => Math.abs(x(n) - median) <= COLUMN_SPREAD).sort((a, b) => b.line.y - a.line.y);
  if (column.length < MIN_PAGE_NUMBERS) return null;
  const differences = column.slice(1).map((n, i) => n.value - column[i].value);
  const step = Number(mostCommon(differences.map(String)));
  if (!(step >= 1 && step <= MAX_STEP)) return null;
  return differences.filter((d) => d === step).length >= COUNTING_SHARE * differences.length ? column : null;
}

function mostCommon(values: string[]): string | null {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}
