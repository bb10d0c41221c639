import type { PageText, TextLine } from './layout.types';

/** A head repeated on this many pages is furniture even where it covers far fewer than a quarter of them. */
export const MIN_HEAD_PAGES = 3;

/**
 * Running heads that name the current chapter or section ("Customization of verbatim environments" on pages 6, 8, …,
 * 16, the section's name on the odd pages between) repeat only while that part lasts: far fewer than the quarter of a
 * book's pages that marks a journal's running head. They are still each page's top line, in text no larger than the
 * body's, and either
 * - one text recurs there on three pages or more, or
 * - the top lines of a quarter of the pages share one height, font and size, and most of their texts are printed
 *   again (a section two pages long shows its head twice; a head repeats the heading of its section): a slot the
 *   layout reserves for heads, whatever each one says.
 * A real heading that opens several pages sits where the text block starts, closer to the text below, and is usually
 * set larger.
 */
export function findSectionRunningHeads(pages: PageText[], minPages: number, bodySize: number, topBand: number): Set<TextLine> {
  const tops = pages.flatMap((page) => {
    if (page.lines.length === 0) return [];
    const top = page.lines.reduce((a, b) => (b.y > a.y ? b : a));
    return top.y > page.height * (1 - topBand) && top.size <= bodySize + 0.5 ? [top] : [];
  });
  const byText = groupBy(tops, (line) => `${Math.round(line.y / 4)}|${textKey(line)}`);
  const heads = new Set([...byText.values()].filter((lines) => lines.length >= MIN_HEAD_PAGES).flat());
  // Each text as often as it is printed anywhere: a head repeats its own page's heading or another page's head.
  const everywhere = new Map<string, number>();
  for (const line of pages.flatMap((p) => p.lines)) {
    const key = textKey(line);
    everywhere.set(key, (everywhere.get(key) ?? 0) + 1);
  }
  for (const slot of groupBy(tops, (line) => `${Math.round(line.y / 2)}|${line.font}|${line.size.toFixed(1)}`).values()) {
    if (slot.length < Math.max(MIN_HEAD_PAGES, minPages)) continue;
    const recurring = slot.filter((line) => (everywhere.get(textKey(line)) ?? 0) >= 2).length;
    if (recurring * 2 >= slot.length) slot.forEach((line) => heads.add(line));
  }
  // A head sits above the text block. Where body text opens pages at the same height, the repeated top lines are
  // headings opening those pages (a bold "Example" on one page after another), not heads.
  // Nor is a top line followed at a heading's usual distance (LaTeX sets ~1.9 body sizes below a body-size heading);
  // the space below a head is wider (~2.5 or more).
  const blockTop = textBlockTop(pages, heads);
  const gapBelow = (line: TextLine) =>
    Math.min(...(pages.find((p) => p.number === line.page)?.lines ?? []).map((l) => line.y - l.y).filter((d) => d > 1));
  return new Set([...heads].filter((line) => line.y > blockTop + bodySize / 2 && gapBelow(line) >= MIN_GAP_BELOW * bodySize));
}

/** How high body text starts on a page (the 90th percentile over pages of the highest line in the body font). */
function textBlockTop(pages: PageText[], heads: Set<TextLine>): number {
  const chars = new Map<string, number>();
  for (const line of pages.flatMap((p) => p.lines)) chars.set(line.font, (chars.get(line.font) ?? 0) + line.text.length);
  const bodyFont = [...chars.entries()].reduce((a, b) => (b[1] > a[1] ? b : a), ['', 0])[0];
  const tops = pages
    .map((page) => Math.max(...page.lines.filter((l) => l.font === bodyFont && !heads.has(l)).map((l) => l.y)))
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  return tops.length === 0 ? -Infinity : tops[Math.floor(0.9 * (tops.length - 1))];
}

/** The space from a head's baseline down to the text's first, in body sizes. */
const MIN_GAP_BELOW = 2.1;

/** A line's text with its digits and spaces evened out: a head's key across the pages it repeats on. */
export const textKey = (line: TextLine) =>
  line.text
    .toLowerCase()
    .replace(/[0-9]+/g, '#')
    .replace(/\s+/g, '');

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/** The font size that sets the most characters: the body text's. */
export function dominantSize(pages: PageText[]): number {
  const chars = new Map<number, number>();
  for (const line of pages.flatMap((p) => p.lines)) {
    const size = Math.round(line.size * 2) / 2;
    chars.set(size, (chars.get(size) ?? 0) + line.text.length);
  }
  return [...chars.entries()].reduce((a, b) => (b[1] > a[1] ? b : a), [0, 0])[0];
}
