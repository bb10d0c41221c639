import type { FlowLine, PageText, TextLine } from './layout.types';
import { raiseBandsOverHeadings } from './band-headings';
import { splitFirstPageSidebar } from './first-page-sidebar';
import { splitReferenceBand } from './reference-band';

/** A page is two-column when at most this share of its column-width text crosses the gutter. */
const MAX_SPANNING_SHARE = 0.06;
const MIN_SIDE_SHARE = 0.2;

interface Region {
  fullWidth: boolean;
  columns: TextLine[][];
}

/**
 * Puts a page's lines in reading order. Two-column pages are detected per page from a vertical gutter
 * that (almost) no text crosses; lines that do cross it (title, full-width abstract, wide figures) cut
 * the page into horizontal regions, each read top-down, left column before right.
 */
export function orderPageLines(page: PageText, isFirstPage = false): FlowLine[] {
  const gutter = findGutter(page.lines);
  // A first page's margin column of small type is read before the text, as a column of its own.
  const sidebar = isFirstPage && gutter === null ? splitFirstPageSidebar(page.lines, dominantSize(page.lines)) : null;
  const regions: Region[] = sidebar
    ? [{ fullWidth: false, columns: [sidebar.sidebar, sidebar.main] }]
    : gutter === null
      ? [{ fullWidth: true, columns: [page.lines] }]
      : splitRegions(page.lines, gutter, isFirstPage).flatMap(withReferenceBand);
  const flow: FlowLine[] = [];
  for (const region of regions) {
    for (const column of region.columns) {
      if (column.length === 0) continue;
      const sorted = [...column].sort((a, b) => b.y - a.y || a.x0 - b.x0);
      const geometry = columnGeometry(sorted);
      sorted.forEach((line, i) => {
        const peers = sorted.filter((other) => Math.abs(other.y - line.y) < 0.5 * Math.min(line.size, other.size)).length;
        flow.push({ ...line, rowPeers: peers, ...geometry, columnStart: i === 0 });
      });
    }
  }
  return flow;
}

const weight = (line: TextLine) => line.text.length;

/** A two-column region whose foot is a bibliography band set across both columns: the band is read after them. */
function withReferenceBand(region: Region): Region[] {
  const split = region.fullWidth ? null : splitReferenceBand(region.columns[0], region.columns[1]);
  return split ? split.map((columns) => ({ fullWidth: false, columns })) : [region];
}

function findGutter(all: TextLine[]): number | null {
  if (all.length < 8) return null;
  const left = Math.min(...all.map((l) => l.x0));
  const right = Math.max(...all.map((l) => l.x1));
  // Only column-width lines in the page's text size vote: a full-width abstract or table above the
  // columns must not hide them, and small chart labels must not invent them.
  const textSize = dominantSize(all);
  const lines = all.filter((l) => l.x1 - l.x0 < 0.52 * (right - left) && l.size >= 0.85 * textSize);
  if (lines.length < 8) return null;
  // Lines centred on the page (authors, affiliations) are full-width material, not a veto on a gutter.
  const middle = (left + right) / 2;
  const centred = (l: TextLine) => Math.abs((l.x0 + l.x1) / 2 - middle) < 0.04 * (right - left);
  const total = lines.reduce((sum, l) => sum + weight(l), 0);
  const xs: number[] = [];
  const coverage: number[] = [];
  for (let x = left + 0.3 * (right - left); x <= left + 0.7 * (right - left); x += 2) {
    let covered = 0;
    for (const line of lines) if (line.x0 < x - 1 && line.x1 > x + 1 && !centred(line)) covered += weight(line);
    xs.push(x);
    coverage.push(covered);
  }
  if (xs.length === 0) return null;
  const least = Math.min(...coverage);
  if (least > MAX_SPANNING_SHARE * total) return null;
  // The gutter is the middle of the widest run of least-covered positions.
  let bestStart = 0;
  let bestLength = 0;
  for (let i = 0; i < xs.length;) {
    if (coverage[i] !== least) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < xs.length && coverage[j + 1] === least) j++;
    if (j - i + 1 > bestLength) [bestStart, bestLength] = [i, j - i + 1];
    i = j + 1;
  }
  const g = (xs[bestStart] + xs[bestStart + bestLength - 1]) / 2;
  const leftLines = lines.filter((l) => l.x1 <= g + 1);
  const rightLines = lines.filter((l) => l.x0 >= g - 1);
  if (leftLines.length < 4 || rightLines.length < 4) return null;
  if (sideShares(lines, g) !== null) return g;
  // A short column beside a long one (the last page: references in small type, an appendix's few lines) is still a
  // column when nothing crosses the gutter and both sides set full, justified lines of one width.
  if (least === 0 && justifiedSides(leftLines, rightLines)) return g;
  // A column filled mostly by a table in small type still holds its side: its cells count towards the
  // shares (they never decide where the gutter is), as long as none of them crosses it.
  const sided = all.filter((l) => l.x1 - l.x0 < 0.52 * (right - left) && l.size >= 0.75 * textSize);
  return sided.some((l) => l.x0 < g - 1 && l.x1 > g + 1) ? null : sideShares(sided, g);
}

