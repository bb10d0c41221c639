import type { Heading } from './heading-detector';
import { parseNumbering } from './heading-numbering';
import type { FlowLine } from './layout.types';
import { unlistedFrontSections } from './front-matter-sections';
import { sequencedLabels, splitOutlineLabel } from './outline-numbering';
import type { PdfBookmark } from './pdf-bookmarks.reader';
import { ABSTRACT_MARKER, normalizeSpaces, REFERENCES_TITLE } from './text-patterns';

/** Below this share of bookmarks found as a line on their page, the outline does not describe the text. */
const MIN_FOUND_SHARE = 0.5;
/** A heading may wrap over this many lines. */
const MAX_HEADING_LINES = 4;
/** A label before the title on the same line(s), e.g. `Chapter 3`, `Section 2.1`, `A.1`: at most this long. */
const MAX_LABEL_CHARS = 14;

/** Letters and digits only, lowercase and without accents: spacing, hyphenation and punctuation never decide. */
export function compact(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** The title without a leading number (`2.1`, `IV.`, `A.1`, `Chapter 3`) so either side may carry it. */
function bare(text: string): string {
  const numbering = parseNumbering(normalizeSpaces(text), true);
  return compact(numbering.kind === 'none' ? text : numbering.title);
}

/**
 * The numbering printed on a heading's lines. A bare capital before the title is an appendix letter when the outline
 * titles the entry without it ("A First section of the appendix" for "First section of the appendix").
 */
function printedNumbering(lines: FlowLine[], bookmarkTitle: string) {
  const text = normalizeSpaces(lines.map((l) => l.text).join(' '));
  const plain = parseNumbering(text, false);
  const lettered = plain.kind === 'none' ? parseNumbering(text, true) : null;
  return lettered?.kind === 'letter' && compact(lettered.title) === compact(bookmarkTitle) ? lettered : plain;
}

export interface BookmarkHeadings {
  headings: Heading[];
  /** Bookmarks with a page whose title was found as a line on that page. */
  found: number;
  /** Bookmarks with a page. */
  placed: number;
}

/**
 * Headings from the PDF's outline, or null when the outline is missing or implausible (fewer than two entries,
 * or most titles not on the page their destination names): the caller then detects headings from the layout.
 * Each bookmark is matched to the line(s) on its page that spell its title, the one nearest below the
 * destination's top; a bookmark whose title is not printed there still opens a section where its destination
 * points. The hierarchy is the outline's.
 */
export function headingsFromBookmarks(
  flow: FlowLine[],
  bookmarks: PdfBookmark[],
  options: { skipAbstract: boolean; inToc?: (line: number) => boolean },
): BookmarkHeadings | null {
  const usable = bookmarks.filter((b) => b.page !== null && compact(b.title).length > 0);
  if (usable.length < 2) return null;
  const pageLines = indexPages(flow);
  const headings: Heading[] = [];
  let found = 0;
  let cursor = 0;
  // While inside the Abstract entry that front matter reads: its children (a structured abstract's "Background",
  // "Methods") are its text, not sections, and must not take the body's lines of the same titles.
  let abstractLevel: number | null = null;
  const sequenced = sequencedLabels(usable);
  const repeats = occurrences(usable);
  for (const [k, bookmark] of usable.entries()) {
    if (abstractLevel !== null && bookmark.level > abstractLevel) continue;
    abstractLevel = null;
    const page = bookmark.page as number;
    const range = pageLines.get(page);
    const match = (range ? findTitle(flow, range, bookmark, cursor, repeats[k]) : null) ?? opensNextPage(flow, pageLines, bookmark, cursor);
    if (match) found++;
    if (options.skipAbstract && ABSTRACT_MARKER.test(bookmark.title) && compact(bookmark.title).length <= 8) {
      abstractLevel = bookmark.level;
      continue;
    }
    const start =
      match?.start ?? colocatedStart(flow, usable, k, range, cursor, repeats) ?? placeByDestination(flow, pageLines, bookmark, cursor);
    if (start === null) continue;
    const end = match?.end ?? start;
    const numbering = parseNumbering(normalizeSpaces(bookmark.title), false);
    const lineNumbering = match ? printedNumbering(flow.slice(match.start, match.end), bookmark.title) : null;
    const label = numbering.kind === 'none' ? splitOutlineLabel(normalizeSpaces(bookmark.title), lineNumbering, sequenced.has(k)) : null;
    const printed = label?.number ?? numbering.number ?? (lineNumbering && lineNumbering.kind !== 'none' ? lineNumbering.number : null);
    // "0" is the abstract's number: a chapter printed "0." goes unnumbered rather than pose as it.
    const number = printed === '0' ? null : printed;
    const title = label?.title ?? (numbering.kind === 'none' ? normalizeSpaces(bookmark.title) : numbering.title);
    headings.push({ start, end, number, title, level: bookmark.level, references: REFERENCES_TITLE.test(title) });
    cursor = end;
  }
  if (found / usable.length < MIN_FOUND_SHARE) return null;
  const top = Math.min(...usable.map((b) => b.level));
  const front = unlistedFrontSections(flow, headings[0]?.start ?? flow.length, top).filter((h) => !options.inToc?.(h.start));
  return { headings: [...front, ...headings], found, placed: usable.length };
}

/** Entries after one share its destination when they point at the same place (a slide's section and its first subsection). */
const MAX_COLOCATED = 3;

/**
 * Where an entry whose title is not printed opens when the entries right after it point at the same place and one of
 * them is printed (beamer: a section with no title of its own, anchored with its first subsection, whose title the
 * slide's headline prints above the destination): at that printing, so the two open together and neither swallows it.
 */
function colocatedStart(
  flow: FlowLine[],
  usable: PdfBookmark[],
  k: number,
  range: [number, number] | undefined,
  cursor: number,
  repeats: Array<{ rank: number; of: number }>,
): number | null {
  const here = usable[k];
  if (!range || here.top === null) return null;
  for (let j = k + 1; j < Math.min(usable.length, k + 1 + MAX_COLOCATED); j++) {
    const next = usable[j];
    if (next.page !== here.page || next.top === null || Math.abs(next.top - here.top) >= 1) return null;
    const match = findTitle(flow, range, next, cursor, repeats[j]);
    if (match) return match.start;
  }
  return null;
}

/** How many lines at the head of the next page an unprinted title is looked for in. */
const NEXT_PAGE_HEAD_LINES = 3;

/**
 * A title its destination's page does not print, printed at the head of the next page: the anchor was set before a
 * page break (an unnumbered chapter such as a bibliography added to the outline before its page is begun).
 */
function opensNextPage(flow: FlowLine[], pages: Map<number, [number, number]>, bookmark: PdfBookmark, cursor: number) {
  const next = pages.get((bookmark.page as number) + 1);
  if (!next) return null;
  const head: [number, number] = [next[0], Math.min(next[1], next[0] + NEXT_PAGE_HEAD_LINES)];
  return findTitle(flow, head, { ...bookmark, page: (bookmark.page as number) + 1, top: null }, cursor, { rank: 0, of: 1 });
}

/** Flow index range [from, to) of each page's lines; the flow is in page order. */
function indexPages(flow: FlowLine[]): Map<number, [number, number]> {
  const ranges = new Map<number, [number, number]>();
  flow.forEach((line, i) => {
    const range = ranges.get(line.page);
    if (range) range[1] = i + 1;
    else ranges.set(line.page, [i, i + 1]);
  });
  return ranges;
}

/**
 * The lines on the page that spell the bookmark's title (possibly wrapped, possibly after a label such as
 * `Chapter 3`), at or after `cursor`. A title printed more than once on the page (a template repeating "Second level
 * head") is taken in reading order: the outline's k-th entry of that title on the page gets the k-th printing, when
 * the counts agree; otherwise the printing closest below the destination's top, in the destination's column, wins.
 */
function findTitle(
  flow: FlowLine[],
  range: [number, number],
  bookmark: PdfBookmark,
  cursor: number,
  occurrence: { rank: number; of: number },
): { start: number; end: number } | null {
  const wanted = bare(bookmark.title);
  const spans = titleSpans(flow, range, bookmark, wanted);
  const printings = overlapGroups(spans);
  const nearest = (candidates: Array<{ start: number; end: number }>) => {
    let best: { start: number; end: number; distance: number } | null = null;
    for (const span of candidates) {
      if (span.start < cursor) continue;
      const distance = bookmark.top === null ? span.start - range[0] : distanceBelow(flow[span.start], bookmark);
      if (!best || distance < best.distance) best = { ...span, distance };
    }
    return best;
  };
  if (occurrence.of > 1 && printings.length === occurrence.of) {
    const own = nearest(printings[occurrence.rank]);
    if (own) return { start: own.start, end: own.end };
  }
  const best = nearest(spans);
  if (best) return { start: best.start, end: best.end };
  return bookmark.top === null ? null : findLeadIn(flow, range, bookmark, cursor, wanted);
}

/** Every run of lines on the page that spells the title, in reading order (a label line with it, and without). */
function titleSpans(
  flow: FlowLine[],
  [from, to]: [number, number],
  bookmark: PdfBookmark,
  wanted: string,
): Array<{ start: number; end: number }> {
  const full = compact(bookmark.title);
  const spans: Array<{ start: number; end: number }> = [];
  for (let i = from; i < to; i++) {
    let joined = '';
    for (let j = i; j < Math.min(to, i + MAX_HEADING_LINES); j++) {
      joined += compact(unlinked(flow[j].text));
      if (!joined) break;
      const hit =
        joined === full ||
        joined === wanted ||
        bare(
          flow
            .slice(i, j + 1)
            .map((l) => unlinked(l.text))
            .join(' '),
        ) === wanted ||
        labelled(joined, wanted);
      if (hit) {
        spans.push({ start: i, end: j + 1 });
        break;
      }
      if (!full.startsWith(joined) && !wanted.startsWith(joined) && joined.length > MAX_LABEL_CHARS + wanted.length) break;
    }
  }
  return spans;
}

/** Spans that share lines are one printing of the title (with and without the label line above it). */
function overlapGroups(spans: Array<{ start: number; end: number }>): Array<Array<{ start: number; end: number }>> {
  const groups: Array<Array<{ start: number; end: number }>> = [];
  for (const span of spans) {
    const last = groups[groups.length - 1];
    if (last && span.start < Math.max(...last.map((s) => s.end))) last.push(span);
    else groups.push([span]);
  }
  return groups;
}

/** texinfo prints a link's address in brackets after its text ("Terry Fox Day (http://…)"); outline titles drop it. */
const unlinked = (text: string) => text.replace(/\((?:https?|ftp):\/\/[^\s)]*\)?/g, ' ');

