import type { TextLine } from './layout.types';

/** Fewest lines a first page's margin column holds (dates, corresponding author, editor, licence). */
const MIN_SIDEBAR_LINES = 4;

/**
 * A first page's margin column of small type beside a one-column text (PeerJ, some Frontiers and eLife layouts:
 * "Submitted …", "Corresponding author", "Academic editor", "Copyright"). Read row by row with the text, its lines
 * share baselines with the title, the abstract and the first heading, which then look like table cells. The column
 * is the lines wholly left of the text's left edge by a body size or more, all smaller than the text, with nothing
 * crossing that strip; null when there is none.
 */
export function splitFirstPageSidebar(lines: TextLine[], textSize: number): { sidebar: TextLine[]; main: TextLine[] } | null {
  if (lines.length < 10) return null;
  const left = Math.min(...lines.map((l) => l.x0));
  const right = Math.max(...lines.map((l) => l.x1));
  // The text's own lines: body size, and wide (a sidebar line is short).
  const text = lines.filter((l) => l.size >= 0.95 * textSize && l.x1 - l.x0 >= 0.4 * (right - left));
  if (text.length < 5) return null;
  const edge = Math.min(...text.map((l) => l.x0)) - textSize;
  const sidebar = lines.filter((l) => l.x1 <= edge);
  if (sidebar.length < MIN_SIDEBAR_LINES || sidebar.some((l) => l.size >= 0.92 * textSize)) return null;
  if (lines.some((l) => l.x0 < edge && l.x1 > edge)) return null;
  return { sidebar, main: lines.filter((l) => l.x1 > edge) };
}
