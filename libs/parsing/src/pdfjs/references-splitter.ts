import type { ParsedBlock } from '../article';
import { pageStartsOf } from './block-pages';
import type { FlowLine } from './layout.types';
import { joinLine, type Vocabulary } from './line-joiner';

const BRACKET_START = /^\[(\d{1,4}|[A-Za-z+]{1,8}\d{0,4}[a-z]?)\]/;
const NUMBER_START = /^(\d{1,3})([a-z]?)[.)]?\s*(?=[\p{Lu}\p{Lt}\u201c"'(])/u;

/**
 * Splits a references section into one block per entry, using the first convention the list follows:
 * `[n]` labels, `n.` numbers counting up, hanging indents, or blank space between entries.
 */
export function splitReferences(lines: FlowLine[], vocabulary?: Vocabulary): ParsedBlock[] {
  if (lines.length === 0) return [];
  const starts = bracketStarts(lines) ?? numberStarts(lines) ?? layoutStarts(lines);
  const blocks: ParsedBlock[] = [];
  let text = '';
  let entry: FlowLine[] = [];
  // An entry printed across a page break keeps where it crosses, like a paragraph.
  const close = () => {
    const pageStarts = pageStartsOf(entry, text);
    blocks.push({ text, page: entry[0].page, kind: 'text', ...(pageStarts ? { pageStarts } : {}) });
  };
  lines.forEach((line, i) => {
    if (starts[i] && text) {
      close();
      text = '';
    }
    if (!text) entry = [];
    entry.push(line);
    text = joinLine(text, line.text, vocabulary);
  });
  if (text) close();
  return blocks;
}

function bracketStarts(lines: FlowLine[]): boolean[] | null {
  const starts = lines.map((l) => BRACKET_START.test(l.text));
  return starts.filter(Boolean).length >= Math.max(2, lines.length * 0.15) ? starts : null;
}

/** Numbered lists: a line starts an entry when it carries the next number in sequence. */
function numberStarts(lines: FlowLine[]): boolean[] | null {
  let expected = 1;
  let found = 0;
  const numbers = lines.map((line) => NUMBER_START.exec(line.text));
  const nextNumber = (i: number) => numbers.slice(i + 1).find((m) => m !== null)?.[1];
  const starts = lines.map((line, i) => {
    const m = numbers[i];
    if (!m) return false;
    const n = Number(m[1]);
    // Past a run of labels lost to the layout (a raised label read into the other column's row) the count
    // resumes where the next label carries on from this one.
    const resumes = n > expected && Number(nextNumber(i)) - n >= 1 && Number(nextNumber(i)) - n <= 2;
    if (n === expected || (n > expected && n <= expected + 2) || (m[2] && n === expected - 1) || resumes) {
      expected = n + 1;
      found++;
      return true;
    }
    return false;
  });
  return found >= Math.max(3, lines.length * 0.12) ? starts : null;
}

/** Hanging indents (continuations indented) or, failing that, extra vertical space between entries. */
function layoutStarts(lines: FlowLine[]): boolean[] {
  const indent = (l: FlowLine) => l.x0 - l.columnLeft;
  const flush = lines.filter((l) => indent(l) < 0.3 * l.size).length;
  const indented = lines.filter((l) => indent(l) > 0.7 * l.size && indent(l) < 4 * l.size).length;
  const hanging = flush >= 2 && indented >= flush * 0.5;
  const spacing = usualGap(lines);
  return lines.map((line, i) => {
    if (i === 0) return true;
    const prev = lines[i - 1];
    if (hanging) return indent(line) < 0.3 * line.size;
    if (line.page !== prev.page || line.columnStart) return /[.]$/.test(prev.text);
    return prev.y - line.y > spacing + 0.2 * line.size;
  });
}

/** The most common distance between consecutive lines: the spacing inside an entry. */
function usualGap(lines: FlowLine[]): number {
  const counts = new Map<number, number>();
  for (let i = 1; i < lines.length; i++) {
    const gap = Math.round((lines[i - 1].y - lines[i].y) * 2) / 2;
    if (gap > 0 && lines[i].page === lines[i - 1].page) counts.set(gap, (counts.get(gap) ?? 0) + 1);
  }
  const mode = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0];
  return mode ?? 1.2 * lines[0].size;
}

/**
 * Letters (REVTeX and others) print the bibliography without a heading, sometimes with body text still
 * running in the next column. From a `[1]` line followed by `[2]` and `[3]` in the same style, the lines
 * in that style are the references; the rest stays body text.
 */
export function findUnlabeledReferences(lines: FlowLine[]): Set<FlowLine> | null {
  const start = lines.findIndex((l) => entryNumber(l) === 1);
  if (start < 0) return null;
  const first = lines[start];
  const family = fontFamily(first.font);
  const sameStyle = (l: FlowLine) => Math.abs(l.size - first.size) < 0.3 && fontFamily(l.font) === family;
  const rest = lines.slice(start).filter(sameStyle);
  if (!rest.some((l) => entryNumber(l) === 2) || !rest.some((l) => entryNumber(l) === 3)) return null;
  // Raised numbers also mark footnotes; a bibliography's entries open with a name ("R. P. Feynman, …").
  const raised = rest.filter((l) => entryNumber(l) !== null && !l.text.startsWith('['));
  const named = raised.filter((l) => INITIALS_FIRST.test(l.text.replace(/^\d{1,3}\s?/, ''))).length;
  if (raised.length && named < 0.6 * raised.length) return null;
  return new Set(rest);
}

/** "R. P. Feynman", "J.-P. Serre": initials, then a surname. */
const INITIALS_FIRST = /^(?:\p{Lu}\.\s?-?)+\s?\p{Lu}[\p{L}'’-]+/u;

/** An entry's number: "[12] …", or a raised "12" set smaller than the entry's text (AAPM, AIP: "12 R. P. Feynman, …"). */
function entryNumber(line: FlowLine): number | null {
  const bracket = /^\[(\d{1,3})\]\s/.exec(line.text);
  if (bracket) return Number(bracket[1]);
  const [label, next] = line.runs.filter((r) => r.text.trim());
  if (!label || !next || !/^\d{1,3}$/.test(label.text.trim()) || label.size > 0.85 * next.size) return null;
  return /^\p{Lu}/u.test(next.text.trim()) ? Number(label.text.trim()) : null;
}

/** A font without its weight and slant: an entry whose first line is italic (a book title) is in the list's style. */
function fontFamily(font: string): string {
  const tex = /^CM[A-Z]{1,4}(\d+)$/.exec(font);
  if (tex) return `CM${tex[1]}`;
  return font.replace(/[-,]?(bold|semibold|italic|oblique|it|bd|medium|regular|roman)+$/i, '').toLowerCase();
}

/** "Beck, T., …", "King, R. G. and …", "van Dijk, J." : an entry that opens with a surname and initials or a given name. */
const AUTHOR_YEAR_START = /^(\p{Ll}{1,3}\s)?\p{Lu}[\p{L}'’-]+,\s+(\p{Lu}\.|\p{Lu}\p{Ll}+)/u;
export const YEAR = /\((1[89]|20)\d{2}[a-z]?\)|\b(1[89]|20)\d{2}[a-z]?\b/;

/** Candidate first lines tried before giving up: keeps a long document without a list from costing n². */
const MAX_AUTHOR_YEAR_TRIES = 40;

/**
 * An author–year reference list printed without a heading after the last section ("6 Conflicts of interest",
 * then the list), or under a bold title that is no heading ("Example references"): from a line that opens such an
 * entry, at least three entries, nearly all opening with a surname and carrying a year. Text in a larger size after
 * it means it is not the end of the document; smaller text (margin comments, notes) is left out of the list.
 */
export function findAuthorYearReferences(lines: FlowLine[]): Set<FlowLine> | null {
  let tries = 0;
  for (let k = 0; k < lines.length && tries < MAX_AUTHOR_YEAR_TRIES; k++) {
    if (!AUTHOR_YEAR_START.test(lines[k].text)) continue;
    tries++;
    const size = lines[k].size;
    const later = lines.slice(k);
    if (later.some((l) => l.size > size + 0.5)) continue;
    let rest = later.filter((l) => l.size > size - 0.5);
    // A bold title inside the run ("Example references") is where the list itself starts.
    const title = rest.map(isListTitle).lastIndexOf(true);
    if (title >= 0) rest = rest.slice(title + 1);
    const entries = splitReferences(rest);
    const good = entries.filter((e) => AUTHOR_YEAR_START.test(e.text) && YEAR.test(e.text)).length;
    if (entries.length >= 3 && good >= 0.8 * entries.length) return new Set(rest);
  }
  return null;
}

function isListTitle(line: FlowLine): boolean {
  return line.boldRatio >= 0.6 && line.text.length <= 60 && !YEAR.test(line.text) && !/[.,;]$/.test(line.text.trim());
}
