import { CJK_CONTENTS_NAMES } from './cjk-section-names';
import type { ParsedBlock } from '../article';
import { baselineRowEnd } from './baseline-rows';
import type { FlowLine } from './layout.types';
import { letters, words } from './text-patterns';

/** A printed table of contents: the flow lines [start, end), its title line included, and its `toc` blocks. */
export interface TocRegion {
  start: number;
  end: number;
  /** The title as printed ("Contents", "Table of Contents"). */
  title: string;
  /** One `toc` block per page of entries, one entry per line. */
  blocks: ParsedBlock[];
  /** Flow indices of the title and entry lines (footnotes and running heads between pages are not among them). */
  lines: number[];
}

const TOC_TITLE = new RegExp(
  `^(table of contents|contents|short contents|contents at a glance|brief contents|índice|indice|contenido|sommaire|table des matières|inhaltsverzeichnis|inhalt|${CJK_CONTENTS_NAMES})$`,
  'i',
);
/** An entry ends in its page number (arabic or roman), after dotted leaders or a gap: "1.2 Scope . . . . 7". */
const ENTRY_END = /(?:^|[\s.·…])(\d{1,4}|[ivxlc]{1,7})$/i;
const LEADERS = /(?:\s*[.·…]){3,}\s*/g;
/** A line that ends in leaders and a page: the last line of a dotted entry. */
const DOTTED_END = new RegExp(`${LEADERS.source}\\S+$`);
/** A table of contents starts within this many pages of the first page (after a title page, copyright, dedication). */
const MAX_START_PAGE = 15;
const MIN_ENTRIES = 5;
/** An entry is a title, not a paragraph: at most this many words. */
const MAX_ENTRY_WORDS = 24;
/** Lines skipped at a page break (a footnote, a running head) before the entries go on. */
const MAX_PAGE_BREAK_LINES = 4;
/**
 * A long dotted entry (a title with a URL, texinfo's version notes) may wrap over this many lines before a page
 * number: two wrapped entries in a row when an unbreakable URL pushed the first one's number off the page.
 */
const MAX_DOTTED_WRAP_LINES = 5;
/** Share of consecutive arabic page numbers that must not go down: the entries follow the book. */
const MIN_ASCENDING = 0.8;

/**
 * Finds a book's printed table of contents near the front: a "Contents" title, then lines that end in a page number
 * (dotted leaders or a gap before it), an entry sometimes wrapped over two lines, over one or more pages, with page
 * numbers that go up. The region is kept out of heading detection and stored as `toc` contexts (not searched).
 */
export function findTableOfContents(flow: FlowLine[]): TocRegion | null {
  const firstPage = flow[0]?.page ?? 1;
  for (let i = 0; i < flow.length && flow[i].page <= firstPage + MAX_START_PAGE; i++) {
    if (!TOC_TITLE.test(flow[i].text.trim()) || flow[i].rowPeers > 2) continue;
    const region = readEntries(flow, i);
    if (region) return region;
  }
  return null;
}

function readEntries(flow: FlowLine[], titleAt: number): TocRegion | null {
  const entries: Entry[] = [];
  let j = titleAt + 1;
  let row = rowAt(flow, j);
  while (row) {
    const next = rowAt(flow, row.end);
    // A list of figures or tables after the contents starts its page numbers over, but goes on with entries.
    if (turnsBack(entries, row) && !(next && isEntry(next))) break;
    // A second title ("Short Contents" then "Table of Contents") goes on with the same entries.
    if (isEntry(row) || isWrapped(row, next) || isPartTitle(row, next) || isTocTitle(row) || wrapsOntoDotted(flow, row)) entries.push(row);
    else {
      const resume = entriesResume(flow, row);
      if (resume === null) break;
      row = rowAt(flow, resume);
      continue;
    }
    j = row.end;
    row = next;
  }
  const numbered = entries.filter(isEntry);
  if (numbered.length < MIN_ENTRIES || !ascending(numbered)) return null;
  return toRegion(flow, titleAt, j, entries);
}

/** The region cut short at `end` (where the PDF's outline puts a heading the entries ran into); null if none left. */
export function endTocAt(flow: FlowLine[], toc: TocRegion, end: number): TocRegion | null {
  const entries: Entry[] = [];
  for (const i of toc.lines.slice(1)) {
    if (i >= end) break;
    const last = entries[entries.length - 1];
    if (last && i < last.end) continue;
    entries.push(rowAt(flow, i)!);
  }
  return entries.length > 0 ? toRegion(flow, toc.start, end, entries) : null;
}

function toRegion(flow: FlowLine[], titleAt: number, end: number, entries: Entry[]): TocRegion {
  const byPage = new Map<number, string[]>();
  for (const line of entries) byPage.set(line.page, [...(byPage.get(line.page) ?? []), line.text.replace(LEADERS, ' … ').trim()]);
  return {
    start: titleAt,
    end,
    title: flow[titleAt].text.trim(),
    lines: [titleAt, ...entries.flatMap((e) => Array.from({ length: e.end - e.start }, (_, k) => e.start + k))],
    blocks: [...byPage].map(([page, lines]) => ({ text: lines.join('\n'), page, kind: 'toc' as const })),
  };
}

