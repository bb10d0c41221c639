import type { ContextKind, ParsedBlock } from '../article';
import { ocrProvenance } from '../ocr/ocr-blocks';
import { pageStartsOf } from './block-pages';
import { isBold, type FlowLine } from './layout.types';
import { joinLine, type Vocabulary } from './line-joiner';
import { CAPTION } from './text-patterns';

export interface Paragraph {
  lines: FlowLine[];
  text: string;
}

/**
 * Groups a section's lines into paragraphs. A paragraph broken by a column or page change, or by a float
 * or footnote in between, is continued when its last line ran to the column edge and the next body line
 * is not indented; the interrupting smaller text is emitted after the paragraph instead of inside it.
 */
export function buildParagraphs(lines: FlowLine[], vocabulary?: Vocabulary): ParsedBlock[] {
  return groupParagraphs(lines, vocabulary).map(toBlock);
}

export const toBlock = (p: Paragraph): ParsedBlock => {
  const pageStarts = pageStartsOf(p.lines, p.text);
  return {
    text: p.text,
    page: p.lines[0].page,
    kind: kindOf(p.text),
    ...ocrProvenance(p.lines),
    ...(pageStarts ? { pageStarts } : {}),
  };
};

export function groupParagraphs(lines: FlowLine[], vocabulary?: Vocabulary): Paragraph[] {
  const out: Paragraph[] = [];
  let pending: Paragraph[] = [];
  let current: Paragraph | null = null;
  let open: Paragraph | null = null;
  const pageTops = new Set(lines.filter((l, i) => i === 0 || lines[i - 1].page !== l.page));
  const flushPending = () => {
    out.push(...pending);
    pending = [];
  };
  for (const line of lines) {
    if (current && (opensWithLabel(current, line) || continues(current, line, pageTops))) {
      append(current, line, vocabulary);
      continue;
    }
    if (open && open !== current && resumes(open, line, pageTops)) {
      append(open, line, vocabulary);
      current = open;
      continue;
    }
    const paragraph: Paragraph = { lines: [line], text: line.text };
    const aside = open !== null && line.size < lastLine(open).size - 0.5 && isUnfinished(open) && !isLabel(open);
    if (aside) pending.push(paragraph);
    else {
      flushPending();
      out.push(paragraph);
      open = paragraph;
    }
    current = paragraph;
  }
  flushPending();
  return out;
}

const lastLine = (p: Paragraph) => p.lines[p.lines.length - 1];

function append(p: Paragraph, line: FlowLine, vocabulary?: Vocabulary): void {
  const prev = lastLine(p);
  p.lines.push(line);
  // Pieces of one row (a justified line split at wide gaps) are words, never a line-break hyphen.
  p.text =
    Math.abs(prev.y - line.y) < 0.3 * line.size && prev.page === line.page
      ? `${p.text} ${line.text}`
      : joinLine(p.text, line.text, vocabulary);
}

const indent = (line: FlowLine) => line.x0 - line.columnLeft;

/** Within one column: same size, normal line spacing, no first-line indent after a finished line. */
function continues(p: Paragraph, line: FlowLine, pageTops?: ReadonlySet<FlowLine>): boolean {
  const prev = lastLine(p);
  if (line.page !== prev.page || line.columnStart) return resumes(p, line, pageTops);
  // Another piece of the same row (a justified line with wide gaps, a table row).
  if (Math.abs(prev.y - line.y) < 0.3 * line.size && line.x0 >= prev.x1 - 1) return true;
  if (Math.abs(line.size - prev.size) > 0.5) return false;
  const gap = prev.y - line.y;
  if (gap <= 0 || gap > Math.max(prev.leading * 1.3, prev.size * 1.45) + 0.5) return false;
  const em = line.size;
  if (indent(line) > indent(prev) + 0.6 * em && indent(line) < 6 * em && indent(prev) < 0.5 * em) return false;
  const short = prev.x1 < prev.columnRight - 2.5 * em;
  if (short && /[.!?:]["”’)]?$/.test(prev.text)) return false;
  return true;
}

/**
 * A short bold label on a line of its own ("Objective", "Procedure:") set at or above the body size heads the text
 * right under it, also an indented list: it opens that paragraph rather than waiting, unfinished, for the next label.
 */
function opensWithLabel(p: Paragraph, line: FlowLine): boolean {
  if (!isLabel(p)) return false;
  const label = p.lines[0];
  if (line.page !== label.page || line.columnStart || isBold(line)) return false;
  if (label.size < line.size - 0.5 || line.x0 < label.x0 - 1) return false;
  // Room for a small inline picture between a label and its list ("Equipment", a drawn part, then the items).
  const gap = label.y - line.y;
  return gap > 0 && gap <= 3.5 * label.size;
}

/** One short bold line opening with a capital and not ending a sentence: a label, never a paragraph left unfinished. */
function isLabel(p: Paragraph): boolean {
  if (p.lines.length !== 1 || !isBold(p.lines[0])) return false;
  const label = p.lines[0];
  const words = label.text.trim().split(/\s+/);
  return (
    words.length <= 4 &&
    /^\p{Lu}/u.test(label.text) &&
    !/[.!?;,]$/.test(label.text) &&
    label.x1 < (label.columnLeft + label.columnRight) / 2
  );
}

/** Across a column, page or float: only an unfinished paragraph, with a same-size, unindented line. */
function resumes(p: Paragraph, line: FlowLine, pageTops?: ReadonlySet<FlowLine>): boolean {
  const prev = lastLine(p);
  // Each slide's text is cited with its own page: a passage never runs on into the next slide.
  if (line.slideStart) return false;
  // A one-line paragraph opening its page (a slide's frame title, a title slide's title) is whole: the next page's
  // first line starts something new, though the line ends without a full stop.
  if (line.page !== prev.page && p.lines.length === 1 && pageTops?.has(prev)) return false;
  if (!isUnfinished(p) || Math.abs(line.size - prev.size) > 0.5) return false;
  if (line.page < prev.page || line.page > prev.page + 1) return false;
  return indent(line) < 0.5 * line.size && !CAPTION.test(line.text);
}

/** The last line reaches the column's right edge, or the text stops mid-sentence. */
function isUnfinished(p: Paragraph): boolean {
  const prev = lastLine(p);
  if (/[-\u2010,;]$|\p{Ll}$/u.test(p.text)) return true;
  return prev.x1 >= prev.columnRight - 1.5 * prev.size && !/[.!?:]["”’)]?$/.test(p.text);
}

const kindOf = (text: string): ContextKind =>
  CAPTION.test(text) && /^\S+\s*[0-9IVX]+[a-z]?\s*[.:|]/.test(text) ? 'figure_caption' : 'text';