/** The gutter `g` when each side carries at least `MIN_SIDE_SHARE` of the lines' text, else null. */
function sideShares(lines: TextLine[], g: number): number | null {
  const total = lines.reduce((sum, l) => sum + weight(l), 0);
  const leftShare = lines.filter((l) => l.x1 <= g + 1).reduce((s, l) => s + weight(l), 0) / total;
  const rightShare = lines.filter((l) => l.x0 >= g - 1).reduce((s, l) => s + weight(l), 0) / total;
  return leftShare < MIN_SIDE_SHARE || rightShare < MIN_SIDE_SHARE ? null : g;
}

/** Both sides hold four or more lines sharing one left and one right edge, the two measures within 15 % of each other. */
function justifiedSides(left: TextLine[], right: TextLine[]): boolean {
  const measure = (side: TextLine[]) => {
    const x0 = commonEdge(side.map((l) => l.x0));
    const x1 = commonEdge(side.map((l) => l.x1));
    const full = side.filter((l) => Math.abs(l.x0 - x0) < 2 && Math.abs(l.x1 - x1) < 2).length;
    return full >= 4 ? x1 - x0 : null;
  };
  const [a, b] = [measure(left), measure(right)];
  return a !== null && b !== null && Math.min(a, b) >= 0.85 * Math.max(a, b);
}

/** The edge most lines share, to the point. */
function commonEdge(xs: number[]): number {
  const counts = new Map<number, number>();
  for (const x of xs) counts.set(Math.round(x), (counts.get(Math.round(x)) ?? 0) + 1);
  return [...counts.entries()].sort((p, q) => q[1] - p[1])[0][0];
}

