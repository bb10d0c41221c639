import type { BodyStyle } from './body-style';
import { baselineRowStart } from './baseline-rows';
import type { FlowLine } from './layout.types';
import { findNumericTables } from './numeric-tables';
import { findRuledTables } from './ruled-tables';
import type { Rule } from './ruling-lines';
import { isTableCaption, readCaption, sameStyle } from './table-captions';
import { TABLE_CAPTION, TABLE_NOTE, tableRegion as region, type TableRegion } from './table-region';
import { cellsOf, hasAlignedColumns, isShortLabel, isTabular, type Row } from './table-rows';

export { TABLE_NOTE, type TableRegion } from './table-region';

/** A caption printed under its table sits at most this many font sizes below the table's last row. */
const CAPTION_BELOW_GAP_EM = 3.5;

/**
 * Tables announced by a "Table N" caption: the rows under it on the same page, or, where the caption is printed
 * under its table (ACL, IEEE, LNCS), the rows right above it. Rows are split into cells at wide gaps (or made of
 * figures); short single-cell lines between rows (spanning headers, row labels) stay in the table. Notes right
 * under the rows stay with the table. Rows are aligned into columns by the row with the most cells, as Markdown.
 */
export function findTables(flow: FlowLine[], body: BodyStyle, rules: ReadonlyMap<number, Rule[]> = new Map()): TableRegion[] {
  const regions: TableRegion[] = [];
  for (let i = 0; i < flow.length; i++) {
    if (!isTableCaption(flow[i], body)) continue;
    const region = readTable(flow, i, body, regions[regions.length - 1]?.end ?? 0);
    if (region) {
      regions.push(region);
      i = region.end - 1;
    }
  }
  // Then tables set off by ruling lines (with a caption next to them or none), then unruled blocks of figures.
  regions.push(...findRuledTables(flow, rules, body, regions));
  regions.push(...findNumericTables(flow, body, regions));
  return regions.sort((a, b) => a.start - b.start);
}

function readTable(flow: FlowLine[], captionAt: number, body: BodyStyle, after: number): TableRegion | null {
  const caption = flow[captionAt];
  const { end: captionEnd, text: captionText } = readCaption(flow, captionAt, body);
  let j = captionEnd;
  const above = rowsAbove(flow, captionAt, after, body);
  if (above) return region(above[0].start, j, captionText, above, [], caption.page);
  const rows = rowsBelow(flow, j, caption.page, body);
  if (!rows) return null;
  j = rows[rows.length - 1].end;
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
  return region(captionAt, j, captionText, rows, notes, caption.page);
}

/** The rows from `from` down on the same page, until prose, a note or another caption; null without a table. */
function rowsBelow(flow: FlowLine[], from: number, page: number, body: BodyStyle): Row[] | null {
  const rows: Row[] = [];
  let pending: Row[] = [];
  let j = from;
  while (j < flow.length && flow[j].page === page) {
    const row = cellsOf(flow, j);
    if (TABLE_NOTE.test(flow[j].text) || TABLE_CAPTION.test(flow[j].text)) break;
    const prev = rows[rows.length - 1] ?? pending[pending.length - 1];
    if (prev && flow[prev.start].y - flow[j].y > 4 * flow[j].size) break;
    if (isTabular(row, body)) {
      rows.push(...pending, row);
      pending = [];
    } else if (isLabel(row, flow[j], body) && pending.length < 2) pending.push(row);
    else break;
    j = row.end;
  }
  return rows.length >= 2 && hasAlignedColumns(rows) ? rows : null;
}

/**
 * The rows right above a caption printed under its table: walking up from the caption, rows on the same page that
 * end just above it, not before `after` (the previous table's end). Null when the caption does not sit under rows.
 */
function rowsAbove(flow: FlowLine[], captionAt: number, after: number, body: BodyStyle): Row[] | null {
  const caption = flow[captionAt];
  const rows: Row[] = [];
  let k = captionAt;
  let below = caption;
  while (k > after) {
    const start = baselineRowStart(flow, k - 1, after);
    const line = flow[start];
    if (line.page !== caption.page || line.y <= below.y || line.y - below.y > CAPTION_BELOW_GAP_EM * caption.size) break;
    const row = cellsOf(flow, start);
    if (row.end !== k || TABLE_CAPTION.test(line.text) || TABLE_NOTE.test(line.text)) break;
    if (!isTabular(row, body) && !(rows.length > 0 && isLabel(row, line, body))) break;
    rows.unshift(row);
    below = line;
    k = start;
  }
  // A spanning header read last (top) is kept; a label-only top row above nothing tabular is not a table.
  return rows.length >= 2 && hasAlignedColumns(rows) ? rows : null;
}

/** A short single-cell line inside a table: no sentence, no larger or bolder-than-heading text. */
function isLabel(row: Row, line: FlowLine, body: BodyStyle): boolean {
  if (row.cells.length !== 1 || line.size > body.size + 0.3) return false;
  const text = row.cells[0].text;
  return isShortLabel(text) && !/^\d+(\.\d+)*\.?\s+\p{Lu}/u.test(text);
}
