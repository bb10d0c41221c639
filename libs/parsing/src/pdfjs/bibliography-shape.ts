import type { FlowLine } from './layout.types';
import { splitReferences, YEAR } from './references-splitter';

/** "[12]", "12." or "12)" before an entry. */
const LABEL = /^(\[[^\]\s]{1,10}\]|\d{1,3}[.)]\s)/;
/**
 * An entry that opens with a name: "D. Bahdanau", "J.-P. Serre", "Beck, T.", "Smith JA,", "van Dijk, J.",
 * "Rafal Ablamowicz and …", "Boris Veytsman. 2017".
 */
const NAME_START = [
  /^(\p{Lu}\.\s?-?)+\s?\p{Lu}[\p{L}'’-]+/u,
  /^(\p{Ll}{1,3}\s)?\p{Lu}[\p{L}'’-]+,?\s+(\p{Lu}\.|\p{Lu}{1,3}\b|\p{Lu}\p{Ll}+[.,\s])/u,
  /^\p{Lu}\p{Ll}+(\s\p{Lu}\.)*\s(\p{Ll}{1,3}\s)?\p{Lu}[\p{L}'’-]+(,|\.|\sand\s|\s&)/u,
];
/** Longer than this, an "entry" is a paragraph of prose. */
const MAX_ENTRY_CHARS = 1200;

/** True when a text reads as one bibliography entry: two of a label, a name first and a year, and not prose-long. */
export function isReferenceShaped(text: string): boolean {
  const t = text.trim();
  if (t.length > MAX_ENTRY_CHARS) return false;
  const label = LABEL.exec(t);
  const body = label ? t.slice(label[0].length).trim() : t;
  const name = NAME_START.some((re) => re.test(body));
  return Number(!!label) + Number(name) + Number(YEAR.test(body)) >= 2;
}

/**
 * The share of a section's entries (or of its first `opening` entries: back matter such as author biographies may
 * follow the list) that read as bibliography entries; null when it has none.
 */
export function bibliographyShare(lines: FlowLine[], opening = Infinity): number | null {
  const entries = splitReferences(lines).slice(0, opening);
  if (!entries.length) return null;
  return entries.filter((e) => isReferenceShaped(e.text)).length / entries.length;
}

/**
 * A bibliography's entries as data: without a closing run of two or more unlabeled items that are no entries (author
 * biographies printed after the list). Their text stays in the section; only the reference list leaves them out.
 */
export function bibliographyEntries<T extends { text: string }>(blocks: T[]): T[] {
  let end = blocks.length;
  while (end > 0 && !isReferenceShaped(blocks[end - 1].text) && !LABEL.test(blocks[end - 1].text.trim())) end--;
  const shaped = blocks.slice(0, end).filter((b) => isReferenceShaped(b.text)).length;
  return blocks.length - end >= 2 && shaped >= 3 ? blocks.slice(0, end) : blocks;
}
