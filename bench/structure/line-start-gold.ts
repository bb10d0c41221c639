import { withPdfDocument, type PdfBookmark } from '@lectern/parsing';
import { normalizeHeading } from './structure-scoring';

/**
 * The stricter bookmark gold: an outline entry counts only when its title is printed as a line (or a few lines) of
 * its own at or just below the point its destination scrolls to. Entries that a reader sees only inside running text (a command
 * list, a run-in paragraph label, an index entry) are not headings anyone would detect. Read straight from
 * pdf.js's text items — none of the parser's line building, column reading or heading rules — so the criterion
 * is independent of the parser under test.
 */

/** How far below the destination's top the title's line may start (a chapter's title sits under its label). */
export const BELOW_DESTINATION = 160;
/** Above it, a little: destinations point at the baseline or slightly under the line's top. */
export const ABOVE_DESTINATION = 24;

export interface RawSegment {
  x: number;
  y: number;
  size: number;
  text: string;
}

interface RawItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

const compact = (text: string) => normalizeHeading(text).replace(/\s+/g, '');
/** What may precede the title on its line once compacted: a chapter/section label and its number or letter. */
const LABEL = /^(chapter|section|part|appendix|lecture|lesson|unit|book|volume)?(\d+|[ivxlc]+|[a-z])?\d*$/;

/** Text items grouped into baselines, each split where a gap wider than two line heights separates columns. */
export function segmentsOf(items: RawItem[]): RawSegment[] {
  const inked = items
    .filter((i) => i.str.trim() && Math.abs(i.transform[1]) < 0.01)
    .map((i) => ({
      x: i.transform[4],
      x1: i.transform[4] + i.width,
      y: i.transform[5],
      size: Math.abs(i.transform[3]) || i.height,
      str: i.str,
    }))
    .sort((a, b) => b.y - a.y || a.x - b.x);
  const rows: Array<typeof inked> = [];
  for (const item of inked) {
    const row = rows[rows.length - 1];
    if (row && Math.abs(row[0].y - item.y) <= Math.max(1.5, 0.3 * item.size)) row.push(item);
    else rows.push([item]);
  }
  const out: RawSegment[] = [];
  for (const row of rows) {
    row.sort((a, b) => a.x - b.x);
    let seg: RawSegment | null = null;
    let end = -Infinity;
    for (const item of row) {
      if (!seg || item.x - end > 2 * Math.max(seg.size, item.size)) {
        seg = { x: item.x, y: item.y, size: item.size, text: item.str };
        out.push(seg);
      } else {
        seg.text += (item.x - end > 0.1 * item.size ? ' ' : '') + item.str;
        seg.size = Math.max(seg.size, item.size);
      }
      end = Math.max(end, item.x1);
    }
  }
  return out;
}

/**
 * Whether `title` is set as a line of its own: it starts one of the segments whose baseline lies within the window
 * under `top` (anywhere on the page when the destination has no top) and ends where that line, or one of the next
 * two lines below it starting at about the same x (a wrapped title), ends. It may begin with a label such as
 * "Chapter 3" or "2.1" and end with a page number or a footnote mark; a title followed by more text on its line
 * (a command's arguments, a run-in paragraph) does not count.
 */
export function startsLineNear(title: string, top: number | null, segments: RawSegment[]): boolean {
  const want = compact(title);
  if (!want) return false;
  return segments.some((seg, k) => {
    if (top !== null && (seg.y > top + ABOVE_DESTINATION || seg.y < top - BELOW_DESTINATION)) return false;
    const lines = [compact(seg.text)];
    let last = seg;
    for (let j = k + 1; lines.length < 3 && j < segments.length; j++) {
      const next = segments[j];
      if (last.y - next.y > 2.5 * last.size) break;
      if (next.y < last.y - 0.5 && Math.abs(next.x - seg.x) < 1.5 * seg.size + 30) {
        lines.push(compact(next.text));
        last = next;
      }
    }
    const got = lines.join('');
    const at = got.indexOf(want);
    if (at < 0 || !LABEL.test(got.slice(0, at))) return false;
    let end = 0;
    return lines.some((line) => {
      end += line.length;
      return end >= at + want.length && /^\d{0,3}$/.test(got.slice(at + want.length, end));
    });
  });
}

/** For each bookmark, whether its title starts a line near its destination (false when it has no page). */
export function bookmarksStartingLines(data: Uint8Array, bookmarks: PdfBookmark[]): Promise<boolean[]> {
  return withPdfDocument(data, async (doc) => {
    const byPage = new Map<number, RawSegment[]>();
    const out: boolean[] = [];
    for (const b of bookmarks) {
      if (b.page === null) {
        out.push(false);
        continue;
      }
      if (!byPage.has(b.page)) {
        const page = await doc.getPage(b.page);
        const content = await page.getTextContent();
        const bottom = page.view[1] ?? 0;
        const segs = segmentsOf(content.items.filter((i) => 'str' in i) as RawItem[]).map((s) => ({ ...s, y: s.y - bottom }));
        byPage.set(b.page, segs);
        page.cleanup();
      }
      out.push(startsLineNear(b.title, b.top, byPage.get(b.page) ?? []));
    }
    return out;
  });
}
