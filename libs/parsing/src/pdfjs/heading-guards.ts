import { MONOSPACE_FONT, type BodyStyle } from './body-style';
import { baselineRowEnd } from './baseline-rows';
import { isBold, type FlowLine } from './layout.types';
import { parseNumbering, type Numbering } from './heading-numbering';
import { skipRaisedMarks } from './raised-marks';
import { interruptsNumberedListing } from './heading-sequence';
import { cellsOf, isTabular } from './table-rows';
import { letters, words } from './text-patterns';

/** Layout tests that tell a heading-styled line which is not a heading: run-ins, table cells, paragraphs. */

/** Set larger than the body, as a heading is: the one threshold for "larger" in the heading rules. */
export const isLargerThanBody = (size: number, body: BodyStyle): boolean => size >= body.size * 1.08 + 0.3;

/**
 * A bold lead-in followed by ordinary text on the same line ("Data. We collected …") is a paragraph. The lead opens
 * the line, and the text after it is at the body's size: a command name or a quoted word in another font inside a
 * title set larger than the body ("2.5 Fix \Gin@ii of package graphicx") is part of the title.
 */
export function isRunIn(line: FlowLine, body: BodyStyle): boolean {
  const firstBold = line.runs.findIndex((r) => r.bold && letters(r.text) > 0);
  if (firstBold < 0 || line.runs.findIndex((r) => letters(r.text) > 0) < firstBold) return false;
  const headingSize = (size: number) => isLargerThanBody(size, body);
  const rest = line.runs
    .slice(firstBold)
    .filter((r) => !r.bold && r.size > 0.85 * line.size && !headingSize(r.size))
    .map((r) => r.text)
    .join(' ');
  return words(rest).length >= 2 && /\p{Ll}/u.test(rest);
}

/**
 * Bold labels inside a figure or a table header row look like headings; what surrounds them gives
 * them away: small figure text right below, or neighbouring rows split into several cells.
 */
export function inFigureOrTable(flow: FlowLine[], i: number, body: BodyStyle): boolean {
  const line = flow[i];
  const near = (other: FlowLine | undefined) => other && other.page === line.page && Math.abs(other.y - line.y) < 3 * line.size;
  // A footnote mark raised off the first line under a heading is that line's, not small figure text.
  const below = skipRaisedMarks(flow, rowEnd(flow, i));
  const next = flow[below];
  // A margin note beside the text below (a command's signature set small in the margin) is not figure text, nor is a
  // sub-heading in small capitals stacked right under its section's heading ("5 Experiments" over "5.1 QUESTION …").
  const smallText = () => flow.slice(below, rowEnd(flow, below)).every((l) => l.size < 0.8 * line.size && l.size < 0.9 * body.size);
  const numbering = parseNumbering(line.text, false);
  if (near(next) && smallText() && !isChildHeading(line.text, next.text) && !opensOwnMatter(flow, i, below, numbering)) return true;
  // The section number is no table value: "12 From Version 0 to Version 1" holds two figures, not three.
  if (isNumericRow(numbering.number ? numbering.title : line.text) || (near(next) && isNumericRow(next.text) && next.rowPeers === 1))
    return true;
  // A header directly above rows that each end in a figure: a row label followed by one measured value ("Baseline
  // 12.5"). The rows start right below: a label line in between ("Attribute values:") makes it a list, not a table.
  let figures = 0;
  for (let j = rowEnd(flow, i), k = 0; k < 3 && j < flow.length && flow[j].page === line.page; j = rowEnd(flow, j), k++) {
    if (!(/\s[-+]?\d+([.,]\d+)?%?$/.test(flow[j].text) && flow[j].text.length < 60)) break;
    figures++;
  }
  if (figures >= 2) return true;
  // A numbered title set larger than the body may follow a float at the top of the page: only a row below it counts.
  const above = numbering.number && isLargerThanBody(line.size, body) ? undefined : flow[i - 1];
  return [above, next].some((other) => near(other) && other!.rowPeers >= 3);
}

/**
 * Small type right below a heading that is not the figure's own: a table's caption opening the float set under it,
 * the next line number of a code listing the heading interrupts, the section's code (TeX source, a "%" comment), or
 * a command's signature in typewriter type under a numbered section's title.
 */
function opensOwnMatter(flow: FlowLine[], i: number, below: number, numbering: Numbering): boolean {
  const next = flow[below];
  if (TABLE_CAPTION.test(next.text) || interruptsNumberedListing(flow, i, below)) return true;
  if (looksLikeCode(next.text) || /^%\s/.test(next.text)) return true;
  return numbering.number !== null && MONOSPACE_FONT.test(next.font) && next.rowPeers === 1;
}

