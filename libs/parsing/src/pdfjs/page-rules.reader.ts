import type { TextLine } from './layout.types';
import type { PdfjsPage } from './pdfjs.types';
import { pieceCount } from './table-rows';
import { readRules, type DrawingOps, type OperatorList, type Rule } from './ruling-lines';
import { TABLE_CAPTION } from './table-region';

/** A baseline in this many pieces (separate lines, or runs set wide apart) may be a table row. */
const ROW_PIECES = 3;
const MIN_ROWS = 3;
const LEADERS = /(?:\s*[.·…]){4,}/;
/** TeX source: braces, or a listing's line number before a macro or a comment (a macro named in a table cell is fine). */
const TEX_SOURCE = /[{}]|^\d+\s+[\\%]/;
/** Letters and digits a table row has at least (a chemical drawing's "O", "CH 3" have fewer). */
const MIN_ROW_CHARS = 6;

/**
 * Whether a page's text suggests a table, so that its drawing operators are worth reading: a line opening with a
 * table's caption label, or at least three baselines split into three or more pieces. Prose pages (one or two
 * columns) skip the operator list.
 */
export function mayHoldTable(lines: readonly TextLine[]): boolean {
  if (lines.some((l) => TABLE_CAPTION.test(l.text))) return true;
  const rows = new Set(lines.filter((l) => mayBeRow(l)).map((l) => Math.round(l.y)));
  return rows.size >= MIN_ROWS;
}

/**
 * A line in three or more pieces that is not a contents or index entry (dotted leaders), a line of TeX source, or
 * the atom labels of a chemical drawing ("H 3C"): those pages are common in manuals and never need their drawing.
 */
function mayBeRow(line: TextLine): boolean {
  if (line.rowPeers < ROW_PIECES && pieceCount(line) < ROW_PIECES) return false;
  return !LEADERS.test(line.text) && !TEX_SOURCE.test(line.text) && (line.text.match(/[\p{L}\p{N}]/gu) ?? []).length >= MIN_ROW_CHARS;
}

/**
 * The page's ruling lines from its operator list. pdf.js keeps the list it built for font names (same annotation
 * mode) until `cleanup`, so a page whose fonts were new costs nothing more; images stay capped at one pixel.
 */
export async function readPageRules(page: PdfjsPage, ops: DrawingOps, annotationModeDisable: number): Promise<Rule[]> {
  const list = (await page.getOperatorList({ annotationMode: annotationModeDisable })) as OperatorList;
  const [x0, y0] = page.view;
  return readRules(list, ops, [x0 ?? 0, y0 ?? 0]);
}
