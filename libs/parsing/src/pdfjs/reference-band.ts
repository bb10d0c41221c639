import type { TextLine } from './layout.types';

/** A bibliography entry's label at the start of a line: "[12] ", "12. ". */
const ENTRY_LABEL = /^(?:\[(\d{1,3})\]|(\d{1,3})\.)\s+\S/;
/** Both columns leave at least this many font sizes blank above the band. */
const GAP_ABOVE_EM = 2.5;

const labelOf = (line: TextLine): number | null => {
  const m = ENTRY_LABEL.exec(line.text);
  return m ? Number(m[1] ?? m[2]) : null;
};

/**
 * A bibliography set across the foot of a two-column page (REVTeX after its appendices): both columns stop, and
 * under a blank band each starts an entry on one baseline, the left one numbered first. Read column by column, the
 * right column's text would land inside the left's entry; the band is read after both columns instead. Returns the
 * columns above and the columns of the band, or null when the page has no such band.
 */
export function splitReferenceBand(left: TextLine[], right: TextLine[]): [TextLine[][], TextLine[][]] | null {
  const [l, r] = [left, right].map((side) => [...side].sort((a, b) => b.y - a.y));
  for (const [i, first] of l.entries()) {
    const n = labelOf(first);
    if (n === null || i === 0 || l[i - 1].y - first.y < GAP_ABOVE_EM * first.size) continue;
    const j = r.findIndex((line) => Math.abs(line.y - first.y) < 0.3 * first.size);
    if (j <= 0 || r[j - 1].y - r[j].y < GAP_ABOVE_EM * r[j].size) continue;
    const m = labelOf(r[j]);
    if (m === null || m <= n) continue;
    const below = (line: TextLine) => line.y <= first.y + 0.3 * first.size;
    return [
      [l.filter((x) => !below(x)), r.filter((x) => !below(x))],
      [l.filter(below), r.filter(below)],
    ];
  }
  return null;
}