/** Each usable bookmark's rank among the entries of the same title on the same page, and how many there are. */
function occurrences(bookmarks: PdfBookmark[]): Array<{ rank: number; of: number }> {
  const keys = bookmarks.map((b) => `${b.page}|${bare(b.title)}`);
  const totals = new Map<string, number>();
  for (const key of keys) totals.set(key, (totals.get(key) ?? 0) + 1);
  const seen = new Map<string, number>();
  return keys.map((key) => {
    const rank = seen.get(key) ?? 0;
    seen.set(key, rank + 1);
    return { rank, of: totals.get(key) ?? 1 };
  });
}

/**
 * A title that only begins a line right below the destination (a command's entry in a manual: `\newcommand{…}` under
 * a bookmark `\newcommand`): the section starts at that line, which stays part of the text.
 */
function findLeadIn(
  flow: FlowLine[],
  [from, to]: [number, number],
  bookmark: PdfBookmark,
  cursor: number,
  wanted: string,
): { start: number; end: number } | null {
  if (wanted.length < 3) return null;
  const top = bookmark.top as number;
  for (let i = Math.max(from, cursor); i < to; i++) {
    const line = flow[i];
    const below = top - line.y;
    if (below < -line.size || below > 3 * line.size + 2) continue;
    if (compact(line.text).startsWith(wanted) || bare(line.text).startsWith(wanted)) return { start: i, end: i };
  }
  return null;
}

