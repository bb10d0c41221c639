import type { PageText, TextLine } from './layout.types';
import { romanToInt } from './section-numbering';
import { dominantSize, findSectionRunningHeads, MIN_HEAD_PAGES, textKey } from './section-running-heads';

/** Running headers and footers live in these top and bottom shares of the page. */
const BAND = 0.12;
/** A running head that carries the page number may sit lower: books with deep top margins set it at ~13–20%. */
const NUMBERED_HEAD_BAND = 0.2;
const PAGE_NUMBER = /^(page\s*)?([0-9]{1,4}|[ivxlcdm]{1,6})(\s*(of|\/)\s*[0-9]{1,4})?$/i;
const NUMBER_AT_START = /^([0-9]{1,4}|[ivxlcdm]{1,6})\s+\S/i;
const NUMBER_AT_END = /\S\s+([0-9]{1,4}|[ivxlcdm]{1,6})$/i;

export interface FurnitureResult {
  pages: PageText[];
  /** The removed lines, still useful for metadata (journal name, year, DOI). */
  removed: TextLine[];
}

/**
 * Drops page numbers and lines that repeat in the top or bottom band on many pages (journal running
 * heads, "Page 3 of 9"), comparing text with digits blanked so that changing numbers still match.
 */
export function removeRunningFurniture(pages: PageText[]): FurnitureResult {
  const pagesByKey = new Map<string, Set<number>>();
  for (const page of pages) {
    for (const line of page.lines) {
      const key = bandKey(line, page);
      if (!key) continue;
      const set = pagesByKey.get(key) ?? new Set<number>();
      set.add(page.number);
      pagesByKey.set(key, set);
    }
  }
  const minPages = Math.max(2, Math.ceil(pages.length * 0.25));
  const bodySize = dominantSize(pages);
  const numberedHeads = findNumberedRunningHeads(pages, minPages, bodySize);
  // A deep top margin sets the head lower than the band (~15% down): the section heads' own guards (the page's top
  // line, above the text block with a head's wide space below) let them look as deep as a numbered head may sit.
  const sectionHeads = findSectionRunningHeads(pages, minPages, bodySize, NUMBERED_HEAD_BAND);
  const isPageNumber = pageNumberTest(pages);
  const removed: TextLine[] = [];
  const kept = pages.map((page) => {
    const lines = page.lines.filter((line) => {
      const key = bandKey(line, page);
      if (!key && !numberedHeads.has(line) && !sectionHeads.has(line)) return true;
      const furniture =
        numberedHeads.has(line) ||
        sectionHeads.has(line) ||
        (key !== null && (isPageNumber(line.text) || (pagesByKey.get(key)?.size ?? 0) >= minPages));
      if (furniture) removed.push(line);
      return !furniture;
    });
    return { ...page, lines };
  });
  return { pages: kept, removed };
}

/**
 * Book-style running heads change with the chapter or section ("2 Chapter 1. Compilation", "1.3. The
 * compilation process 3"), so their text does not repeat; what repeats is a top or bottom line carrying
 * the page number at one end, set at the same height and size on many pages.
 */
function findNumberedRunningHeads(pages: PageText[], minPages: number, bodySize: number): Set<TextLine> {
  const bySignature = new Map<string, TextLine[]>();
  for (const page of pages) {
    if (page.lines.length === 0) continue;
    const top = page.lines.reduce((a, b) => (b.y > a.y ? b : a));
    const bottom = page.lines.reduce((a, b) => (b.y < a.y ? b : a));
    for (const line of [top, bottom]) {
      const inBand = line.y > page.height * (1 - NUMBERED_HEAD_BAND) || line.y < page.height * NUMBERED_HEAD_BAND;
      if (!inBand) continue;
      // The number must advance with the page: chapter headings opening each page ("1 Getting Started", "2 Recording")
      // sit at one height and size too, but their numbers do not follow the pages. Either end may hold it ("1 USAGE 3").
      for (const printed of printedPageNumbers(line.text)) {
        const signature = `${Math.round(line.y / 2)}|${line.size.toFixed(1)}|${printed - page.number}`;
        bySignature.set(signature, [...(bySignature.get(signature) ?? []), line]);
      }
    }
  }
  // A front matter's roman-numbered heads ("vi Chapter 0. Preface", "0.1. Using the code vii") run for a few pages
  // only; a short run counts when set no larger than the body, as chapters opening consecutive pages are not.
  const isHeads = (lines: TextLine[]) =>
    lines.length >= Math.max(MIN_HEAD_PAGES, minPages) ||
    (lines.length >= MIN_HEAD_PAGES && lines.every((line) => line.size <= bodySize + 0.5));
  return new Set([...bySignature.values()].filter(isHeads).flat());
}

/**
 * A lone capital C, D, I, L, M, V or X in a band is an index's group label as often as a roman page number: it counts
 * as a page number only where the bands also carry capital roman numbers of two letters or more ("II", "XIV").
 */
function pageNumberTest(pages: PageText[]): (text: string) => boolean {
  const capitalRomans = pages.some((page) =>
    page.lines.some((line) => bandKey(line, page) !== null && /^[IVXLCDM]{2,6}$/.test(line.text.trim())),
  );
  return (text) => PAGE_NUMBER.test(text) && (capitalRomans || !/^[IVXLCDM]$/.test(text.trim()));
}

/** The numbers at either end of a running head ("2 Chapter 1. Compilation", "1.3. The process 3"): page candidates. */
function printedPageNumbers(text: string): number[] {
  const ends = [NUMBER_AT_START.exec(text)?.[1], NUMBER_AT_END.exec(text)?.[1]];
  const numbers = ends.flatMap((n) => (n === undefined ? [] : [/^\d+$/.test(n) ? Number(n) : romanToInt(n.toUpperCase())]));
  return [...new Set(numbers)];
}

function bandKey(line: TextLine, page: PageText): string | null {
  const top = line.y > page.height * (1 - BAND);
  const bottom = line.y < page.height * BAND;
  if (!top && !bottom) return null;
  // Same text at the same height: a table row that recurs lower down is not a running head.
  return `${top ? 'T' : 'B'}|${Math.round(line.y / 4)}|${textKey(line)}`;
}
