import type { PageText, TextLine, TextRun } from './layout.types';
import { stripMarginLineNumbers } from './margin-line-numbers';

const run = (text: string, x: number, bold = false): TextRun => ({ text, x, x1: x + 6 * text.length, y: 0, size: 10, font: 'Serif', bold });

/** A line "<number> <text>" with the number in the margin at x 60 and the text from x 72. */
const numbered = (page: number, n: number | null, text: string, y: number, bold = false): TextLine => {
  const runs = [...(n === null ? [] : [run(String(n), 60), run(' ', 66)]), run(text, 72, bold)];
  return {
    page,
    text: n === null ? text : `${n} ${text}`,
    x0: n === null ? 72 : 60,
    x1: 400,
    y,
    size: 10,
    font: 'Serif',
    boldRatio: bold ? text.length / (text.length + (n === null ? 0 : String(n).length)) : 0,
    runs,
    rowPeers: 1,
  };
};

const page = (number: number, lines: TextLine[]): PageText => ({ number, width: 612, height: 792, sideText: [], lines });

/** Ten lines numbered on from `first`, the fourth a bold heading "2.1 Methods". */
const lineNumberedPage = (number: number, first: number) =>
  page(
    number,
    Array.from({ length: 10 }, (_, i) =>
      i === 3
        ? numbered(number, first + i, '2.1 Methods', 700 - 14 * i, true)
        : numbered(number, first + i, `sentence ${i} of the text`, 700 - 14 * i),
    ),
  );

describe(stripMarginLineNumbers.name, () => {
  it('drops the margin line numbers of a line-numbered document, so a heading reads without them', () => {
    const out = stripMarginLineNumbers([lineNumberedPage(1, 1), lineNumberedPage(2, 11), lineNumberedPage(3, 21)]);
    const heading = out[1].lines[3];
    expect(heading.text).toBe('2.1 Methods');
    expect(heading.x0).toBe(72);
    expect(heading.boldRatio).toBe(1);
    expect(out[0].lines[0].text).toBe('sentence 0 of the text');
  });

  it('keeps a numbered list on one page of a document whose other pages carry no line numbers', () => {
    const plain = (n: number) =>
      page(
        n,
        Array.from({ length: 10 }, (_, i) => numbered(n, null, `plain sentence ${i}`, 700 - 14 * i)),
      );
    const list = page(
      2,
      Array.from({ length: 10 }, (_, i) => numbered(2, i + 1, `item ${i + 1} of the list`, 700 - 14 * i)),
    );
    const out = stripMarginLineNumbers([plain(1), list, plain(3), plain(4)]);
    expect(out[1].lines[0].text).toBe('1 item 1 of the list');
  });

  it('keeps leading numbers that do not count up down the page', () => {
    const years = (n: number) =>
      page(
        n,
        Array.from({ length: 10 }, (_, i) =>
          numbered(n, [1999, 2004, 1987, 2012, 1990, 2001, 1995, 2010, 1985, 2020][i], 'was a year', 700 - 14 * i),
        ),
      );
    const out = stripMarginLineNumbers([years(1), years(2), years(3)]);
    expect(out[0].lines[0].text).toBe('1999 was a year');
  });

  it('keeps the numbers of code lines, numbered in a listing on page after page', () => {
    const code = (n: number) => ({
      ...lineNumberedPage(n, 10 * n),
      lines: lineNumberedPage(n, 10 * n).lines.map((l) => ({ ...l, font: 'LMMono10-Regular' })),
    });
    const out = stripMarginLineNumbers([code(1), code(2), code(3)]);
    expect(out[1].lines[3].text).toBe('23 2.1 Methods');
  });

  it('drops numbers set smaller than the text that read as lines of their own, and those of a title page that numbers fewer lines', () => {
    // lineno in a tiny font: where a number's baseline is not its line's exactly, pdf.js gives it a line of its own.
    const lone = (pg: number, n: number, y: number): TextLine => ({
      ...numbered(pg, null, String(n), y),
      x0: 60,
      size: 5,
      runs: [{ ...run(String(n), 60), size: 5 }],
    });
    const body = (pg: number, first: number) =>
      page(
        pg,
        Array.from({ length: 10 }, (_, i) =>
          i % 2 ? numbered(pg, first + i, `joined line ${i}`, 700 - 14 * i) : numbered(pg, null, `list item ${i}`, 700 - 14 * i),
        ).flatMap((l, i) => (i % 2 ? [l] : [lone(pg, first + i, 700 - 14 * i), l])),
      );
    // The title page: centred author and affiliation lines (none numbered) outnumber the numbered ones.
    const title = page(1, [
      ...Array.from({ length: 12 }, (_, i) => ({ ...numbered(1, null, `Affiliation ${i}`, 740 - 10 * i), x0: 250 })),
      ...Array.from({ length: 4 }, (_, i) => lone(1, i + 1, 600 - 14 * i)),
      numbered(1, 5, '1. INTRODUCTION', 530),
    ]);
    const out = stripMarginLineNumbers([title, body(2, 6), body(3, 16), body(4, 26)]);
    const texts = out.flatMap((p) => p.lines.map((l) => l.text));
    expect(texts.filter((t) => /^\d/.test(t))).toEqual(['1. INTRODUCTION']);
    expect(texts).toContain('list item 0');
    expect(texts).toContain('joined line 1');
  });

  it('keeps lone numbers in the margin column of a document that does not number its lines', () => {
    const figures = (pg: number) =>
      page(
        pg,
        Array.from({ length: 10 }, (_, i) =>
          i % 3 ? numbered(pg, null, `sentence ${i}`, 700 - 14 * i) : { ...numbered(pg, null, String(i + 1), 700 - 14 * i), x0: 60 },
        ),
      );
    const out = stripMarginLineNumbers([figures(1), figures(2), figures(3)]);
    expect(out[0].lines.map((l) => l.text)).toContain('4');
  });
});
