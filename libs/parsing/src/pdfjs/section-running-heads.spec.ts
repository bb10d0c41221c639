import type { PageText, TextLine } from './layout.types';
import { findSectionRunningHeads } from './section-running-heads';

const BODY = 10;
const TOP_BAND = 0.12;

const line = (page: number, text: string, y: number, size = BODY, font = 'Serif-Italic'): TextLine => ({
  page,
  text,
  x0: 72,
  x1: 300,
  y,
  size,
  font,
  boldRatio: 0,
  runs: [],
  rowPeers: 1,
});

/** A 40-page book: body text on every page, and whatever `top` sets above it. */
const book = (top: (n: number) => TextLine[]): PageText[] =>
  Array.from({ length: 40 }, (_, i) => ({
    number: i + 1,
    width: 612,
    height: 792,
    sideText: [],
    lines: [
      line(i + 1, `Body text on page ${i + 1}`, 650, BODY, 'Serif'),
      line(i + 1, 'More body text', 600, BODY, 'Serif'),
      ...top(i + 1),
    ],
  }));

const texts = (heads: Set<TextLine>) => [...heads].map((l) => `${l.page}:${l.text}`);

describe(findSectionRunningHeads.name, () => {
  it('finds a section head repeated on every other page of a short section, though it covers far fewer than a quarter of the pages', () => {
    // Pages 6–16: the section's name on the even pages, the chapter's on the odd ones; no running head elsewhere.
    const pages = book((n) => (n >= 6 && n <= 16 ? [line(n, n % 2 === 0 ? 'Customization of environments' : 'Chapter Two', 740)] : []));
    const heads = texts(findSectionRunningHeads(pages, 10, BODY, TOP_BAND));
    expect(heads).toContain('6:Customization of environments');
    expect(heads).toContain('16:Customization of environments');
    expect(heads.filter((h) => h.endsWith('Customization of environments'))).toHaveLength(6);
  });

  it('finds the heads of a reserved slot whose texts change every page or two', () => {
    // Sections of one or two pages each: most heads recur once, a few appear once only; all share one height and font.
    const names = ['Counter settings', 'Counter settings', 'Formatting labels', 'Formatting labels', 'Replacing tags'];
    const pages = book((n) => (n <= 20 ? [line(n, `${Math.ceil(n / 2)} ${names[(n - 1) % names.length]}`, 740)] : []));
    expect(findSectionRunningHeads(pages, 10, BODY, TOP_BAND).size).toBe(20);
  });

  it('finds the heads of a reserved slot whose texts each repeat a heading printed larger below', () => {
    // One section a page, each page's head naming it; the section's heading itself, larger, opens the text block.
    const pages = book((n) =>
      n <= 12
        ? [
            line(n, `${n}. Section number ${'abcdefghijkl'[n - 1]}`, 740),
            line(n, `${n}. Section number ${'abcdefghijkl'[n - 1]}`, 690, 14, 'Sans-Bold'),
          ]
        : [],
    );
    const heads = findSectionRunningHeads(pages, 10, BODY, TOP_BAND);
    expect([...heads].map((l) => l.y)).toEqual(Array(12).fill(740));
  });

  it('keeps a heading set larger than the body even when it opens several pages at one height', () => {
    const pages = book((n) => (n % 10 === 1 ? [line(n, 'Example', 740, 14, 'Sans-Bold')] : []));
    expect(findSectionRunningHeads(pages, 10, BODY, TOP_BAND).size).toBe(0);
  });

  it('keeps a top line that recurs only twice, outside any reserved slot', () => {
    const pages = book((n) => (n === 3 || n === 9 ? [line(n, 'Further examples', 740)] : []));
    expect(findSectionRunningHeads(pages, 10, BODY, TOP_BAND).size).toBe(0);
  });

  it('keeps the text block’s first lines, which share one height on every page but do not recur', () => {
    const words = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta'];
    const sentence = (n: number) => `continues the ${words[n % 8]} argument with ${words[(n * 3) % 8]} and ${words[Math.floor(n / 8)]}`;
    const pages = book((n) => [line(n, sentence(n), 740, BODY, 'Serif')]);
    expect(findSectionRunningHeads(pages, 10, BODY, TOP_BAND).size).toBe(0);
  });

  it('ignores repeated lines below the top band', () => {
    const pages = book((n) => (n >= 6 && n <= 12 ? [line(n, 'Customization of environments', 680)] : []));
    expect(findSectionRunningHeads(pages, 10, BODY, TOP_BAND).size).toBe(0);
  });

  it('keeps bold headings that open page after page where body text also opens pages, at the text block’s top', () => {
    // No running heads: every page starts at y 740, with a bold "Example" heading on every fourth page.
    const pages = book((n) => [
      n % 4 === 0
        ? line(n, 'Example', 740, BODY, 'Serif-Bold')
        : line(n, `Running prose ${String.fromCharCode(97 + (n % 26), 97 + Math.floor(n / 26))}`, 740, BODY, 'Serif'),
    ]);
    expect(findSectionRunningHeads(pages, 10, BODY, TOP_BAND).size).toBe(0);
  });

  it('keeps bold headings at the top of page after page, followed by text at a heading’s usual distance', () => {
    // Body text opens the other pages lower down, at 721; a heading opening a page sits at 740 with its text at 721.
    const pages = book((n) => [
      n % 4 === 0
        ? line(n, 'Example', 740, BODY, 'Serif-Bold')
        : line(n, `Running prose ${String.fromCharCode(97 + (n % 26), 97 + Math.floor(n / 26))}`, 721, BODY, 'Serif'),
      ...(n % 4 === 0 ? [line(n, 'The example shows', 721, BODY, 'Serif')] : []),
    ]);
    expect(findSectionRunningHeads(pages, 10, BODY, TOP_BAND).size).toBe(0);
  });
});
