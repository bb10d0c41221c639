import { isBold, type FlowLine } from './layout.types';
import { lineKey } from './text-patterns';

/** A line led by a bare counter: "30 Tircis", "7 k-’AwAz-i dohol …"; a section number with a dot is not one. */
const COUNTED = /^(\d{1,4})\s+(\S.*)$/u;
/** A counter's run: this many numbered lines at least … */
const MIN_RUN = 6;
/** … of which this share repeats a text printed earlier in the run. */
const MIN_REPEAT_SHARE = 0.25;

interface CounterRun {
  lines: number[];
  repeats: number;
  seen: Set<string>;
}

/**
 * Lines that a counter numbers one after the other while their texts recur: a play's numbered speeches ("4 Tircis",
 * "8 Tircis", "24 Tircis") or an edition's numbered verse lines ("10 ast", "12 ast"). Section numbers count up too,
 * but a section's title is never printed again under the next numbers, so a run whose texts repeat is a counter's
 * and none of its lines is a heading. Lines in between (the speeches, a footnote) do not break the run. Where the
 * counter numbers every line of the text (an edition's line numbers), a line set larger or bolder than most of the
 * run's lines is a heading among them ("5 2.1 Left section") and stays.
 */
export function numberedCueLines(flow: FlowLine[], from: number): Set<number> {
  const runs: CounterRun[] = [];
  // Each run waits for its next number; a number no run waits for opens a new run.
  const waiting = new Map<number, CounterRun>();
  for (let i = from; i < flow.length; i++) {
    const m = COUNTED.exec(flow[i].text.trim());
    if (!m) continue;
    const n = Number(m[1]);
    let run = waiting.get(n);
    if (run) waiting.delete(n);
    else {
      run = { lines: [], repeats: 0, seen: new Set() };
      runs.push(run);
    }
    const key = lineKey(m[2]);
    if (run.seen.has(key)) run.repeats++;
    run.seen.add(key);
    run.lines.push(i);
    waiting.set(n + 1, run);
  }
  const cues = runs.filter((r) => r.lines.length >= MIN_RUN && r.repeats >= MIN_REPEAT_SHARE * r.lines.length);
  return new Set(
    cues.flatMap((r) => {
      const style = runStyle(flow, r.lines);
      return r.lines.filter((i) => !standsOut(flow[i], style));
    }),
  );
}

/** A run's usual size (its median) and the share of its lines set in bold, read once per run. */
function runStyle(flow: FlowLine[], lines: number[]): { usual: number; boldShare: number } {
  const sizes = lines.map((k) => flow[k].size).sort((a, b) => a - b);
  return { usual: sizes[Math.floor(sizes.length / 2)], boldShare: lines.filter((k) => isBold(flow[k])).length / lines.length };
}

/** Set larger than the run's usual size, or bold where most of the run is not. */
function standsOut(line: FlowLine, { usual, boldShare }: { usual: number; boldShare: number }): boolean {
  return line.size > usual + 0.5 || (isBold(line) && boldShare < 0.5);
}
