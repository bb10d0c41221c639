import type { PageText, TextLine, TextRun } from './layout.types';
import { dropRepeatedMarginNotes } from './margin-notes';

const run = (text: string, x: number, x1: number, size = 10): TextRun => ({ text, x, x1, y: 0, size, font: 'Serif', bold: false });

const line = (y: number, runs: TextRun[]): TextLine => ({
  page: 1,
  text: runs.map((r) => r.text).join(''),
  x0: runs[0].x,
  x1: Math.max(...runs.map((r) => r.x1)),
  y,
  size: Math.max(...runs.map((r) => r.size)),
  font: 'Serif',
  boldRatio: 0,
  runs: runs.map((r) => ({ ...r, y })),
  rowPeers: 1,
});

/** Justified body lines ending at x 451, then a heading with a sidenote at x 463 in 8-point type. */
const pageWith = (heading: TextLine): PageText => ({
  number: 1,
  width: 612,
  height: 792,
  sideText: [],
  lines: [...[700, 688, 676, 664].map((y) => line(y, [run('I use git to manage some packages and would like a hook', 107, 451)])), heading],
});

describe(dropRepeatedMarginNotes.name, () => {
  it('drops a margin note that repeats its heading, so the heading is read once', () => {
    const heading = line(640, [
      run('1.1', 107, 123, 14),
      run(' ', 123, 138, 14),
      run('Methods', 138, 190, 14),
      run(' ', 190, 463, 14),
      run('Methods', 463, 490, 8),
    ]);
    const [out] = dropRepeatedMarginNotes([pageWith(heading)]);
    expect(out.lines[4].text).toBe('1.1 Methods');
    expect(out.lines[4].x1).toBe(190);
  });

  it('keeps a margin note that says something else, and one set as large as its line', () => {
    const other = line(640, [run('1.1 Methods', 107, 190, 14), run(' ', 190, 463, 14), run('see p. 4', 463, 490, 8)]);
    const large = line(640, [run('1.1 Methods', 107, 190, 14), run(' ', 190, 463, 14), run('Methods', 463, 530, 14)]);
    const pages = [pageWith(other), pageWith(large)];
    expect(dropRepeatedMarginNotes(pages)).toEqual(pages);
  });
});
