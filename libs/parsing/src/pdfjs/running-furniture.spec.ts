import type { PageText, TextLine } from './layout.types';
import { removeRunningFurniture } from './running-furniture';

const line = (page: number, text: string, y: number): TextLine => ({
  page,
  text,
  x0: 72,
  x1: 300,
  y,
  size: 9,
  font: 'Times-Roman',
  boldRatio: 0,
  runs: [],
  rowPeers: 1,
});

const pages = (count: number, extra: (n: number) => TextLine[]): PageText[] =>
  Array.from({ length: count }, (_, i) => ({
    number: i + 1,
    width: 612,
    height: 792,
    sideText: [],
    lines: [line(i + 1, `Body text on page ${i + 1}`, 400), ...extra(i + 1)],
  }));

describe(removeRunningFurniture.name, () => {
  it('removes a running head repeated on many pages and page numbers', () => {
    const { pages: kept, removed } = removeRunningFurniture(
      pages(6, (n) => [line(n, 'Journal of Examples (2020) 12:34', 760), line(n, String(n), 30)]),
    );
    expect(kept.every((p) => p.lines.map((l) => l.text).join() === `Body text on page ${p.number}`)).toBe(true);
    expect(removed).toHaveLength(12);
  });

  it('removes numbered running heads set below the usual band in a deep top margin', () => {
    const { pages: kept } = removeRunningFurniture(
      pages(8, (n) => [line(n, `${n > 4 ? 2 : 1} ${n > 4 ? 'IMPLEMENTATION' : 'USAGE'} ${n}`, 692)]),
    );
    expect(kept.flatMap((p) => p.lines).every((l) => l.text.startsWith('Body'))).toBe(true);
  });

  it('keeps chapter headings that open their pages at one height, whose numbers do not follow the pages', () => {
    const titles = ['Getting Started', 'Recording Water Levels', 'Reducing the Observations', 'Maintenance'];
    // Below the usual band, within the deeper one numbered heads may use: chapter n opens page 2n − 1.
    const { pages: kept } = removeRunningFurniture(
      pages(8, (n) => (n % 2 === 1 ? [line(n, `${(n + 1) / 2} ${titles[(n - 1) / 2]}`, 660)] : [])),
    );
    expect(kept.flatMap((p) => p.lines).filter((l) => !l.text.startsWith('Body'))).toHaveLength(4);
  });

  it('keeps a heading that ends in a number when no other page has a line like it at that height', () => {
    const { pages: kept } = removeRunningFurniture(pages(8, (n) => (n === 3 ? [line(n, 'Results for 2020', 692)] : [])));
    expect(kept[2].lines.map((l) => l.text)).toContain('Results for 2020');
  });

  it('removes book-style heads that change with the chapter but carry the page number', () => {
    const { pages: kept } = removeRunningFurniture(
      pages(8, (n) => [line(n, n % 2 ? `1.${n}. Section ${n} ${n}` : `${n} Chapter ${Math.ceil(n / 4)}. Things`, 760)]),
    );
    expect(kept.flatMap((p) => p.lines).every((l) => l.text.startsWith('Body'))).toBe(true);
  });

  it('keeps text that recurs at different heights (a repeated table row is not a running head)', () => {
    const { pages: kept } = removeRunningFurniture(pages(4, (n) => [line(n, 'Baselines', 740 - 10 * n)]));
    expect(kept.flatMap((p) => p.lines).filter((l) => l.text === 'Baselines')).toHaveLength(4);
  });

  it('removes a front matter’s few roman-numbered heads set at body size, however long the book', () => {
    // Pages 6–8 print "vi Preface", "0.1. Using the code vii", "viii Preface"; the 40-page book has no other heads.
    const roman = ['vi Preface', '0.1. Using the code vii', 'viii Preface'];
    const { pages: kept } = removeRunningFurniture(pages(40, (n) => (n >= 6 && n <= 8 ? [line(n, roman[n - 6], 760)] : [])));
    expect(kept.flatMap((p) => p.lines).filter((l) => !l.text.startsWith('Body'))).toHaveLength(0);
  });

  it('keeps short sections that open consecutive pages in a larger type, although their numbers advance with the pages', () => {
    const titles = ['5 Notes for Compatibility', '6 Limitations', '7 Technical Information'];
    const opening = (n: number) => ({ ...line(n, titles[n - 18], 745), size: 16 });
    const { pages: kept } = removeRunningFurniture(pages(40, (n) => (n >= 18 && n <= 20 ? [opening(n)] : [])));
    expect(kept.flatMap((p) => p.lines).filter((l) => !l.text.startsWith('Body'))).toHaveLength(3);
  });

  it('removes a running head set a sixth of the page down, in a deep top margin, on every other page of a short paper', () => {
    // Five pages: the title page has none; even pages print the title, odd pages the authors, above the text block.
    const head = (n: number) => line(n, n % 2 ? 'a. smith et al' : 'a short research title', 680);
    const { pages: kept } = removeRunningFurniture(
      pages(5, (n) => [...(n > 1 ? [head(n)] : []), line(n, `first line of the text on page ${n}`, 655)]),
    );
    expect(kept.flatMap((p) => p.lines).filter((l) => /title|et al/.test(l.text))).toHaveLength(0);
    expect(kept.flatMap((p) => p.lines).filter((l) => l.text.startsWith('first line'))).toHaveLength(5);
  });

  it('keeps a lone capital letter in the bottom band, an index’s group label, where no page prints capital roman numbers', () => {
    const labels = ['C', 'D', 'I', 'L', 'M', 'V'];
    const { pages: kept } = removeRunningFurniture(pages(6, (n) => [line(n, labels[n - 1], 60), line(n, String(n), 30)]));
    expect(kept.flatMap((p) => p.lines.map((l) => l.text)).filter((t) => /^[A-Z]$/.test(t))).toEqual(labels);
  });

  it('removes lone capital roman page numbers where other pages print capital roman numbers of two letters', () => {
    const numbers = ['I', 'II', 'III', 'IV', 'V', 'VI'];
    const { pages: kept } = removeRunningFurniture(pages(6, (n) => [line(n, numbers[n - 1], 30)]));
    expect(kept.flatMap((p) => p.lines).every((l) => l.text.startsWith('Body'))).toBe(true);
  });
});
