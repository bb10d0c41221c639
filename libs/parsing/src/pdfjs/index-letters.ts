import type { Heading } from './heading-detector';
import { isBold, type FlowLine } from './layout.types';

/** An index's group label: one capital letter, or the groups sorted before the letters. */
const GROUP_LABEL = /^(\p{Lu}|symbols|numbers|digits)$/iu;
const INDEX_TITLE = /^(general\s+|subject\s+|command\s+|name\s+)?index$/i;
/** Fewer labels than this in alphabetical order are not an index's grouping. */
const MIN_GROUPS = 3;

/**
 * Index pages group their entries under bold single letters ("A", "B", … or "Symbols"). Too short to pass as titles
 * anywhere else, they are headings here: after a heading named "Index", standalone bold labels set apart from the
 * entries, at least three of them in alphabetical order. They become headings one level below the index's.
 */
export function addIndexGroupHeadings(flow: FlowLine[], headings: Heading[]): Heading[] {
  const at = headings.findIndex((h) => INDEX_TITLE.test(h.title.trim()));
  if (at < 0) return headings;
  const index = headings[at];
  const to = headings[at + 1]?.start ?? flow.length;
  const labels: Heading[] = [];
  let last = '';
  for (let i = index.end; i < to; i++) {
    const line = flow[i];
    const text = line.text.trim();
    if (!GROUP_LABEL.test(text) || line.rowPeers > 1 || !isBold(line)) continue;
    const next = flow[i + 1];
    // The label stands apart: the entry below is in the regular weight.
    if (!next || isBold(next)) continue;
    const letter = text.length === 1 ? text.toUpperCase() : '';
    if (letter && letter <= last) continue;
    if (letter) last = letter;
    labels.push({ start: i, end: i + 1, number: null, title: text, level: index.level + 1, references: false });
  }
  if (labels.filter((l) => l.title.length === 1).length < MIN_GROUPS) return headings;
  return [...headings.slice(0, at + 1), ...labels, ...headings.slice(at + 1)];
}