const TABLE_CAPTION = /^(table|tab\.|tabelle|tabla|tableau)\s*[0-9IVX]+[a-z]?\s*[:.]/i;

/** `child` is numbered as a sub-section of `parent`'s own number ("5.1 …" under "5 …"); "24 h after …" is not. */
function isChildHeading(parent: string, child: string): boolean {
  const own = parseNumbering(parent, false).number;
  return !!own && !!parseNumbering(child, false).number?.startsWith(`${own}.`);
}

/** A table row: several of its tokens are numbers (a row label followed by values, "Model B 9.7 13.1 15.0"). */
const isNumericRow = (text: string) => (text.match(/(^|\s)[-+±]?\d+([.,]\d+)?%?(?=\s|$)/g) ?? []).length >= 3;

/** A bold lead-in that wraps: the next line, at normal spacing, carries on in lowercase in body style. */
export function runsIntoSentence(flow: FlowLine[], i: number): boolean {
  const line = flow[i];
  const next = flow[i + 1];
  if (!next || next.page !== line.page || next.columnStart) return false;
  // Bold going on in bold (another bold font: an emphasised word) is still the title, not body text.
  if (isBold(next) === isBold(line) && (next.font === line.font || isBold(line))) return false;
  return line.y - next.y <= 1.3 * line.leading + 0.5 && /^\p{Ll}/u.test(next.text) && Math.abs(next.size - line.size) < 0.5;
}

/**
 * The first line of a justified paragraph: full width and followed by more lines in the same style
 * (`rows` in all; a numbered heading may wrap to three lines before that).
 */
export function startsParagraph(flow: FlowLine[], i: number, rows: number): boolean {
  const line = flow[i];
  let same = 1;
  let prev = line;
  for (let j = rowEnd(flow, i); j < flow.length && same < rows; j = rowEnd(flow, j)) {
    const next = flow[j];
    if (next.page !== prev.page || next.columnStart || Math.abs(next.size - line.size) > 0.3 || isBold(next) !== isBold(line)) break;
    if (prev.y - next.y > 1.5 * next.size + 0.5) break;
    same++;
    prev = next;
  }
  const width = (line.x1 - line.x0) / Math.max(1, line.columnRight - line.columnLeft);
  return same >= rows && width >= 0.6;
}

/** Index after the segments sharing line `i`'s baseline (a justified line with wide gaps is split up). */
export function rowEnd(flow: FlowLine[], i: number): number {
  return baselineRowEnd(flow, i, { leftToRight: true });
}

/**
 * A heading is set off from the text above it: extra space, a size change, a column start, or a
 * previous line that ends a paragraph. A bold term inside a paragraph has none of these.
 */
export function hasRoomAbove(flow: FlowLine[], i: number): boolean {
  const line = flow[i];
  const prev = flow[i - 1];
  if (!prev || line.columnStart || prev.page !== line.page) return true;
  const gap = prev.y - line.y;
  if (gap < 0 || gap > line.leading * 1.15 + 0.5 || Math.abs(prev.size - line.size) > 0.5) return true;
  return /[.!?:)\]]$/.test(prev.text) && prev.x1 < prev.columnRight - 2 * prev.size;
}

/**
 * Stacked numbered headings ("3.10 Layer four" directly above "3.11 The object type"): a numbered line right under
 * another numbered line of the same size and weight has no extra space above, yet is a heading of its own.
 */
export function followsNumberedHeading(flow: FlowLine[], i: number, numbering: Numbering): boolean {
  const line = flow[i];
  const prev = flow[i - 1];
  if (!prev || prev.page !== line.page || numbering.kind === 'none' || numbering.kind === 'letter') return false;
  if (Math.abs(prev.size - line.size) > 0.3 || isBold(prev) !== isBold(line) || prev.rowPeers > 1) return false;
  const above = parseNumbering(prev.text, false);
  return above.kind === numbering.kind && above.number !== null && words(above.title).length <= 12;
}

/**
 * Source code shown in a manual: TeX with braces or a trailing "%", a numbered listing line ("106 \def…",
 * "5: else"), a docstrip guard ("〈∗package〉"). A title may name a macro ("The \subref command") but never
 * carries its braces, a listing's line number (three digits, or two macros back to back) or a guard.
 */
export function looksLikeCode(text: string): boolean {
  return /[{}]|%$|^\d+:?\s+[〈⟨]|^\d+\s+(\\[A-Za-z@]+){2}|^\d{3,}\s+\\|[〈⟨][∗*/]|^\d+:\s/u.test(text);
}

