import type { PageLink, PageText, TextRun } from './layout.types';
import { assembleLines } from './text-lines';
import { SLIDE_ASPECT } from './slide-links.reader';

/** A section or subsection of a slide deck, named by its navigation, with the slide it starts on. */
export interface SlideEntry {
  title: string;
  level: number;
  page: number;
}

export interface SlideDeck {
  /** Sections and subsections in reading order, from the navigation's links; empty when the deck has none. */
  entries: SlideEntry[];
  /** The deck's name as its navigation links it to the title slide, when the title slide prints it; else null. */
  title: string | null;
  /** Slides saying one short line in the middle of the slide (a section's opening slide), past the title slide. */
  sectionSlides: SlideEntry[];
}

/**
 * Slides set their text large for their page: a quarter of the characters (the body, past a sidebar) at least this share of the page’s
 * height (beamer's 11 pt on 272 pt is 0.04; a landscape A4 report's 12 pt on 595 pt is 0.02).
 */
const MIN_SIZE_PER_HEIGHT = 0.025;
/** Text at one position on this share of the slides (at least three) is the deck's furniture (name, logo text). */
const REPEATED_SHARE = 0.4;
/** A navigation structure lists this many sections at least (an outline frame, a sidebar, a headline). */
const MIN_NAV_LINKS = 3;

const norm = (t: string) => t.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** A deck: at least three pages, most of them landscape, with text set large for the page. */
export function isSlideDeck(pages: PageText[]): boolean {
  const withText = pages.filter((p) => p.lines.length > 0);
  if (withText.length < 3) return false;
  const landscape = withText.filter((p) => p.width >= SLIDE_ASPECT * p.height);
  if (landscape.length < 0.8 * withText.length) return false;
  // Counted by characters from the large end, so a sidebar's small type (half a beamer slide's text) does not decide.
  const sizes = withText
    .flatMap((p) => p.lines.map((l) => ({ rel: l.size / p.height, chars: l.text.length })))
    .sort((a, b) => b.rel - a.rel);
  let quarter = sizes.reduce((n, s) => n + s.chars, 0) / 4;
  const upperQuartile = sizes.find((s) => (quarter -= s.chars) <= 0);
  return (upperQuartile?.rel ?? 0) >= MIN_SIZE_PER_HEIGHT;
}

/** One navigation link found on a slide, with the text it covers. */
interface NavLink {
  key: string;
  title: string;
  target: number;
  page: number;
  x0: number;
  y: number;
  size: number;
  runs: TextRun[];
  order: number;
}

const inRect = (run: TextRun, r: PageLink) => {
  const mid = (run.x + run.x1) / 2;
  return mid >= r.x0 - 1 && mid <= r.x1 + 1 && run.y >= r.y0 - 1 && run.y <= r.y1 + 1;
};

function navLinks(page: PageText, firstPage: number, start: number): NavLink[] {
  const runs = page.lines.flatMap((l) => l.runs);
  const out: NavLink[] = [];
  for (const link of page.links ?? []) {
    // A link back to the title slide (the deck's name in a sidebar) names no section.
    if (link.target <= firstPage) continue;
    const covered = runs.filter((r) => inRect(r, link)).sort((a, b) => b.y - a.y || a.x - b.x);
    // An outline frame numbers its sections ("2 Turbines") where the headline does not.
    const title = covered
      .map((r) => r.text.trim())
      .join(' ')
      .replace(/\s+/g, ' ')
      .replace(/^\d{1,2}(\.\d{1,2})*\.?\s+(?=\p{L})/u, '')
      .trim();
    if (!/\p{L}{2}/u.test(title) || title.length > 120) continue;
    const key = `${norm(title)}@${link.target}`;
    if (out.some((n) => n.key === key && Math.abs(n.y - covered[0].y) < 1)) continue;
    const [x0, y, size] = [Math.min(...covered.map((r) => r.x)), covered[0].y, Math.max(...covered.map((r) => r.size))];
    out.push({ key, title, target: link.target, page: page.number, x0, y, size, runs: covered, order: start + out.length });
  }
  return out;
}

/**
 * Level from a vertical list of links on one page (an outline frame, a sidebar): indented or smaller than the list's
 * sections is a subsection. Links sharing a baseline (a headline's row) say nothing of levels; lists side by side (an
 * outline frame beside a sidebar) are judged apart.
 */
function levelsOnPage(links: NavLink[]): Map<string, number> {
  const column = links.filter((n) => !links.some((m) => m !== n && Math.abs(m.y - n.y) < 2));
  const levels = new Map<string, number>();
  for (const list of sideBySide(column)) {
    if (list.length < 2) continue;
    const minX = Math.min(...list.map((n) => n.x0));
    const maxSize = Math.max(...list.map((n) => n.size));
    for (const n of list) levels.set(n.key, n.x0 > minX + 2 || n.size < maxSize - 0.5 ? 2 : 1);
  }
  return levels;
}

/** Links grouped into lists whose horizontal extents overlap. */
function sideBySide(links: NavLink[]): NavLink[][] {
  const lists: { x0: number; x1: number; links: NavLink[] }[] = [];
  for (const n of [...links].sort((a, b) => a.x0 - b.x0)) {
    const x1 = Math.max(...n.runs.map((r) => r.x1));
    const list = lists.find((l) => n.x0 <= l.x1 && x1 >= l.x0);
    if (list) [list.x1, list.links] = [Math.max(list.x1, x1), [...list.links, n]];
    else lists.push({ x0: n.x0, x1, links: [n] });
  }
  return lists.map((l) => l.links);
}

/**
 * Reads a slide deck's sections from its navigation — the links its headline, sidebar and outline frames put on
 * each section's name, to the section's first slide — and takes that navigation, and text repeated at one place on
 * most slides, off the pages: it is furniture, never a passage. Not a deck: the pages unchanged and `deck` null.
 */
