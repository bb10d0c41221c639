import type { TextRun } from './layout.types';
import { splitStackedRuns } from './stacked-runs';
import { assembleLines } from './text-lines';

const run = (text: string, x: number, y: number, size: number): TextRun => ({
  text,
  x,
  x1: x + 0.5 * size * text.length,
  y,
  size,
  font: 'Serif',
  bold: false,
});

describe(splitStackedRuns.name, () => {
  it('parts two printed lines that one row took in, top line first', () => {
    const top = run('[22] Donald E. Knuth. 1997.', 54, 634.6, 7);
    const below = run('Algorithms (3rd. ed.). Addison Wesley', 69, 626.6, 7);
    expect(splitStackedRuns([top, below])).toEqual([[top], [below]]);
  });

  it('keeps a superscript and a fraction-like pair of short runs in their line', () => {
    const line = [run('the rate of decay', 54, 600, 10), run('2', 140, 604, 7)];
    expect(splitStackedRuns(line)).toEqual([line]);
    const fraction = [run('a', 100, 604, 7), run('b', 100, 598, 7)];
    expect(splitStackedRuns(fraction)).toEqual([fraction]);
  });
});

describe(`${assembleLines.name} beside a larger line in the other column`, () => {
  it('keeps a small-type entry and its next line apart when a larger line across the gutter overlaps both', () => {
    const lines = assembleLines(
      [
        run('[22] Donald E. Knuth. 1997. The Art of Computer', 54, 634.6, 7),
        run('Nam interdum magna at lectus dignissim', 328, 629.9, 9),
        run('Algorithms (3rd. ed.). Addison Wesley', 69, 626.6, 7),
      ],
      6,
    );
    expect(lines.map((l) => l.text)).toEqual([
      '[22] Donald E. Knuth. 1997. The Art of Computer',
      'Nam interdum magna at lectus dignissim',
      'Algorithms (3rd. ed.). Addison Wesley',
    ]);
  });
});