/** The flow lines on one baseline, joined left to right: a page number set far right is read as its own line. */
interface Entry {
  text: string;
  page: number;
  start: number;
  end: number;
}

/** Where the entries go on after a page break that a few non-entry lines sit across; null if they do not. */
function entriesResume(flow: FlowLine[], from: Entry): number | null {
  let row: Entry | null = from;
  for (let k = 0; row && k < MAX_PAGE_BREAK_LINES; k++) {
    const next = rowAt(flow, row.end);
    if (next && next.page !== from.page) {
      // Skip a running head ("2 Contents") on the new page, then entries must follow.
      const first = isEntry(next) || isTocTitle(next) ? next : rowAt(flow, next.end);
      return first && isEntry(first) ? first.start : null;
    }
    row = next;
  }
  return null;
}

function rowAt(flow: FlowLine[], i: number): Entry | null {
  if (i >= flow.length) return null;
  const end = baselineRowEnd(flow, i);
  const text = flow
    .slice(i, end)
    .sort((a, b) => a.x0 - b.x0)
    .map((l) => l.text.trim())
    .join(' ');
  return { text, page: flow[i].page, start: i, end };
}

/**
 * A chapter's opening label ("Chapter 1", "Part II", "Appendix A") alone on its line: what follows a contents
 * across its last page break is the first chapter, whose number is no page number.
 */
const CHAPTER_LABEL = /^(chapter|part|appendix|lecture|unit|book|kapitel|chapitre|cap[ií]tulo)\s+(\d{1,3}|[ivxlc]{1,7}|[a-z])$/i;

function isEntry(line: Entry): boolean {
  const text = line.text.trim();
  if (!ENTRY_END.test(text) || CHAPTER_LABEL.test(text)) return false;
  const title = text.replace(ENTRY_END, '').replace(LEADERS, ' ').trim();
  return titleLike(title) && words(title).length <= MAX_ENTRY_WORDS;
}

/** Two letters, or a capital with two digits (a terminal named `X11`, not a version `v0.91`): never a bare number. */
const titleLike = (title: string) => letters(title) >= 2 || (letters(title) === 1 && /\p{Lu}\p{N}{2}/u.test(title));

const isTocTitle = (line: Entry) => TOC_TITLE.test(line.text.trim());

/**
 * The first line of a dotted entry wrapped over up to `MAX_DOTTED_WRAP_LINES` lines on its page: each line short,
 * none ending in a page number until the last, which has dotted leaders (a plain line ending in a number is too
 * common in prose to carry more than one wrapped line).
 */
function wrapsOntoDotted(flow: FlowLine[], line: Entry): boolean {
  let row: Entry | null = line;
  for (let k = 0; row && k < MAX_DOTTED_WRAP_LINES; k++) {
    if (row.page !== line.page || words(row.text).length > MAX_ENTRY_WORDS) return false;
    if (k > 0 && isEntry(row)) return DOTTED_END.test(row.text.trim());
    row = rowAt(flow, row.end);
  }
  return false;
}

/** The first line of an entry wrapped over two: short of a page number, followed by the rest that has one. */
function isWrapped(line: Entry, next: Entry | null): boolean {
  return !!next && next.page === line.page && isEntry(next) && words(line.text).length <= MAX_ENTRY_WORDS && letters(line.text) >= 2;
}

/** A part title without a page number ("Part I  Foundations") right before numbered entries. */
function isPartTitle(line: Entry, next: Entry | null): boolean {
  return !!next && isEntry(next) && /^(part|appendix|appendices|book)\b/i.test(line.text.trim()) && words(line.text).length <= 8;
}

/**
 * An entry on a later page whose page number falls below the last entry's: with no entry after it, the contents ended
 * and the book began ("Chapter 1" over the first chapter's title reads like an entry for page 1).
 */
function turnsBack(entries: Entry[], row: Entry): boolean {
  // A second title ("Short Contents", then "Table of Contents") starts the page numbers over.
  const latest = [...entries].reverse();
  const title = latest.findIndex(isTocTitle);
  const since = title === -1 ? latest : latest.slice(0, title);
  const last = since.find(isEntry);
  if (!last || row.page === last.page || !isEntry(row)) return false;
  const number = (e: Entry) => Number(/(\d{1,4})$/.exec(e.text.trim())?.[1] ?? NaN);
  return number(row) < number(last);
}

/** Arabic page numbers of the entries mostly go up (roman front-matter numbers are left out). */
function ascending(entries: Entry[]): boolean {
  const numbers = entries
    .map((l) => /(\d{1,4})$/.exec(l.text.trim())?.[1])
    .filter((n): n is string => !!n)
    .map(Number);
  if (numbers.length < MIN_ENTRIES) return false;
  let up = 0;
  for (let k = 1; k < numbers.length; k++) if (numbers[k] >= numbers[k - 1]) up++;
  return up >= MIN_ASCENDING * (numbers.length - 1);
}
