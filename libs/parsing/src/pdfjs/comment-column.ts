import type { TextRun } from './layout.types';

/**
 * A word processor's review markup printed beside the page (Word's comment balloons with "print markup"):
 * a narrow column of small text to the right of the body, each balloon opening with a label ("Comment:",
 * "Deleted:", "Formatted:") or its author's name and a date and time. Its text is an editor's remarks, not the
 * document's: it must stay out of passages and references, and dropped before lines are assembled, because its
 * rows sit between the body's baselines and would be merged into them.
 */

/** Balloon text is set smaller than the body (Word: 9 pt beside 12 pt, both scaled down together). */
const SMALLER_THAN_BODY = 0.9;
/** Rows starting this close (pt) to the column's edge belong to it. */
const EDGE_TOLERANCE = 1.5;
/** The column lies in the page's right part: its edge is at least this share of the page's width. */
const MIN_EDGE_SHARE = 0.6;
/** At least this many rows start at the edge. */
const MIN_ROWS = 3;
/** Body-size text starting right of the edge, as a share of all body-size text: a body that is not beside it. */
const MAX_BODY_BEYOND = 0.03;
/** Rows within this many points share a baseline. */
const BASELINE_TOLERANCE = 0.6;

/** A balloon's label, Word's (en, de, fr, es, it): "Comment [JS1]:", "Commented [JS1]:" carry the reviewer's initials. */
const BALLOON_LABEL =
  /^(comment(ed)?|deleted|formatted|inserted|moved|kommentar(iert)?|gelöscht|formatiert|eingefügt|commentaire|supprimé|mis en forme|comentario|eliminado|con formato|commento|eliminato|formattato)\b[^:]{0,16}:/i;
/** A balloon's header: author, then a date and a time ("Joseph Salmons 5/12/05 12:14 PM", "2021-03-04 10:22"). */
const BALLOON_STAMP = /\b(\d{1,2}[/.]\d{1,2}[/.]\d{2,4}|\d{4}-\d{2}-\d{2}),?\s+\d{1,2}:\d{2}(:\d{2})?(\s?[AP]M)?\b/i;

interface Row {
  y: number;
  x: number;
  text: string;
}

/** The page's runs without a review-markup column, and the column's rows (none when the page has no column). */
export function splitCommentColumn(runs: TextRun[], pageWidth: number): { runs: TextRun[]; comments: string[] } {
  const column = commentColumn(runs, pageWidth);
  if (column === null) return { runs, comments: [] };
  const inColumn = (r: TextRun) => r.x >= column.edge - EDGE_TOLERANCE && r.size < column.bodySize * SMALLER_THAN_BODY;
  return { runs: runs.filter((r) => !inColumn(r)), comments: textRows(runs.filter(inColumn)).map((r) => r.text) };
}

/**
 * The review-markup column's left edge (pt) and the body's size, or null. The body is judged on the text left of
 * the column: on a page of many balloons the remarks may outweigh it.
 */
export function commentColumn(runs: TextRun[], pageWidth: number): { edge: number; bodySize: number } | null {
  // Most pages have no column: every column row starts with a run of its own in the page's right part.
  if (runs.filter((r) => r.x >= MIN_EDGE_SHARE * pageWidth && r.text.trim()).length < MIN_ROWS) return null;
  const rows = textRows(runs.filter((r) => r.text.trim())).filter((r) => r.x >= MIN_EDGE_SHARE * pageWidth);
  const edge = commonStart(rows);
  if (edge === null) return null;
  const inColumn = (r: TextRun) => r.x >= edge - EDGE_TOLERANCE;
  const body = dominantSize(runs.filter((r) => !inColumn(r)));
  if (body === 0) return null;
  const small = (r: TextRun) => r.size < body * SMALLER_THAN_BODY;
  const column = textRows(runs.filter((r) => inColumn(r) && small(r) && r.text.trim())).filter(
    (r) => Math.abs(r.x - edge) <= EDGE_TOLERANCE,
  );
  if (column.length < MIN_ROWS) return null;
  const labels = column.filter((r) => BALLOON_LABEL.test(r.text)).length;
  const stamps = column.filter((r) => BALLOON_STAMP.test(r.text)).length;
  if (labels === 0 && stamps < 2) return null;
  // The body lies left of the column: hardly any body-size text starts right of its edge.
  const chars = (list: TextRun[]) => list.reduce((n, r) => n + r.text.trim().length, 0);
  const bodyRuns = runs.filter((r) => !small(r));
  const all = chars(bodyRuns);
  if (all === 0 || chars(bodyRuns.filter(inColumn)) > MAX_BODY_BEYOND * all) return null;
  return { edge, bodySize: body };
}

