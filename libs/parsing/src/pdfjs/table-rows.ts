import { baselineRowEnd } from './baseline-rows';
import type { BodyStyle } from './body-style';
import type { FlowLine, TextRun } from './layout.types';
import { letters, words } from './text-patterns';

/** A gap between two pieces of a row wider than this many font sizes separates two cells. */
const CELL_GAP_EM = 0.8;
const NUMBER_CELL = /^[-+−–±]?\(?\d[\d.,]*\)?%?[*∗†‡]*$|^I\(\d\)$|^[-–—]$/;

/** One row of a table: the flow lines [start, end) on one baseline, split into cells. */
export interface Row {
  start: number;
  end: number;
  cells: Cell[];
}

export interface Cell {
  text: string;
  x0: number;
  x1: number;
}

/**
 * Rows of a table share columns: among consecutive rows of several cells, most pairs have at least two cells
 * that overlap horizontally. Prose or an equation that happens to have wide gaps does not.
 */
export function hasAlignedColumns(rows: Row[]): boolean {
  const multi = rows.filter((r) => r.cells.length >= 2);
  if (multi.length < 2) return false;
  let aligned = 0;
  for (let k = 1; k < multi.length; k++) {
    const above = multi[k - 1].cells;
    const shared = multi[k].cells.filter((c) => above.some((a) => Math.min(a.x1, c.x1) - Math.max(a.x0, c.x0) > 0)).length;
    if (shared >= 2) aligned++;
  }
  return aligned >= 1 && aligned >= 0.5 * (multi.length - 1);
}

/** A cell made of figures only: "0.85", "(12.3)", "−4%", "12.5 ± 0.3", "–". */
export function isNumberCell(text: string): boolean {
  const parts = words(text).filter((w) => w !== '±');
  return parts.length > 0 && parts.length <= 3 && /\d/.test(text) && parts.every((w) => NUMBER_CELL.test(w));
}

/** A row of the table: several cells, or short and made of figures; never a line of running prose. */
export function isTabular(row: Row, body: BodyStyle): boolean {
  const text = row.cells.map((c) => c.text).join(' ');
  if (row.cells.length >= 2) {
    const longest = Math.max(...row.cells.map((c) => words(c.text).length));
    return longest <= 12;
  }
  const numbers = words(text).filter((w) => NUMBER_CELL.test(w)).length;
  return numbers >= 2 && words(text).length <= 10 && letters(text) < 60 && text.length < 0.8 * body.size * 12;
}

/** How many pieces a line's runs make when split at gaps wider than a cell gap (1 for a line of prose). */
export function pieceCount(line: Pick<FlowLine, 'runs'>): number {
  const runs = line.runs.filter((r) => r.text.trim()).sort((a, b) => a.x - b.x);
  let n = runs.length > 0 ? 1 : 0;
  for (let k = 1; k < runs.length; k++) if (runs[k].x - runs[k - 1].x1 > CELL_GAP_EM * Math.min(runs[k].size, runs[k - 1].size)) n++;
  return n;
}

/**
 * The pieces of row `i` (every flow line on its baseline), split into cells at wide gaps between runs. A caller that
 * reads rows starting at several lines of one row passes `cellsOfLine` memoized, so each line is split once.
 */
export function cellsOf(flow: FlowLine[], i: number, cellsOfLine: (j: number) => Cell[] = (j) => lineCells(flow[j])): Row {
  const end = baselineRowEnd(flow, i);
  const cells: Cell[] = [];
  for (let j = i; j < end; j++) cells.push(...cellsOfLine(j));
  return { start: i, end, cells: cells.sort((a, b) => a.x0 - b.x0) };
}

/** One line's runs, left to right, split into cells at gaps wider than a cell gap. */
export function lineCells(line: Pick<FlowLine, 'runs'>): Cell[] {
  const cells: Cell[] = [];
  let current: TextRun[] = [];
  const flush = () => {
    if (current.length) cells.push(toCell(current));
    current = [];
  };
  for (const run of line.runs.filter((r) => r.text.trim()).sort((a, b) => a.x - b.x)) {
    const prev = current[current.length - 1];
    if (prev && run.x - prev.x1 > CELL_GAP_EM * Math.min(run.size, prev.size)) flush();
    current.push(run);
  }
  flush();
  return cells;
}

