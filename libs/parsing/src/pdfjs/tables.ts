import type { ParsedBlock } from '../article';
import type { BodyStyle } from './body-style';
import type { FlowLine, TextRun } from './layout.types';
import { letters, words } from './text-patterns';

/** A table found in the flow: its lines [start, end), caption included, and the blocks that replace them. */
export interface TableRegion {
  start: number;
  end: number;
  /** The caption as its own `figure_caption` block, then the table as a `table` block (caption + Markdown + notes). */
  blocks: ParsedBlock[];
}

const TABLE_CAPTION = /^(table|tab\.|tabla|tableau|tabelle)\s*([0-9]+|[ivxlc]+)[a-z]?\b/i;
/** Notes printed under a table: "Note: *, ** and *** depict significance…", "Source: …", "* p < 0.05". */
export const TABLE_NOTE = /^(notes?|sources?|fuente|legend)\s*[:.]|^[*∗†‡]+\s*\S|^[a-d]\s*[:)]\s|^significan/i;
/** A gap between two pieces of a row wider than this many font sizes separates two cells. */
const CELL_GAP_EM = 0.8;
const NUMBER_CELL = /^[-+−–±]?\(?\d[\d.,]*\)?%?[*∗†‡]*$|^I\(\d\)$|^[-–—]$/;

interface Row {
  start: number;
  end: number;
  cells: Cell[];
}

interface Cell {
  text: string;
  x0: number;
  x1: number;
}

/**
 * Tables announced by a "Table N" caption above them: the rows that follow, on the same page, each split into
 * cells at wide gaps (or made of figures), until prose resumes. Notes right under the rows stay with the table.
 * Rows are aligned into columns by the row with the most cells and written as a Markdown table.
 */
export function findTables(flow: FlowLine[], body: BodyStyle): TableRegion[] {
  const regions: TableRegion[] = [];
  for (let i = 0; i < flow.length; i++) {
    if (!isTableCaption(flow[i], body)) continue;
    const region = readTable(flow, i, body);
    if (region) {
      regions.push(region);
      i = region.end - 1;
    }
  }
  return regions;
}

/**
 * "Table 2: …", "Table 2. …", or a label set apart (bold, or smaller than the body: "Table 1 Patient-provider …");
 * never a sentence that starts with "Table 7 shows …".
 */
function isTableCaption(line: FlowLine, body: BodyStyle): boolean {
  const m = TABLE_CAPTION.exec(line.text);
  if (!m || line.rowPeers > 2) return false;
  if (/^\s*[.:|\u2014\u2013-]/.test(line.text.slice(m[0].length))) return true;
  const label = line.runs.find((r) => r.text.trim());
  return label?.bold === true || line.size < body.size - 0.3;
}

function readTable(flow: FlowLine[], captionAt: number, body: BodyStyle): TableRegion | null {
  const caption = flow[captionAt];
  let j = captionAt + 1;
  const captionLines = [caption];
  // A caption wraps in its own style, line under line in the same column, until the first row.
  while (j < flow.length && captionLines.length < 4 && continuesCaption(flow, j, captionLines[captionLines.length - 1], body)) {
    captionLines.push(flow[j]);
    j++;
  }
  const rows: Row[] = [];
  while (j < flow.length && flow[j].page === caption.page) {
    const row = cellsOf(flow, j);
    if (TABLE_NOTE.test(flow[j].text) || TABLE_CAPTION.test(flow[j].text) || !isTabular(row, body)) break;
    const prev = rows[rows.length - 1];
    if (prev && flow[prev.start].y - flow[j].y > 4 * flow[j].size) break;
    rows.push(row);
    j = row.end;
  }
  if (rows.length < 2 || !hasAlignedColumns(rows)) return null;
  const notes: string[] = [];
  const last = flow[rows[rows.length - 1].start];
  while (j < flow.length && flow[j].page === last.page && last.y - flow[j].y < 8 * last.size) {
    const line = flow[j];
    const continued = notes.length > 0 && sameStyle(line, flow[j - 1]) && flow[j - 1].y - line.y < 1.6 * line.size;
    if (!TABLE_NOTE.test(line.text) && !continued) break;
    if (continued && !TABLE_NOTE.test(line.text)) notes[notes.length - 1] += ` ${line.text}`;
    else notes.push(line.text);
    j++;
  }
  const captionText = captionLines.map((l) => l.text).join(' ');
  const markdown = toMarkdown(rows);
  const table = [captionText, markdown, ...notes].join('\n\n');
  return {
    start: captionAt,
    end: j,
    blocks: [
      { text: captionText, page: caption.page, kind: 'figure_caption' },
      { text: table, page: caption.page, kind: 'table' },
    ],
  };
}

