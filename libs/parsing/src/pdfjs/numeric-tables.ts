import { baselineRowEnd } from './baseline-rows';
import type { BodyStyle } from './body-style';
import type { FlowLine } from './layout.types';
import { looksLikeCode } from './heading-guards';
import { tableRegion, type TableRegion } from './table-region';
import { cellsOf, columnOf, hasAlignedColumns, isNumberCell, isShortLabel, isTabular, pieceCount, type Row } from './table-rows';

/** A table without caption or rules needs this many columns of figures, over this many rows. */
const MIN_NUMERIC_COLUMNS = 3;
const MIN_NUMERIC_ROWS = 3;
/** Every row of such a table has a label and figures, or three headers: at least three cells. */
const MIN_CELLS = 3;
/** Label lines (group headers, `isShortLabel`) a table may hold between two rows. */
const MAX_LABEL_ROWS = 2;
/** A column is one of figures when this share of its filled cells are numbers. */
const NUMERIC_SHARE = 0.75;
/** Rows of one table are at most this many font sizes apart. */
const MAX_ROW_GAP_EM = 2.5;

/**
 * Tables printed without caption or rules: consecutive aligned rows of three or more cells (a header row included) with at
 * least three columns of figures over at least three rows. Prose in two columns, a listing, a contents page (one
 * column of page numbers) never have that; anything already in `taken` is left alone.
 */
export function findNumericTables(flow: FlowLine[], body: BodyStyle, taken: readonly TableRegion[]): TableRegion[] {
  const found: TableRegion[] = [];
  let i = 0;
  while (i < flow.length) {
    const rows = tabularRun(flow, i, body, taken);
    if (rows.length === 0) {
      i = baselineRowEnd(flow, i);
      continue;
    }
    if (rows.length >= MIN_NUMERIC_ROWS && hasAlignedColumns(rows) && hasNumericColumns(rows)) {
      found.push(tableRegion(rows[0].start, rows[rows.length - 1].end, '', rows, [], flow[i].page));
    }
    i = rows[rows.length - 1].end;
  }
  return found;
}

/**
 * The rows of three or more short cells from line `i` on, one under the other on one page, with at most two short
 * label lines between them ("Station 608", a group header); empty when `i` starts none.
 */
function tabularRun(flow: FlowLine[], i: number, body: BodyStyle, taken: readonly TableRegion[]): Row[] {
  const rows: Row[] = [];
  let pending: Row[] = [];
  let j = i;
  while (j < flow.length) {
    const prev = pending[pending.length - 1] ?? rows[rows.length - 1];
    if (prev && (flow[j].page !== flow[prev.start].page || flow[prev.start].y - flow[j].y > MAX_ROW_GAP_EM * flow[j].size)) break;
    // Counting pieces is cheap and most lines are prose: cells are split only on baselines of three pieces or more.
    const row = piecesOnBaseline(flow, j) >= MIN_CELLS ? cellsOf(flow, j) : null;
    if (row && row.cells.length >= MIN_CELLS && isTabular(row, body) && !looksLikeCode(flow[j].text) && !overlapsAny(taken, row)) {
      rows.push(...pending, row);
      pending = [];
      j = row.end;
      continue;
    }
    const label = rows.length > 0 && pending.length < MAX_LABEL_ROWS ? cellsOf(flow, j) : null;
    if (!label || !isLabelRow(label) || overlapsAny(taken, label)) break;
    pending.push(label);
    j = label.end;
  }
  return rows;
}

/** A short line inside a table: one or two cells, a few words, no sentence. */
function isLabelRow(row: Row): boolean {
  const text = row.cells.map((c) => c.text).join(' ');
  return row.cells.length < MIN_CELLS && isShortLabel(text);
}

function piecesOnBaseline(flow: FlowLine[], i: number): number {
  let n = 0;
  const end = baselineRowEnd(flow, i);
  for (let k = i; k < end; k++) n += pieceCount(flow[k]);
  return n;
}

/** Whether a row (never empty) shares a line with a region already taken. */
const overlapsAny = (taken: readonly TableRegion[], r: Row): boolean => taken.some((t) => r.start < t.end && r.end > t.start);

/** At least three columns (taken from the widest row) mostly of figures, and three rows with three figures each. */
export function hasNumericColumns(rows: Row[]): boolean {
  const widest = rows.reduce((a, b) => (b.cells.length > a.cells.length ? b : a));
  const columns = widest.cells.map((c) => ({ x0: c.x0, x1: c.x1 }));
  const filled = columns.map(() => 0);
  const numeric = columns.map(() => 0);
  let numericRows = 0;
  for (const row of rows) {
    let inRow = 0;
    for (const cell of row.cells) {
      const k = columnOf(cell, columns);
      filled[k]++;
      if (isNumberCell(cell.text)) {
        numeric[k]++;
        inRow++;
      }
    }
    if (inRow >= MIN_NUMERIC_COLUMNS) numericRows++;
  }
  const numericColumns = columns.filter((_, k) => numeric[k] >= MIN_NUMERIC_ROWS && numeric[k] >= NUMERIC_SHARE * filled[k]).length;
  return numericColumns >= MIN_NUMERIC_COLUMNS && numericRows >= MIN_NUMERIC_ROWS;
}
