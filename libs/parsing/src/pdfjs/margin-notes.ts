import type { PageText, TextLine, TextRun } from './layout.types';
import { toLine } from './text-lines';

/** The text block's right edge: where at least this many of the page's lines end. */
const MIN_EDGE_LINES = 3;
/** Lines ending within this many points of each other share an edge (justified lines end at one x). */
const EDGE_SPREAD = 1.5;
/** A note starts at least this share of the line's type size past the edge. */
const MIN_OFFSET_EM = 0.5;

/**
 * Drops a margin note that repeats the line it sits beside: a piece of smaller type starting past the text block's
 * right edge after a gap, whose words are the line's own last words (reledmac sets a title again as a sidenote). Left
 * on the line the copy doubles it ("1.1 section section"); nothing is lost, the text is on the line. A note that says
 * something else stays where it is: as a line of its own beside a heading it would make the heading a row of a table.
 */
export function dropRepeatedMarginNotes(pages: PageText[]): PageText[] {
  return pages.map((page) => {
    const edge = rightEdge(page.lines);
    if (edge === null) return page;
    const lines = page.lines.map((line) => withoutCopy(line, edge));
    return lines.some((line, k) => line !== page.lines[k]) ? { ...page, lines } : page;
  });
}

/** The right edge most of the page's long lines end at, or null when no edge is shared by enough lines. */
function rightEdge(lines: TextLine[]): number | null {
  const ends = lines.map((l) => textEnd(l)).filter((x): x is number => x !== null);
  let best: { x: number; count: number } | null = null;
  for (const x of ends) {
    const count = ends.filter((other) => Math.abs(other - x) <= EDGE_SPREAD).length;
    if (!best || count > best.count || (count === best.count && x > best.x)) best = { x, count };
  }
  return best && best.count >= MIN_EDGE_LINES ? best.x : null;
}

/** Where the line's visible text ends. */
function textEnd(line: TextLine): number | null {
  const visible = line.runs.filter((r) => r.text.trim());
  return visible.length ? Math.max(...visible.map((r) => r.x1)) : null;
}

function withoutCopy(line: TextLine, edge: number): TextLine {
  const visible = line.runs.filter((r) => r.text.trim());
  const firstNote = visible.findIndex((r) => r.x >= edge + MIN_OFFSET_EM * r.size);
  if (firstNote <= 0) return line;
  const text = visible.slice(0, firstNote);
  const note = visible.slice(firstNote);
  const textSize = Math.max(...text.map((r) => r.size));
  if (Math.max(...text.map((r) => r.x1)) > edge + EDGE_SPREAD) return line;
  if (note.some((r) => r.size >= textSize - 0.5) || !/\p{L}{2}/u.test(note.map((r) => r.text).join(''))) return line;
  if (!key(text.map((r) => r.text).join(' ')).endsWith(key(note.map((r) => r.text).join(' ')))) return line;
  const kept = toLine(trimEnd(line.runs.slice(0, line.runs.indexOf(note[0]))), line.page, line.rowPeers);
  return kept ?? line;
}

const key = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

function trimEnd(runs: TextRun[]): TextRun[] {
  let end = runs.length;
  while (end > 0 && !runs[end - 1].text.trim()) end--;
  return runs.slice(0, end);
}
