import type { TextLine } from './layout.types';
import type { PdfjsPage } from './pdfjs.types';
import { readRules, type DrawingOps, type OperatorList, type Rule } from './ruling-lines';

/** "Table 3", "Tab. 2", "Cuadro 1" starting a line: a page that announces a table. */
const TABLE_LABEL = /^(table|tab\.|tabla|cuadro|tableau|tabelle)\s*([0-9]+|[ivxlc]+)\b/i;
/** A baseline in this many pieces (separate lines, or runs set wide apart) may be a table row. */
const ROW_PIECES = 3;
const MIN_ROWS = 3;
/** Runs further apart than this many font sizes are separate pieces (as `table-rows.ts` splits cells). */
const PIECE_GAP_EM = 0.8;

/**
 * Whether a page's text suggests a table, so that its drawing operators are worth reading: a "Table N" label, or
 * at least three baselines split into three or more pieces. Prose pages (one or two columns) skip the operator list.
 */
export function mayHoldTable(lines: readonly TextLine[]): boolean {
  if (lines.some((l) => TABLE_LABEL.test(l.text))) return true;
  const rows = new Set(lines.filter((l) => l.rowPeers >= ROW_PIECES || pieces(l) >= ROW_PIECES).map((l) => Math.round(l.y)));
  return rows.size >= MIN_ROWS;
}

function pieces(line: TextLine): number {
  const runs = line.runs.filter((r) => r.text.trim()).sort((a, b) => a.x - b.x);
  let n = runs.length > 0 ? 1 : 0;
  for (let k = 1; k < runs.length; k++) if (runs[k].x - runs[k - 1].x1 > PIECE_GAP_EM * Math.min(runs[k].size, runs[k - 1].size)) n++;
  return n;
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