/** The size most of these runs' characters are set in (0 for none). */
function dominantSize(runs: TextRun[]): number {
  const bySize = new Map<number, number>();
  for (const r of runs) {
    const size = Math.round(r.size * 2) / 2;
    bySize.set(size, (bySize.get(size) ?? 0) + r.text.trim().length);
  }
  let best = 0;
  let most = 0;
  for (const [size, n] of bySize) if (n > most) [best, most] = [size, n];
  return best;
}

/**
 * Runs grouped into rows by baseline and split at wide gaps, each part read left to right. Not `assembleLines`: this
 * runs before it, on raw runs, and must keep a balloon row apart from the body row it overlaps (a fixed 0.6 pt
 * baseline window, two-em gaps and a size change split), where the line assembler joins rows by vertical overlap.
 */
function textRows(runs: TextRun[]): Row[] {
  // Top to bottom, each run joins the row opened by the first run within tolerance above it: one pass after the sort.
  const sorted = [...runs].sort((p, q) => q.y - p.y || p.x - q.x);
  const rows: Array<{ y: number; runs: TextRun[] }> = [];
  for (const run of sorted) {
    const row = rows.at(-1);
    if (row && row.y - run.y <= BASELINE_TOLERANCE) row.runs.push(run);
    else rows.push({ y: run.y, runs: [run] });
  }
  return rows.flatMap(({ y, runs: inRow }) => splitAtGaps(inRow).map((part) => ({ y, x: part[0].x, text: rowText(part) })));
}

/** A row's runs split where a gap wider than two em or a change of size leaves one column for another. */
function splitAtGaps(runs: TextRun[]): TextRun[][] {
  const sorted = [...runs].sort((p, q) => p.x - q.x);
  const parts: TextRun[][] = [];
  for (const run of sorted) {
    const last = parts.at(-1);
    const prev = last?.at(-1);
    const sameSize = prev !== undefined && Math.abs(run.size - prev.size) <= 0.1 * prev.size;
    if (last && prev && sameSize && run.x - prev.x1 <= 2 * run.size) last.push(run);
    else parts.push([run]);
  }
  return parts;
}

function rowText(runs: TextRun[]): string {
  let text = '';
  for (const [i, run] of runs.entries()) {
    const gap = i > 0 ? run.x - runs[i - 1].x1 : 0;
    text += (gap > run.size * 0.15 && !text.endsWith(' ') ? ' ' : '') + run.text;
  }
  return text.replace(/\s+/g, ' ').trim();
}

/** The x (rounded to a point) where most small rows start, if at least `MIN_ROWS` do within a point of it. */
function commonStart(rows: Row[]): number | null {
  const counts = new Map<number, number>();
  for (const r of rows) counts.set(Math.round(r.x), (counts.get(Math.round(r.x)) ?? 0) + 1);
  let best: number | null = null;
  let most = 0;
  for (const [x, n] of counts) {
    const near = n + (counts.get(x - 1) ?? 0) + (counts.get(x + 1) ?? 0);
    if (near > most || (near === most && best !== null && x < best)) [best, most] = [x, near];
  }
  return most >= MIN_ROWS ? best : null;
}
