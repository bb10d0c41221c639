import type { TextLine } from './layout.types';
import type { PdfjsPage } from './pdfjs.types';
import { readRules, type DrawingOps, type OperatorList, type Rule } from './ruling-lines';

/** "Table 3", "Tab. 2", "Cuadro 1" starting a line: a page that announces a table. */
const TABLE_LABEL = /^(table|tab\.|tabla|cuadro|tableau|tabelle)\s*([0-9]+|[ivxlc]+)\b/i;
/** Baselines shared by this many separate lines hold a row of at least three cells (or two cells beside a column). */
const ROW_PEERS = 3;
const MIN_ROWS = 3;

/**
 * Whether a page's text suggests a table, so that its drawing operators are worth reading: a "Table N" label, or
 * at least three baselines split into three or more pieces. Prose pages (one or two columns) skip the operator list.
 */
export function mayHoldTable(lines: readonly TextLine[]): boolean {
  if (lines.some((l) => TABLE_LABEL.test(l.text))) return true;
  const rows = new Set(lines.filter((l) => l.rowPeers >= ROW_PEERS).map((l) => Math.round(l.y)));
  return rows.size >= MIN_ROWS;
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
