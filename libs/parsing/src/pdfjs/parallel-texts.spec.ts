import type { PageText, TextLine, TextRun } from './layout.types';
import { readParallelTexts } from './parallel-texts';

const run = (text: string, x: number, size = 10, bold = false): TextRun => ({
  text,
  x,
  x1: x + 0.5 * size * text.length,
  y: 0,
  size,
  font: bold ? 'Serif-Bold' : 'Serif',
  bold,
});

/** One printed row from its pieces (the reader fuses pieces on one baseline when gaps hold spaces). */
const row = (page: number, y: number, runs: TextRun[]): TextLine => ({
  page,
  text: runs.map((r) => r.text).join(' '),
  x0: runs[0].x,
  x1: Math.max(...runs.map((r) => r.x1)),
  y,
  size: Math.max(...runs.map((r) => r.size)),
  font: runs.find((r) => r.text.trim())!.font,
  boldRatio: 0,
  runs: runs.map((r) => ({ ...r, y })),
  rowPeers: 1,
});

const page = (number: number, lines: TextLine[]): PageText => ({ number, width: 612, height: 792, sideText: [], lines });

const LEFT = ['Arma virumque cano, Troiae qui', 'primus ab oris Italiam, fato', 'profugus, Laviniaque venit'];
const RIGHT = ['I sing of arms and the man, who', 'first from the shores of Troy', 'came, exiled by fate, to Italy'];

/**
 * A page of two parallel columns: each row holds a line of the left text (its number in the left margin) and the
 * same line of the right text (its number after it, with the side letter "R"). The third row is a section heading.
 */
function columnsPage(number: number, first: number): PageText {
  return page(
    number,
    Array.from({ length: 6 }, (_, k) => {
      const n = first + k;
      const heading = k === 2;
      const left = heading ? '1.1 Prooemium' : LEFT[k % 3];
      const right = heading ? '1.1 Prologue' : RIGHT[k % 3];
      const size = heading ? 14 : 10;
      return row(number, 700 - 16 * k, [
        run(String(n), 80, 7),
        run(' ', 84, 7),
        run(left, 100, size, heading),
        run(' ', 260, size),
        run(right, 310, size, heading),
        run(' ', 480, size),
        run(`${n}R`, 520, 7),
      ]);
    }),
  );
}

/** Facing pages: the left text on an even page (numbers in the left margin), the right text opposite ("1R"). */
function facingPages(left: number, first: number): PageText[] {
  const lines = (side: 'left' | 'right', pageNumber: number) =>
    Array.from({ length: 6 }, (_, k) => {
      const n = first + k;
      const text = k === 2 ? `2.${first} ${side === 'left' ? 'Prooemium' : 'Prologue'}` : (side === 'left' ? LEFT : RIGHT)[k % 3];
      const size = k === 2 ? 14 : 10;
      return side === 'left'
        ? row(pageNumber, 700 - 16 * k, [run(String(n), 80, 7), run(' ', 84, 7), run(text, 100, size)])
        : row(pageNumber, 700 - 16 * k, [run(text, 100, size), run(' ', 400, size), run(`${n}R`, 520, 7)]);
    });
  return [page(left, lines('left', left)), page(left + 1, lines('right', left + 1))];
}

describe(readParallelTexts.name, () => {
  it('parts each row of two parallel columns at the gutter, so each column reads on its own without line numbers', () => {
    const out = readParallelTexts([columnsPage(5, 1), columnsPage(6, 7)]);
    const texts = out[0].lines.map((l) => l.text);
    expect(texts).toContain('1.1 Prooemium');
    expect(texts).toContain('1.1 Prologue');
    expect(texts).toContain(LEFT[0]);
    expect(texts).toContain(RIGHT[0]);
    expect(out[0].lines).toHaveLength(12);
    expect(out[1].lines.every((l) => !/\d+R$/.test(l.text) && !/^\d+ /.test(l.text))).toBe(true);
    const prologue = out[0].lines.find((l) => l.text === '1.1 Prologue')!;
    expect([prologue.x0, prologue.size]).toEqual([310, 14]);
  });

  it('reads facing pages each as its own text, the left without its margin numbers and the right without "1R"', () => {
    const out = readParallelTexts([...facingPages(6, 1), ...facingPages(8, 7)]);
    expect(out[0].lines[2].text).toBe('2.1 Prooemium');
    expect(out[1].lines[2].text).toBe('2.1 Prologue');
    expect(out[3].lines[0].text).toBe(RIGHT[0]);
    expect(out.every((p) => p.lines.length === 6)).toBe(true);
  });

  it('drops side numbers read as lines of their own, printed on every second line ("2r", "4r")', () => {
    const rightPage = (number: number, first: number) =>
      page(
        number,
        Array.from({ length: 6 }, (_, k) => row(number, 700 - 16 * k, [run(RIGHT[k % 3], 100)])).flatMap((line, k) =>
          (first + k) % 2 === 0 ? [line, row(number, line.y, [run(`${first + k}r`, 520, 7)])] : [line],
        ),
      );
    const out = readParallelTexts([rightPage(7, 1), rightPage(9, 7)]);
    expect(out.map((p) => p.lines.length)).toEqual([6, 6]);
    expect(out[1].lines.map((l) => l.text)).toEqual([...RIGHT, ...RIGHT]);
  });

  it('leaves a document alone when only one page ends its lines with side-lettered numbers', () => {
    const pages = [columnsPage(5, 1), page(6, [row(6, 700, [run('A closing remark on the edition.', 100)])])];
    expect(readParallelTexts(pages)).toBe(pages);
  });

  it('leaves a two-column article alone: its rows are not numbered with a side letter', () => {
    const journal = (number: number) =>
      page(
        number,
        Array.from({ length: 8 }, (_, k) =>
          row(number, 700 - 12 * k, [run(LEFT[k % 3], 72), run(' ', 232), run(RIGHT[k % 3], 310), run(' ', 470), run(`${k + 1}`, 520, 7)]),
        ),
      );
    const pages = [journal(1), journal(2)];
    expect(readParallelTexts(pages)).toBe(pages);
  });
});
