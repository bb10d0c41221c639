import type { BodyStyle } from './body-style';
import { isBold, type FlowLine } from './layout.types';
import { parseNumbering, type Numbering } from './heading-numbering';
import { CAPTION, isAllCaps, isLetterSpaced, KNOWN_SECTION, letters, REFERENCES_TITLE, words } from './text-patterns';

export interface HeadingCandidate {
  /** Flow indexes [start, end) of the heading's lines. */
  start: number;
  end: number;
  text: string;
  numbering: Numbering;
  size: number;
  font: string;
  bold: boolean;
  caps: boolean;
  /** 2: larger than body text; 1: bold, capitals, small caps or a heading font at about body size. */
  strength: number;
  known: boolean;
  references: boolean;
}

export interface HeadingContext {
  body: BodyStyle;
  /** Fonts that are not the body font and are used almost only for short standalone lines. */
  headingFonts: Set<string>;
  inAppendix: boolean;
}

const SMALL_CAPS_FONT = /cmcsc|smallcaps|small-caps|[-_]sc\b|caps/i;
const TOC_LEADER = /(\.\s?){4,}\s*([0-9]+|[ivxlc]+)$/i;

/** Everything about a single line that says "this could be a heading", or null when it cannot be. */
export function evaluateLine(flow: FlowLine[], i: number, ctx: HeadingContext): HeadingCandidate | null {
  const line = flow[i];
  const text = line.text;
  const { body } = ctx;
  if (text.length < 2 || text.length > 160 || line.rowPeers > 1) return null;
  if (line.size < 0.72 * body.size || CAPTION.test(text) || isLetterSpaced(text)) return null;
  if (/[,;]$/.test(text) || /^\[\d+\]|@|https?:|www\.|[=<>±×∑∫√$]/.test(text) || TOC_LEADER.test(text)) return null;
  const visible = text.replace(/\s/g, '').length;
  if (letters(text) / visible < 0.55) return null;
  const numbering = parseNumbering(text, ctx.inAppendix);
  const title = numbering.title;
  const titleWords = words(title);
  if (numbering.kind !== 'chapter' && (titleWords.length === 0 || letters(title) < 2)) return null;
  if (titleWords.length > 20) return null;
  // Headings start with a capital ("3.1 k-means" is the exception a sub-number allows).
  if (/^\p{Ll}/u.test(title) && !(numbering.number ?? '').includes('.')) return null;
  // Headings are phrases: a second sentence or a list of names means body text or a reference.
  const commas = (title.match(/,/g) ?? []).length;
  if (/[.!?]\s+\p{Ll}/u.test(title) || commas >= 3 || (commas >= 2 && /\b\p{Lu}\.\s/u.test(title))) return null;
  if (/[.:]$/.test(title) && titleWords.length > 6) return null;
  if (/:$/.test(title) && numbering.kind === 'none') return null;
  // An unnumbered bold phrase ending in a full stop is a paragraph lead-in, not a section heading.
  if (/\.$/.test(title) && numbering.kind === 'none' && !KNOWN_SECTION.test(title.slice(0, -1))) return null;
  // A line broken mid-word is a heading only if its continuation below is in the same style.
  if (/\p{Ll}-$/u.test(text) && continuesHeading(flow, { text, size: line.size, bold: isBold(line), font: line.font, caps: false }, i + 1) < 0) return null;
  if (isRunIn(line) || startsParagraph(flow, i, numbering.kind === 'none' ? 3 : 4) || runsIntoSentence(flow, i)) return null;
  if (inFigureOrTable(flow, i, body)) return null;
  const bold = isBold(line);
  // Acronyms ("CNN", "BERT") are capitals but not a capitals heading style.
  const caps = isAllCaps(title) && titleWords.length <= 12 && letters(title) >= 5;
  const larger = line.size >= body.size * 1.08 + 0.3;
  const styled = bold || caps || SMALL_CAPS_FONT.test(line.font) || ctx.headingFonts.has(line.font);
  const strength = larger ? 2 : styled ? 1 : 0;
  const references = REFERENCES_TITLE.test(title.replace(/[.:]$/, ''));
  const known = references || KNOWN_SECTION.test(title.replace(/[.:]$/, ''));
  if (strength === 0 && !references) return null;
  if (!hasRoomAbove(flow, i)) return null;
  return { start: i, end: i + 1, text, numbering, size: line.size, font: line.font, bold, caps, strength, known, references };
}

/** A bold lead-in followed by ordinary text on the same line ("Data. We collected …") is a paragraph. */
function isRunIn(line: FlowLine): boolean {
  const firstBold = line.runs.findIndex((r) => r.bold && letters(r.text) > 0);
  if (firstBold < 0) return false;
  const tail = line.runs.slice(firstBold).filter((r) => !r.bold && r.size > 0.85 * line.size);
  const after = line.runs.slice(firstBold).findIndex((r) => !r.bold && r.size > 0.85 * line.size && letters(r.text) > 0);
  if (after < 0) return false;
  const rest = tail.map((r) => r.text).join(' ');
  return words(rest).length >= 2 && /\p{Ll}/u.test(rest);
}

/**
 * Bold labels inside a figure or a table header row look like headings; what surrounds them gives
 * them away: small figure text right below, or neighbouring rows split into several cells.
 */
