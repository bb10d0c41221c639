import type { OcrLine, OcrWord } from './ocr-engine';
import { ocrLinesToRuns, snapRunSizes } from './ocr-runs';

/** 300 dpi: 1 pt = 300/72 px. */
const SCALE = 300 / 72;
const word = (text: string, x0pt: number, x1pt: number, confidence = 95): OcrWord => ({
  text,
  x0: x0pt * SCALE,
  x1: x1pt * SCALE,
  y0: 100,
  y1: 140,
  confidence,
});
/** A line whose baseline is 140 px from the top, 11-pt type (row height 0.9 em). */
const line = (words: OcrWord[]): OcrLine => ({
  words,
  baseline: { x0: 0, y0: 140, x1: 2000, y1: 140 },
  rowHeight: 0.9 * 11 * SCALE,
  inkHeight: 0.93 * 11 * SCALE,
});

describe(ocrLinesToRuns.name, () => {
  it('makes one run of the words of a column line, and a second run across a gutter', () => {
    const runs = ocrLinesToRuns(
      [
        line([
          word('and', 72, 90),
          word('benchmarking', 93, 150),
          word('methods,', 158, 200),
          word('nodes', 307, 335),
          word('of', 338, 348),
        ]),
      ],
      SCALE,
      792,
    );
    expect(runs.map((r) => r.text)).toEqual(['and benchmarking methods,', 'nodes of']);
    expect(runs[0]).toMatchObject({ x: 72, x1: 200, size: 11, font: 'ocr', bold: false, ocrConfidence: 95 });
    // Baseline 140 px from the top of a 792-pt page.
    expect(runs[0].y).toBeCloseTo(792 - 140 / SCALE, 5);
  });

  it('drops specks: unsure symbol-only words (which would bridge a gutter) and unsure words', () => {
    const runs = ocrLinesToRuns(
      [line([word('unrealistic', 230, 290), word('~~', 293, 304, 60), word('nodes', 307, 335), word('xq', 340, 350, 20)])],
      SCALE,
      792,
    );
    expect(runs.map((r) => r.text)).toEqual(['unrealistic', 'nodes']);
  });
});

describe(snapRunSizes.name, () => {
  it("snaps sizes near the page's dominant size to it and keeps a clearly larger heading", () => {
    const run = (text: string, size: number) => ({ text, x: 0, x1: 10, y: 0, size, font: 'ocr', bold: false });
    const snapped = snapRunSizes([
      run('body text line one', 11.2),
      run('body text line two', 10.4),
      run('body three', 12),
      run('Heading', 14.3),
    ]);
    expect(snapped.map((r) => r.size)).toEqual([11.2, 11.2, 11.2, 14.5]);
  });
});
