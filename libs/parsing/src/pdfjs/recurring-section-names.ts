import type { FlowLine } from './layout.types';

/**
 * Labels printed again and again are usually not sections (a speaker, "Example", a running head), but a run of
 * reference entries repeats its section names in a cycle: NAME, SYNOPSIS, DESCRIPTION, … once per entry, always
 * in the same order. Given the repeated labels in reading order (each with its first flow line and the line after
 * it), returns the keys that belong to such a cycle: three names or more that each appear at most once between
 * two occurrences of the first, in one fixed order, in three cycles or more. A line that opens or closes its page
 * most of the time is a running head or foot, never part of a cycle.
 */
export function recurringSectionNames(flow: FlowLine[], labels: ReadonlyArray<{ key: string; start: number; end: number }>): Set<string> {
  const edge = (l: { start: number; end: number }) =>
    flow[l.start - 1]?.page !== flow[l.start].page || flow[l.end]?.page !== flow[l.end - 1].page;
  const edgeShare = new Map<string, { edge: number; all: number }>();
  for (const l of labels) {
    const s = edgeShare.get(l.key) ?? { edge: 0, all: 0 };
    s.all++;
    if (edge(l)) s.edge++;
    edgeShare.set(l.key, s);
  }
  const keys = labels
    .map((l) => l.key)
    .filter((k) => {
      const s = edgeShare.get(k);
      return s !== undefined && s.edge * 3 < s.all * 2;
    });
  const names = new Set<string>();
  for (const anchor of new Set(keys)) {
    if (names.has(anchor)) continue;
    const cycle = cycleFrom(keys, anchor);
    if (cycle.length >= 3) cycle.forEach((k) => names.add(k));
  }
  return names;
}

/** The anchor and the names that recur once per cycle after it, in a fixed order; only the anchor when none do. */
function cycleFrom(keys: string[], anchor: string): string[] {
  const first = keys.indexOf(anchor);
  const cycles: string[][] = [];
  for (const k of keys.slice(first)) {
    if (k === anchor) cycles.push([]);
    else cycles[cycles.length - 1].push(k);
  }
  if (cycles.length < 3) return [anchor];
  const members = [...new Set(keys.slice(first))].filter(
    (k) =>
      k !== anchor &&
      !keys.slice(0, first).includes(k) &&
      cycles.every((c) => c.indexOf(k) === c.lastIndexOf(k)) &&
      cycles.filter((c) => c.includes(k)).length >= 3,
  );
  // The members keep one order in every cycle: speakers of a dialogue take turns in no fixed order.
  const rank = new Map(members.map((k, i) => [k, i]));
  const ordered = cycles.every((c) => {
    const ranks = c.flatMap((k) => (rank.has(k) ? [rank.get(k) as number] : []));
    return ranks.every((r, i) => i === 0 || r > ranks[i - 1]);
  });
  return ordered ? [anchor, ...members] : [anchor];
}