/** What may precede the title once compacted: a label word and its number or letter (`chapter3`, `a1`, `621` for "6.2.1"). */
const LABEL = /^(?:(?:chapter|section|part|appendix)(?:\d+|[ivxlc]+|[a-z])?|[a-z]?\d+)$/;

/** `chapter3introduction` spells `introduction` after a short label (never after the end of the line above). */
const labelled = (joined: string, wanted: string) =>
  wanted.length >= 3 &&
  joined.endsWith(wanted) &&
  joined.length - wanted.length <= MAX_LABEL_CHARS &&
  LABEL.test(joined.slice(0, joined.length - wanted.length));

/** Past the text's width, a destination's x lies in another column than the line: it names the column. */
const COLUMN_SLACK = 12;

/**
 * How far a line sits from the destination's top: a line just below is closest, one above costs more, and one in
 * another column than the destination's x (two columns print the same y twice) costs more than any on its column.
 */
function distanceBelow(line: FlowLine, bookmark: PdfBookmark): number {
  const below = (bookmark.top as number) - line.y;
  const distance = below >= -2 * line.size ? Math.abs(below) : 4 * Math.abs(below);
  const left = bookmark.left ?? null;
  const elsewhere = left !== null && (left < line.columnLeft - COLUMN_SLACK || left > line.columnRight);
  return elsewhere ? distance + 10_000 : distance;
}

/** Where a bookmark whose title is not printed opens its section: the first line below its destination's top. */
function placeByDestination(
  flow: FlowLine[],
  pageLines: Map<number, [number, number]>,
  bookmark: PdfBookmark,
  cursor: number,
): number | null {
  const range = pageLines.get(bookmark.page as number);
  if (!range) {
    // A page without text (a figure page): the section starts with the next page that has some.
    const later = [...pageLines.entries()].filter(([page]) => page > (bookmark.page as number)).sort((a, b) => a[0] - b[0])[0];
    return later ? Math.max(cursor, later[1][0]) : null;
  }
  const [from, to] = range;
  for (let i = Math.max(from, cursor); i < to; i++) {
    if (bookmark.top === null || flow[i].y <= bookmark.top + 1) return i;
  }
  return Math.max(cursor, Math.min(to, flow.length));
}
