import type { TextRun } from './layout.types';

/** Baselines this many font sizes apart are two printed lines, not a raised or lowered run of one line. */
const LINE_APART_EM = 0.8;
/** Each line must carry this many letters: a fraction's numerator or a limit under a sum is not a line. */
const MIN_LETTERS = 8;

const lettersOf = (runs: TextRun[]) => runs.reduce((n, r) => n + (r.text.match(/\p{L}/gu)?.length ?? 0), 0);

/**
 * A row can take in the next printed line below it: a larger line in the other column stretches the row's box
 * until the smaller line under the first one overlaps it ("[22] Donald E. Knuth. 1997." then "Algorithms (3rd.
 * ed.)" read as one line). Runs at baselines a line apart whose text lies over the same stretch of the page cannot
 * be one line; they are parted again, top line first.
 */
export function splitStackedRuns(segment: TextRun[]): TextRun[][] {
  const inked = segment.filter((r) => r.text.trim());
  if (inked.length < 2) return [segment];
  const baselines: { y: number; size: number; runs: TextRun[] }[] = [];
  for (const run of [...inked].sort((a, b) => b.y - a.y)) {
    const last = baselines[baselines.length - 1];
    if (last && last.y - run.y < LINE_APART_EM * Math.min(last.size, run.size)) {
      last.runs.push(run);
      last.size = Math.max(last.size, run.size);
    } else baselines.push({ y: run.y, size: run.size, runs: [run] });
  }
  if (baselines.length < 2 || baselines.some((b) => lettersOf(b.runs) < MIN_LETTERS)) return [segment];
  const extent = (runs: TextRun[]) => [Math.min(...runs.map((r) => r.x)), Math.max(...runs.map((r) => r.x1))];
  const stacked = baselines.slice(1).every((b, i) => {
    const [a0, a1] = extent(baselines[i].runs);
    const [b0, b1] = extent(b.runs);
    return Math.min(a1, b1) - Math.max(a0, b0) > b.size;
  });
  if (!stacked) return [segment];
  // Blank runs (word spaces) go with the line whose baseline they sit on.
  for (const blank of segment.filter((r) => !r.text.trim())) {
    const nearest = baselines.reduce((best, b) => (Math.abs(b.y - blank.y) < Math.abs(best.y - blank.y) ? b : best));
    nearest.runs.push(blank);
  }
  return baselines.map((b) => b.runs.sort((x, y) => x.x - y.x));
}
