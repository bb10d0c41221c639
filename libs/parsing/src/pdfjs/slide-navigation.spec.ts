import type { PageLink, PageText, TextLine } from './layout.types';
import { isSlideDeck, readSlideDeck } from './slide-deck';

/** A line of one run, as `assembleLines` gives it. */
function line(page: number, text: string, x: number, y: number, size = 11): TextLine {
  const x1 = x + text.length * size * 0.5;
  return {
    page,
    text,
    x0: x,
    x1,
    y,
    size,
    font: 'Sans',
    boldRatio: 0,
    rowPeers: 1,
    runs: [{ text, x, x1, y, size, font: 'Sans', bold: false }],
  };
}

const linkOver = (l: TextLine, target: number): PageLink => ({ x0: l.x0 - 1, x1: l.x1 + 1, y0: l.y - 2, y1: l.y + l.size, target });

/** A 4:3 beamer page (363 × 272 pt) with a frame title, a body line and the given navigation lines linking to pages. */
function slide(
  number: number,
  nav: [text: string, x: number, y: number, size: number, target: number][],
  width = 363,
  height = 272,
): PageText {
  const navLines = nav.map(([text, x, y, size]) => line(number, text, x, y, size));
  return {
    number,
    width,
    height,
    lines: [
      line(number, `Frame title ${number}`, 10, 235, 13),
      line(number, `What slide ${number} says, at body size.`, 14, 180),
      ...navLines,
    ],
    sideText: [],
    links: navLines.map((l, i) => linkOver(l, nav[i][4])),
  };
}

/** A sidebar listing two sections (size 6) and their subsections (size 5, indented), as beamer's sidebar theme does. */
const sidebar: [string, number, number, number, number][] = [
  ['Talk Title', 300, 262, 6, 1],
  ['Motivation', 300, 200, 6, 2],
  ['Why now', 303, 190, 5, 2],
  ['Prior work', 303, 180, 5, 3],
  ['Method', 300, 170, 6, 4],
  ['Sampling', 303, 160, 5, 4],
];

describe(readSlideDeck.name, () => {
  it('reads sections and indented or smaller subsections from a sidebar, each at the slide its link goes to', () => {
    const pages = [1, 2, 3, 4, 5].map((n) => slide(n, sidebar));
    const { deck } = readSlideDeck(pages);
    expect(deck?.entries).toEqual([
      { title: 'Motivation', level: 1, page: 2 },
      { title: 'Why now', level: 2, page: 2 },
      { title: 'Prior work', level: 2, page: 3 },
      { title: 'Method', level: 1, page: 4 },
      { title: 'Sampling', level: 2, page: 4 },
    ]);
  });

  it('takes the navigation and text repeated at one place off every slide, and keeps the slides’ own text', () => {
    const { pages } = readSlideDeck([1, 2, 3, 4, 5].map((n) => slide(n, sidebar)));
    const texts = pages.flatMap((p) => p.lines.map((l) => l.text));
    for (const nav of ['Motivation', 'Why now', 'Sampling', 'Talk Title']) expect(texts).not.toContain(nav);
    expect(texts).toEqual(expect.arrayContaining(['Frame title 3', 'What slide 3 says, at body size.']));
  });

  it('names the deck by its navigation’s link back to a title slide that prints the same name', () => {
    const pages = [1, 2, 3, 4, 5].map((n) => slide(n, sidebar));
    pages[0].lines.push(line(1, 'Talk Title', 40, 150, 18));
    expect(readSlideDeck(pages).deck?.title).toBe('Talk Title');
    expect(readSlideDeck([1, 2, 3, 4, 5].map((n) => slide(n, sidebar))).deck?.title).toBeNull();
  });

  it('reads a headline’s row of sections as one level, and an outline frame’s numbered sections without their numbers', () => {
    const headline: [string, number, number, number, number][] = [
      ['Motivation', 10, 262, 6, 3],
      ['Method', 80, 262, 6, 4],
      ['Results', 150, 262, 6, 5],
    ];
    const pages = [1, 2, 3, 4, 5].map((n) => slide(n, headline));
    const outline = slide(2, [
      ['1 Motivation', 40, 200, 11, 3],
      ['Prior work', 52, 186, 11, 3],
      ['2 Method', 40, 172, 11, 4],
      ['3 Results', 40, 158, 11, 5],
    ]);
    pages[1] = { ...outline, lines: [...outline.lines, ...pages[1].lines.slice(2)], links: [...outline.links!, ...pages[1].links!] };
    const { deck, pages: cleaned } = readSlideDeck(pages);
    expect(deck?.entries).toEqual([
      { title: 'Motivation', level: 1, page: 3 },
      { title: 'Prior work', level: 2, page: 3 },
      { title: 'Method', level: 1, page: 4 },
      { title: 'Results', level: 1, page: 5 },
    ]);
    // The outline frame is printed once: it is that slide's text, not furniture.
    expect(cleaned[1].lines.map((l) => l.text)).toEqual(expect.arrayContaining(['1 Motivation', 'Prior work']));
  });

  it('finds section slides — one short name mid-slide — but not a frame title alone at the top or a one-sentence slide', () => {
    const only = (n: number, text: string, y: number): PageText => ({ ...slide(n, []), lines: [line(n, text, 40, y, 16)], links: [] });
    const pages = [slide(1, []), only(2, 'Background', 140), slide(3, []), only(4, 'A figure slide', 240), only(5, 'We stop here.', 140)];
    pages.push(only(6, 'Findings', 130), slide(7, []));
    expect(readSlideDeck(pages).deck?.sectionSlides).toEqual([
      { title: 'Background', level: 1, page: 2 },
      { title: 'Findings', level: 1, page: 6 },
    ]);
  });

  it('leaves a document of portrait pages, or of landscape pages in small type, unread', () => {
    const portrait = [1, 2, 3, 4].map((n) => slide(n, sidebar, 595, 842));
    expect(readSlideDeck(portrait)).toEqual({ pages: portrait, deck: null });
    const report = [1, 2, 3, 4].map((n) => ({ ...slide(n, [], 842, 595) }));
    expect(isSlideDeck(report)).toBe(false);
    expect(isSlideDeck([1, 2, 3, 4].map((n) => slide(n, [])))).toBe(true);
  });
});
