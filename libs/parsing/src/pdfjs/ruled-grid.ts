import { baselineRowEnd } from './baseline-rows';
import type { FlowLine, TextRun } from './layout.types';
import type { RuledBox } from './ruled-tables';
import { joinRuns, type Cell, type Row } from './table-rows';

/** Where most baselines have a rule between them, each ruled band is one row (a cell's text may wrap). */
const RULED_ROWS_SHARE = 0.5;

/**
 * The rows of a ruled grid, lines [start, end) of the flow: columns between the vertical rules (every run goes to the
 * column its middle falls in, however narrow the gap to its neighbour), rows between the horizontal rules when
 * (nearly) every row is ruled, else one row per baseline. Every row has one cell per column, empty ones included.
 */
export function ruledGridRows(flow: FlowLine[], start: number, end: number, box: RuledBox): Row[] {
  const bounds = [box.x0, ...box.xs, box.x1];
  const baselines: Array<[number, number]> = [];
  for (let i = start; i < end;) {
    const e = Math.min(end, baselineRowEnd(flow, i));
    baselines.push([i, e]);
    i = e;
  }
  const byBand = box.ys.length - 1 >= RULED_ROWS_SHARE * baselines.length;
  const band = (i: number) => box.ys.filter((y) => y > flow[i].y).length;
  const groups: Array<[number, number]> = [];
  for (const [s, e] of baselines) {
    const last = groups[groups.length - 1];
    if (byBand && last && band(last[0]) === band(s)) last[1] = e;
    else groups.push([s, e]);
  }
  return groups.map(([s, e]) => ({ start: s, end: e, cells: cellsBetween(flow.slice(s, e), bounds) }));
}

function cellsBetween(lines: FlowLine[], bounds: number[]): Cell[] {
  const parts: string[][] = bounds.slice(1).map(() => []);
  for (const line of [...lines].sort((a, b) => b.y - a.y)) {
    const perColumn = new Map<number, TextRun[]>();
    for (const run of line.runs) {
      if (!run.text.trim()) continue;
      const middle = (run.x + run.x1) / 2;
      const right = bounds.findIndex((b, j) => j > 0 && middle < b);
      const k = right < 0 ? bounds.length - 2 : Math.max(0, right - 1);
      perColumn.set(k, [...(perColumn.get(k) ?? []), run]);
    }
    for (const [k, runs] of perColumn) parts[k].push(joinRuns([...runs].sort((a, b) => a.x - b.x)));
  }
  return parts.map((texts, k) => ({ text: texts.join(' ').replace(/\s+/g, ' ').trim(), x0: bounds[k], x1: bounds[k + 1] }));
}