/**
 * Rows of a table share columns: among consecutive rows of several cells, most pairs have at least two cells
 * that overlap horizontally. Prose or an equation that happens to have wide gaps does not.
 */
function hasAlignedColumns(rows: Row[]): boolean {
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

function continuesCaption(flow: FlowLine[], j: number, prev: FlowLine, body: BodyStyle): boolean {
  const line = flow[j];
  if (!sameStyle(line, prev) || line.page !== prev.page || line.columnStart || prev.y - line.y > 1.6 * line.size) return false;
  if (TABLE_NOTE.test(line.text) || /[.:]$/.test(prev.text)) return false;
  const row = cellsOf(flow, j);
  return row.cells.length === 1 && !isTabular(row, body);
}

const sameStyle = (a: FlowLine, b: FlowLine) => Math.abs(a.size - b.size) < 0.3 && a.font === b.font;

/** A row of the table: several cells, or short and made of figures; never a line of running prose. */
function isTabular(row: Row, body: BodyStyle): boolean {
  const text = row.cells.map((c) => c.text).join(' ');
  if (row.cells.length >= 2) {
    const longest = Math.max(...row.cells.map((c) => words(c.text).length));
    return longest <= 12;
  }
  const numbers = words(text).filter((w) => NUMBER_CELL.test(w)).length;
  return numbers >= 2 && words(text).length <= 10 && letters(text) < 60 && text.length < 0.8 * body.size * 12;
}

/** The pieces of row `i` (every flow line on its baseline), split into cells at wide gaps between runs. */
function cellsOf(flow: FlowLine[], i: number): Row {
  let end = i + 1;
  while (end < flow.length && flow[end].page === flow[i].page && Math.abs(flow[end].y - flow[i].y) < 0.3 * flow[i].size) end++;
  const cells: Cell[] = [];
  for (const line of flow.slice(i, end)) {
    const runs = line.runs.filter((r) => r.text.trim()).sort((a, b) => a.x - b.x);
    let current: TextRun[] = [];
    const flush = () => {
      if (current.length) cells.push(toCell(current));
      current = [];
    };
    for (const run of runs) {
      const prev = current[current.length - 1];
      if (prev && run.x - prev.x1 > CELL_GAP_EM * Math.min(run.size, prev.size)) flush();
      current.push(run);
    }
    flush();
  }
  return { start: i, end, cells: cells.sort((a, b) => a.x0 - b.x0) };
}

function toCell(runs: TextRun[]): Cell {
  let text = '';
  let right = -Infinity;
  for (const run of runs) {
    if (text && run.x - right > 0.12 * run.size && !/\s$/.test(text)) text += ' ';
    text += run.text;
    right = run.x1;
  }
  return { text: text.replace(/\s+/g, ' ').trim(), x0: runs[0].x, x1: Math.max(...runs.map((r) => r.x1)) };
}

/** Columns from the row with the most cells; every cell goes to the column it overlaps most (or the nearest). */
function toMarkdown(rows: Row[]): string {
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

function columnOf(cell: Cell, columns: Array<{ x0: number; x1: number }>): number {
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