/**
 * A table's title or a figure's label set in the small caption type ("Summary of results obtained from SHOP", whose
 * "Table 3" label is not text, or "Figure S2 …"): smaller than the body, and what follows it is small type too, where
 * a section's text would come back at body size. A smaller back-matter heading ("Funding", "AUTHOR CONTRIBUTION") is
 * a usual section name or in capitals (left to the caller), or is followed by a paragraph.
 */
export function titlesSmallType(flow: FlowLine[], i: number, body: BodyStyle): boolean {
  const line = flow[i];
  if (/^(fig(ure)?s?\.?|tables?)\s*S\d+/i.test(line.text)) return true;
  const small = (l: FlowLine) => l.size < 0.88 * body.size;
  if (!small(line)) return false;
  const next = flow[rowEnd(flow, i)];
  if (!next || next.page !== line.page || line.y - next.y >= 3 * line.size || !small(next)) return false;
  // Back matter set small ("Author details" over a paragraph of affiliations) goes on in full lines; a table in cells.
  const fullLine = next.rowPeers === 1 && next.x1 - next.x0 >= 0.6 * (next.columnRight - next.columnLeft);
  return !fullLine || notedAboveCells(flow, rowEnd(flow, i), body);
}

/**
 * A table's title may carry a note in full lines ("Values in parentheses are for the last shell.") before the header
 * row: after at most three such small lines, set apart from them by more than their leading, small rows split into
 * cells follow. A back-matter paragraph goes on in full lines instead.
 */
function notedAboveCells(flow: FlowLine[], noteAt: number, body: BodyStyle): boolean {
  const small = (l: FlowLine) => l.size < 0.88 * body.size;
  let prev = flow[noteAt];
  let j = rowEnd(flow, noteAt);
  for (let notes = 1; j < flow.length && notes < 3; notes++, j = rowEnd(flow, j)) {
    const line = flow[j];
    if (line.page !== prev.page || !small(line) || line.rowPeers > 1 || prev.y - line.y > 1.4 * line.size) break;
    prev = line;
  }
  const leading = 1.4 * prev.size;
  for (let rows = 0; j < flow.length && rows < 3; rows++, j = rowEnd(flow, j)) {
    const line = flow[j];
    if (line.page !== prev.page || !small(line) || prev.y - line.y >= 3 * line.size) return false;
    if (rows === 0 && prev.y - line.y <= leading) return false;
    if (isTabular(cellsOf(flow, j), body)) return true;
    prev = line;
  }
  return false;
}

/**
 * Licence and copyright boilerplate from a journal's front-matter sidebar or footer ("Creative Commons CC-BY 4.0",
 * "OPEN ACCESS", "© 2017 The Authors", "Distributed under …") is never a section title. A bare "Copyright" or
 * "License" is left alone: manuals have such chapters.
 */
export function isLicenceBoilerplate(text: string): boolean {
  return LICENCE.test(text.trim());
}

const LICENCE = new RegExp(
  [
    String.raw`^creative\s+commons\b`,
    String.raw`\bCC[-\s]?BY(-(NC|ND|SA)){0,3}\b`,
    String.raw`^open\s+access$`,
    String.raw`\ball\s+rights\s+reserved\b`,
    String.raw`^(copyright\s*)?(©|\(c\))`,
    String.raw`^copyright\s+(\d{4}|by\b)`,
    String.raw`^(distributed|published|licen[cs]ed|available)\s+under\b`,
    String.raw`^this\s+(article|work|paper)\s+is\s+(an\s+open|licen[cs]ed|distributed|published)`,
  ].join('|'),
  'iu',
);

/**
 * A numbered line in one font over lines in another ("4.2.1. Case 1: Embeddings approach" in italics over upright
 * text): the heading of what follows, not the first line of a paragraph, which keeps its font.
 */
export function changesFontBelow(flow: FlowLine[], i: number): boolean {
  const line = flow[i];
  const next = flow[i + 1];
  return !!next && next.page === line.page && next.font !== line.font && line.runs.every((r) => r.font === line.font || !/\S/.test(r.text));
}

/**
 * A date alone on its line ("10 Mar 99", "March 10, 1999", "2019-05-04") is a title page's or a letter's date, never
 * a section title; a month with a year but no day ("June 2020") is left alone, as a newsletter's section may be one.
 */
export function isDateLine(text: string): boolean {
  return DATE_LINE.test(text.trim());
}

const MONTH = String.raw`(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\.?`;
const DATE_LINE = new RegExp(
  [
    String.raw`^\d{1,2}(st|nd|rd|th)?\.?\s+${MONTH},?\s+\d{2}(\d{2})?$`,
    String.raw`^${MONTH}\s+\d{1,2}(st|nd|rd|th)?,?\s+\d{4}$`,
    String.raw`^\d{4}[-/]\d{1,2}[-/]\d{1,2}$`,
  ].join('|'),
  'i',
);