function toCell(runs: TextRun[]): Cell {
  return { text: joinRuns(runs).replace(/\s+/g, ' ').trim(), x0: runs[0].x, x1: Math.max(...runs.map((r) => r.x1)) };
}

/** A spanning header or row label inside a table ("Potsdam", "Depth (m)"): a short line that is not a sentence. */
const MAX_LABEL_WORDS = 5;

export function isShortLabel(text: string): boolean {
  return words(text).length <= MAX_LABEL_WORDS && !/[.:;]$/.test(text);
}

/** Runs left to right as one text: a space where the gap is wider than a thin space. */
export function joinRuns(runs: readonly TextRun[]): string {
  let text = '';
  let right = -Infinity;
  for (const run of runs) {
    if (text && run.x - right > 0.12 * run.size && !/\s$/.test(text)) text += ' ';
    text += run.text;
    right = run.x1;
  }
  return text;
}

/** Columns from the row with the most cells; every cell goes to the column it overlaps most (or the nearest). */
export function toMarkdown(rows: Row[]): string {
  const widest = rows.reduce((a, b) => (b.cells.length > a.cells.length ? b : a));
  const columns = widest.cells.map((c) => ({ x0: c.x0, x1: c.x1 }));
  const grid = rows.map((row) => {
    const out = columns.map(() => [] as string[]);
    for (const cell of row.cells) out[columnOf(cell, columns)].push(cell.text);
    return out.map((parts) => parts.join(' ').replace(/\|/g, '\\|'));
  });
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(grid[0]), line(columns.map(() => '---')), ...grid.slice(1).map(line)].join('\n');
}

export function columnOf(cell: Cell, columns: Array<{ x0: number; x1: number }>): number {
  let best = 0;
  let bestScore = -Infinity;
  columns.forEach((col, k) => {
    const overlap = Math.min(cell.x1, col.x1) - Math.max(cell.x0, col.x0);
    const distance = Math.abs((cell.x0 + cell.x1) / 2 - (col.x0 + col.x1) / 2);
    const score = overlap > 0 ? overlap : -distance;
    if (score > bestScore) {
      bestScore = score;
      best = k;
    }
  });
  return best;
}

/**
 * A table's column header names a quantity and its unit ("Concentration (g)", "Yield (mg/L)", "Share (%)"); a section
 * title does not end in a unit. An acronym in brackets ("Support Vector Machines (SVM)") or an item label ("(a)") is no unit.
 */
export function endsInUnit(title: string): boolean {
  const unit = /\s\(([^()\s][^()]{0,11})\)$/u.exec(title)?.[1];
  if (!unit || words(title).length > 5) return false;
  if (/^(%|‰|°C|°F|°)$/u.test(unit)) return true;
  if ((unit.match(/\p{Lu}/gu) ?? []).length >= 2 || /^([a-e]|[ivx]{1,4})$/i.test(unit)) return false;
  return UNIT.test(unit);
}

// A closed list: an SI-prefixed base unit ("mg", "kDa", "mL") or a unit word ("days", "min", "ppm"), with an optional
// power ("m−2"); tool names in brackets ("Signing keys (gpg)") and words ("Results (cont)") are no units.
const PREFIXED_UNIT = '[pnµμumcdkMGT]?(?:g|L|l|m|s|mol|M|Da|Hz|Pa|J|W|V|A|K|Gy|Bq|cal|eV|bp|Wh|Ω)';
const UNIT_WORD = '(?:h|hr|hrs|min|mins|sec|d|days?|wk|weeks?|mo|months?|yr|years?|y|ppm|ppb|rpm|nt|kb|Mb|IU|U)';
const UNIT_PART = `(?:${PREFIXED_UNIT}|${UNIT_WORD})(?:[-−^]?\\d)?`;
const UNIT = new RegExp(`^${UNIT_PART}(?:[/·\\s]${UNIT_PART}){0,2}$`, 'u');