function dominantSize(lines: TextLine[]): number {
  const chars = new Map<number, number>();
  for (const l of lines) chars.set(Math.round(l.size), (chars.get(Math.round(l.size)) ?? 0) + weight(l));
  return [...chars.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 10;
}

function splitRegions(lines: TextLine[], gutter: number, isFirstPage: boolean): Region[] {
  // On the first page, author blocks set side by side sit above the first paragraph line of either
  // column; they are read row by row with the title, not as column text.
  const paragraphTops = isFirstPage ? columnRows(lines, gutter) : [];
  const headerBottom = paragraphTops.length ? Math.max(...paragraphTops) : Infinity;
  const spans = (l: TextLine) => (l.x0 < gutter - l.size && l.x1 > gutter + l.size) || l.y > headerBottom;
  // Vertical extents of full-width material, merged where they touch.
  const bands: { top: number; bottom: number; lastX0: number; lastSize: number; firstSize: number }[] = [];
  for (const line of lines.filter(spans).sort((a, b) => b.y - a.y)) {
    const top = line.y + line.size;
    const bottom = line.y - 0.3 * line.size;
    const last = bands[bands.length - 1];
    if (last && bottom < last.bottom && top >= last.bottom - 1.2 * line.size) {
      last.bottom = Math.min(last.bottom, bottom);
      last.lastX0 = line.x0;
      last.lastSize = line.size;
    } else bands.push({ top, bottom, lastX0: line.x0, lastSize: line.size, firstSize: line.size });
  }
  // The short last line of a full-width paragraph does not cross the gutter but still belongs to it.
  for (const band of bands) {
    const next = lines
      .filter((l) => !spans(l) && l.y < band.bottom && l.y > band.bottom - 1.6 * band.lastSize)
      .filter((l) => Math.abs(l.x0 - band.lastX0) < 2 && Math.abs(l.size - band.lastSize) < 0.5);
    if (next.length === 1) band.bottom = next[0].y - 0.3 * next[0].size;
  }
  raiseBandsOverHeadings(lines, bands, spans, gutter);
  const bandOf = (l: TextLine) => bands.findIndex((b) => l.y <= b.top && l.y >= b.bottom);
  const regions: Region[] = [];
  const sorted = [...lines].sort((a, b) => b.y - a.y || a.x0 - b.x0);
  let current: Region | null = null;
  let currentBand = -2;
  for (const line of sorted) {
    const band = bandOf(line);
    if (band >= 0) {
      if (!current || currentBand !== band) {
        current = { fullWidth: true, columns: [[]] };
        regions.push(current);
        currentBand = band;
      }
      current.columns[0].push(line);
      continue;
    }
    if (!current || current.fullWidth) {
      current = { fullWidth: false, columns: [[], []] };
      regions.push(current);
      currentBand = -1;
    }
    const center = (line.x0 + line.x1) / 2;
    current.columns[line.x1 <= gutter + line.size || center < gutter ? 0 : 1].push(line);
  }
  return regions;
}

/**
 * Tops of column-width rows of body text on either side of the gutter. A justified line whose words
 * came as separate lines (wide word gaps, no space glyphs) is one row here.
 */
function columnRows(lines: TextLine[], gutter: number): number[] {
  const columnWidth = gutter - Math.min(...lines.map((l) => l.x0));
  const textSize = dominantSize(lines);
  const body = lines.filter((l) => l.size <= textSize + 0.5 && l.x1 - l.x0 < 1.3 * columnWidth);
  const tops: number[] = [];
  for (const line of body) {
    const side = line.x1 <= gutter + line.size;
    const row = body.filter((o) => Math.abs(o.y - line.y) < 0.3 * line.size && o.x1 <= gutter + o.size === side);
    const x0 = Math.min(...row.map((o) => o.x0));
    const x1 = Math.max(...row.map((o) => o.x1));
    if (x1 - x0 >= 0.8 * columnWidth && x1 - x0 < 1.3 * columnWidth) tops.push(line.y + line.size);
  }
  return tops;
}

function columnGeometry(lines: TextLine[]): Pick<FlowLine, 'columnLeft' | 'columnRight' | 'leading'> {
  const x0s = lines.map((l) => l.x0).sort((a, b) => a - b);
  const x1s = lines.map((l) => l.x1).sort((a, b) => a - b);
  const gaps: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const gap = lines[i - 1].y - lines[i].y;
    if (gap > 0 && Math.abs(lines[i - 1].size - lines[i].size) < 0.5) gaps.push(gap);
  }
  gaps.sort((a, b) => a - b);
  const leading = gaps.length ? gaps[Math.floor(gaps.length / 2)] : 1.2 * lines[0].size;
  // Percentiles, so one line sticking out (a wide equation) does not make the rest look indented.
  return { columnLeft: x0s[Math.floor(0.1 * (x0s.length - 1))], columnRight: x1s[Math.floor(0.9 * (x1s.length - 1))], leading };
}
