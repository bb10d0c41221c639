import type { Heading } from './heading-detector';
import { GROUP_LABEL, readIndexColumns, type IndexColumn } from './index-columns';
import { isBold, type FlowLine } from './layout.types';

const INDEX_TITLE = /^((general|subject|command|name|author)\s+)?index$|^index of \w+$/i;
/** Lines closer than this share of their size in baseline overlap in height: they are on one row. */
const SAME_ROW = 0.7;
/** A label sits further below the entry above it than entries sit below each other. */
const SET_APART = 1.25;

interface Label {
  at: number;
  title: string;
  /** Set in the margin at the head of its first entry's line ("A  activate … 5"): the line stays the section's text. */
  hanging?: boolean;
}

/**
 * Index pages group their entries under bold single letters ("A", "B", … or "Symbols"). Too short to pass as titles
 * anywhere else, they are headings here: on the index's pages, in the reading order of the index's own columns
 * (`index-columns.ts`: two to four of them, which the page's reading may interleave row by row), bold labels alone in
 * their column's row and set apart below the entry above them, or hanging in the margin on their first entry's line,
 * the letters in alphabetical order; a short index may have one group only. They become headings one level below the
 * index's.
 */
export function addIndexGroupHeadings(flow: FlowLine[], headings: Heading[]): Heading[] {
  const taken = new Set(headings.map((h) => h.start));
  const added: Heading[] = [];
  // A manual may print several indexes ("Index of Commands", "Index of Options"), each with its own groups.
  headings.forEach((index, at) => {
    if (!INDEX_TITLE.test(index.title.trim())) return;
    const columns = readIndexColumns(flow, indexLines(flow, index, headings[at + 1]));
    const labels = inAlphabeticalOrder(columns.flatMap((column) => columnLabels(flow, column)));
    for (const l of labels) {
      if (taken.has(l.at)) continue;
      taken.add(l.at);
      const end = l.hanging ? l.at : l.at + 1;
      added.push({ start: l.at, end, number: null, title: l.title, level: index.level + 1, references: false });
    }
  });
  return added.length ? [...headings, ...added].sort((a, b) => a.start - b.start) : headings;
}

/**
 * The lines printed between the index's title and the next heading, by position on the page rather than by flow
 * order: a page that holds the index and what follows it may be read with the index's second column after the
 * next heading.
 */
function indexLines(flow: FlowLine[], index: Heading, next: Heading | undefined): number[] {
  const top = flow[index.start];
  const end = next ? flow[next.start] : undefined;
  const lines: number[] = [];
  for (let i = index.end; i < flow.length; i++) {
    const line = flow[i];
    if (line.page < top.page || (line.page === top.page && line.y >= top.y)) continue;
    if (end && (line.page > end.page || (line.page === end.page && line.y <= end.y + end.size / 2))) continue;
    if (next && i >= next.start && i < next.end) continue;
    lines.push(i);
  }
  return lines;
}

/** A column's group labels: bold, alone in the column's row, and set apart from the entry above (or heading it). */
function columnLabels(flow: FlowLine[], column: IndexColumn): Label[] {
  const leading = typicalLeading(flow, column.lines);
  const edge = entryEdge(flow, column.lines);
  const labels: Label[] = [];
  column.lines.forEach((i, k) => {
    const line = flow[i];
    const text = line.text.trim();
    const hanging = hangingLabel(line, edge);
    if (hanging) return labels.push({ at: i, title: hanging, hanging: true });
    if (!GROUP_LABEL.test(text) || !isBold(line)) return;
    if (sharesRow(flow, i, column)) return;
    // A label at the foot of a column heads the entries at the top of the next one; two labels in a row are not.
    const below = column.lines[k + 1];
    if (below !== undefined && GROUP_LABEL.test(flow[below].text.trim())) return;
    const above = column.lines[k - 1];
    if (above !== undefined && leading > 0 && flow[above].y - line.y < SET_APART * leading) return;
    labels.push({ at: i, title: text });
  });
  return labels;
}

/**
 * A label set in the margin left of the entries, on the line of its group's first entry: a bold capital as the line's
 * first run, a space, then the entry in the regular weight starting at the column's entry edge.
 */
function hangingLabel(line: FlowLine, edge: number): string | null {
  const [first, ...rest] = line.runs.filter((r) => r.text.trim());
  if (!first || !first.bold || !/^\p{Lu}$/u.test(first.text.trim()) || !rest.length || rest[0].bold) return null;
  const em = line.size;
  if (rest[0].x - first.x1 < em / 2 || first.x > edge - em / 2 || Math.abs(rest[0].x - edge) > em / 2) return null;
  return first.text.trim();
}

/** The x most lines of the column start at (entries, not their indented sub-entries or hanging labels). */
function entryEdge(flow: FlowLine[], lines: number[]): number {
  const counts = new Map<number, number>();
  for (const i of lines) counts.set(Math.round(flow[i].x0), (counts.get(Math.round(flow[i].x0)) ?? 0) + 1);
  return [...counts.entries()].reduce((a, b) => (b[1] > a[1] ? b : a), [0, 0])[0];
}

/** Whether another line of the index, in this column or crossing it, is printed on the label's row. */
function sharesRow(flow: FlowLine[], i: number, column: IndexColumn): boolean {
  const line = flow[i];
  return column.lines.some((j) => j !== i && Math.abs(flow[j].y - line.y) < SAME_ROW * Math.max(line.size, flow[j].size));
}

/** The most common baseline distance between neighbouring lines of the column (0 when it cannot tell). */
function typicalLeading(flow: FlowLine[], lines: number[]): number {
  const steps = new Map<number, number>();
  for (let k = 1; k < lines.length; k++) {
    const step = Math.round(flow[lines[k - 1]].y - flow[lines[k]].y);
    if (step > 0) steps.set(step, (steps.get(step) ?? 0) + 1);
  }
  let best = 0;
  let count = 0;
  for (const [step, n] of steps) if (n > count || (n === count && step < best)) [best, count] = [step, n];
  return count >= 2 ? best : 0;
}

/**
 * The longest run of letters in alphabetical order (a stray bold capital elsewhere on the pages does not break the
 * sequence), with the groups sorted before the letters ("Symbols", "Numbers") kept where they precede them.
 */
function inAlphabeticalOrder(labels: Label[]): Label[] {
  const letters = labels.map((l, k) => ({ l, k })).filter(({ l }) => l.title.length === 1);
  // Longest strictly increasing subsequence, O(n²): an index has a few dozen labels.
  const best = letters.map(() => 1);
  const prev = letters.map(() => -1);
  for (let b = 0; b < letters.length; b++) {
    for (let a = 0; a < b; a++) {
      if (letters[a].l.title < letters[b].l.title && best[a] + 1 > best[b]) [best[b], prev[b]] = [best[a] + 1, a];
    }
  }
  let end = best.indexOf(Math.max(0, ...best));
  const kept = new Set<number>();
  for (; end >= 0; end = prev[end]) kept.add(letters[end].k);
  const first = Math.min(...kept);
  return labels.filter((l, k) => kept.has(k) || (l.title.length > 1 && k < first));
}