function inFigureOrTable(flow: FlowLine[], i: number, body: BodyStyle): boolean {
  const line = flow[i];
  const near = (other: FlowLine | undefined) => other && other.page === line.page && Math.abs(other.y - line.y) < 3 * line.size;
  const next = flow[rowEnd(flow, i)];
  if (near(next) && next.size < 0.8 * line.size && next.size < 0.9 * body.size) return true;
  if (isNumericRow(line.text) || (near(next) && isNumericRow(next.text) && next.rowPeers === 1)) return true;
  // A header above rows that each end in a figure ("AMDCN 290.82").
  let figures = 0;
  for (let j = rowEnd(flow, i), k = 0; k < 3 && j < flow.length && flow[j].page === line.page; j = rowEnd(flow, j), k++) {
    if (/\s[-+]?\d+([.,]\d+)?%?$/.test(flow[j].text) && flow[j].text.length < 60) figures++;
  }
  if (figures >= 2) return true;
  return [flow[i - 1], next].some((other) => near(other) && other!.rowPeers >= 3);
}

/** A table row: several of its tokens are numbers ("AMDCN 9.77 13.16 15.00"). */
const isNumericRow = (text: string) => (text.match(/(^|\s)[-+±]?\d+([.,]\d+)?%?(?=\s|$)/g) ?? []).length >= 3;

/** A bold lead-in that wraps: the next line, at normal spacing, carries on in lowercase in body style. */
function runsIntoSentence(flow: FlowLine[], i: number): boolean {
  const line = flow[i];
  const next = flow[i + 1];
  if (!next || next.page !== line.page || next.columnStart) return false;
  if (next.font === line.font && isBold(next) === isBold(line)) return false;
  return line.y - next.y <= 1.3 * line.leading + 0.5 && /^\p{Ll}/u.test(next.text) && Math.abs(next.size - line.size) < 0.5;
}

/**
 * The first line of a justified paragraph: full width and followed by more lines in the same style
 * (`rows` in all; a numbered heading may wrap to three lines before that).
 */
function startsParagraph(flow: FlowLine[], i: number, rows: number): boolean {
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
  let j = i + 1;
  while (j < flow.length && flow[j].page === flow[i].page && Math.abs(flow[j].y - flow[i].y) < 0.3 * flow[i].size && flow[j].x0 >= flow[j - 1].x1 - 1) j++;
  return j;
}

/**
 * A heading is set off from the text above it: extra space, a size change, a column start, or a
 * previous line that ends a paragraph. A bold term inside a paragraph has none of these.
 */
function hasRoomAbove(flow: FlowLine[], i: number): boolean {
  const line = flow[i];
  const prev = flow[i - 1];
  if (!prev || line.columnStart || prev.page !== line.page) return true;
  const gap = prev.y - line.y;
  if (gap < 0 || gap > line.leading * 1.15 + 0.5 || Math.abs(prev.size - line.size) > 0.5) return true;
  return /[.!?:)\]]$/.test(prev.text) && prev.x1 < prev.columnRight - 2 * prev.size;
}

/** Where the wrapped continuation of heading `first` starting at line `j` ends, or -1 if it does not continue. */
export function continuesHeading(flow: FlowLine[], first: Pick<HeadingCandidate, 'text' | 'size' | 'bold' | 'font' | 'caps'>, j: number): number {
  const prev = flow[j - 1];
  const line = flow[j];
  if (!line || line.page !== prev.page || line.columnStart) return -1;
  const end = rowEnd(flow, j);
  const row = flow.slice(j, end);
  if (row.some((l) => Math.abs(l.size - first.size) > 0.3 || isBold(l) !== first.bold || l.font !== first.font)) return -1;
  const text = row.map((l) => l.text).join(' ');
  if ((isAllCaps(text) && letters(text) >= 5) !== first.caps || /[.:]$/.test(prev.text)) return -1;
  const gap = prev.y - line.y;
  if (gap <= 0 || gap > 2 * line.size) return -1;
  if (parseNumbering(text, false).kind !== 'none' || CAPTION.test(text)) return -1;
  return words(first.text).length + words(text).length <= 24 && letters(text) >= 2 ? end : -1;
}

export const isChapterLabel = (c: HeadingCandidate): boolean => c.numbering.kind === 'chapter' && c.numbering.title === '';

/** Fonts other than the body font whose lines are nearly all short and standalone: heading fonts. */
export function findHeadingFonts(flow: FlowLine[], from: number, body: BodyStyle): Set<string> {
  const stats = new Map<string, { lines: number; short: number }>();
  for (let i = from; i < flow.length; i++) {
    const line = flow[i];
    if (line.font === body.font || /mono|courier|cmtt|code/i.test(line.font)) continue;
    const s = stats.get(line.font) ?? { lines: 0, short: 0 };
    s.lines++;
    if (line.rowPeers === 1 && words(line.text).length <= 12 && /^[\p{Lu}\d]/u.test(line.text) && !/[.,;:-]$/.test(line.text)) s.short++;
    stats.set(line.font, s);
  }
  return new Set([...stats.entries()].filter(([, s]) => s.lines >= 2 && s.short / s.lines >= 0.7).map(([font]) => font));
}