export function readSlideDeck(pages: PageText[]): { pages: PageText[]; deck: SlideDeck | null } {
  if (!isSlideDeck(pages)) return { pages, deck: null };
  const firstPage = pages.find((p) => p.lines.length > 0)?.number ?? 1;
  // The deck's name links to its title slide from the navigation; a link with that text elsewhere (a tree headline's
  // top row linking to the last slide) names no section and is no list's first entry.
  const nameLinks = pages.flatMap((p) => navLinks(p, 0, 0).filter((n) => n.target <= firstPage));
  const deckName = new Set(nameLinks.map((n) => norm(n.title)));
  const perPage = new Map<number, NavLink[]>();
  let order = 0;
  for (const page of pages) {
    const links = navLinks(page, firstPage, order).filter((n) => !deckName.has(norm(n.title)));
    order += links.length;
    if (new Set(links.map((n) => n.key)).size >= MIN_NAV_LINKS) perPage.set(page.number, links);
  }
  const entries = navigationEntries([...perPage.values()]);
  const title = printedOn(
    pages.find((p) => p.number === firstPage),
    nameLinks,
  );
  const furniture = furnitureRuns(pages, [...perPage.values()].flat());
  const cleaned = pages.map((page) => {
    const drop = furniture.get(page.number);
    if (!drop?.size) return page;
    const runs = page.lines.flatMap((l) => l.runs).filter((r) => !drop.has(r));
    return { ...page, lines: assembleLines(runs, page.number) };
  });
  return { pages: cleaned, deck: { entries, title, sectionSlides: sectionSlides(cleaned, firstPage) } };
}

/**
 * A section's opening slide: one short line of text, away from the top band where frame titles sit (a figure slide
 * with only its frame title is no section).
 */
function sectionSlides(pages: PageText[], firstPage: number): SlideEntry[] {
  return pages.flatMap((page) => {
    const said = page.lines.filter((l) => /\p{L}{2}/u.test(l.text));
    if (page.number <= firstPage || said.length !== 1) return [];
    const [only] = said;
    const middle = only.y > 0.2 * page.height && only.y < 0.78 * page.height;
    // A name, not a sentence: a plain slide saying one sentence is that slide's text.
    const name = only.text.length <= 60 && !/\.$/.test(only.text);
    return middle && name ? [{ title: only.text, level: 1, page: page.number }] : [];
  });
}

/** The first name link whose text the title slide prints outside its navigation (its title), or null. */
function printedOn(titlePage: PageText | undefined, nameLinks: NavLink[]): string | null {
  if (!titlePage) return null;
  const navRuns = new Set(navLinks(titlePage, 0, 0).flatMap((n) => n.runs));
  const printed = titlePage.lines.filter((l) => !l.runs.some((r) => navRuns.has(r))).map((l) => norm(l.text));
  return nameLinks.find((n) => printed.includes(norm(n.title)))?.title ?? null;
}

function navigationEntries(pages: NavLink[][]): SlideEntry[] {
  const first = new Map<string, NavLink>();
  const level = new Map<string, number>();
  let longest: NavLink[] = [];
  for (const links of pages) {
    for (const n of links) if (!first.has(n.key)) first.set(n.key, n);
    for (const [key, l] of levelsOnPage(links)) level.set(key, Math.max(level.get(key) ?? 1, l));
    for (const list of sideBySide(links)) if (list.length > longest.length) longest = list;
  }
  // Sections and subsections starting on one slide keep the order of the longest list (a sidebar, an outline frame).
  const rank = new Map([...longest].sort((a, b) => b.y - a.y).map((n, i) => [n.key, i]));
  const rankOf = (n: NavLink) => rank.get(n.key) ?? longest.length + n.order;
  return [...first.values()]
    .sort((a, b) => a.target - b.target || rankOf(a) - rankOf(b))
    .map((n) => ({ title: n.title, level: level.get(n.key) ?? 1, page: n.target }));
}

/**
 * Runs that are the deck's furniture: navigation links printed at one place on two slides or more (a sidebar, a
 * headline; an outline frame printed once stays, it is the slide's content), and any text repeated at one place on
 * a large share of the slides.
 */
function furnitureRuns(pages: PageText[], links: NavLink[]): Map<number, Set<TextRun>> {
  const at = (text: string, x: number, y: number) => `${norm(text)}|${Math.round(x / 2)}|${Math.round(y / 2)}`;
  const linkPages = new Map<string, Set<number>>();
  for (const n of links) {
    const k = at(n.title, n.x0, n.y);
    linkPages.set(k, (linkPages.get(k) ?? new Set()).add(n.page));
  }
  const runPages = new Map<string, Set<number>>();
  for (const page of pages)
    for (const run of page.lines.flatMap((l) => l.runs)) {
      const k = at(run.text, run.x, run.y);
      runPages.set(k, (runPages.get(k) ?? new Set()).add(page.number));
    }
  const minRepeats = Math.max(3, REPEATED_SHARE * pages.filter((p) => p.lines.length > 0).length);
  const out = new Map<number, Set<TextRun>>();
  const add = (page: number, run: TextRun) => out.set(page, (out.get(page) ?? new Set()).add(run));
  for (const n of links) if ((linkPages.get(at(n.title, n.x0, n.y))?.size ?? 0) >= 2) n.runs.forEach((r) => add(n.page, r));
  for (const page of pages)
    for (const run of page.lines.flatMap((l) => l.runs))
      if (norm(run.text) && (runPages.get(at(run.text, run.x, run.y))?.size ?? 0) >= minRepeats) add(page.number, run);
  return out;
}
