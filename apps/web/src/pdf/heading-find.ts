import { pageTokens, passageWords } from './passage-match';

/** Enough of a long title to recognise its line; a heading the parser cut or reflowed still starts the same way. */
const TITLE_WORDS = 6;
/** A heading may sit level with the passage's box top when the parser put both in one block (CSS px). */
const SAME_LINE = 4;

/**
 * The text item where a section's heading line starts, so the viewer can put that line at the top: among the places
 * the title's first words occur in reading order, the one nearest above the section's first passage (`passageTop`,
 * CSS px from the page's top; null: the first occurrence). `tops` gives each item's top in the same units. Null when
 * the title is not on the page (or is empty). Pure: strings and numbers in, an item index out.
 */
export function findHeading(items: readonly string[], tops: readonly number[], title: string, passageTop: number | null): number | null {
  const wanted = passageWords(title).slice(0, TITLE_WORDS);
  if (wanted.length === 0) return null;
  const tokens = pageTokens(items);
  const starts: number[] = [];
  for (let t = 0; t + wanted.length <= tokens.length; t++) {
    if (wanted.every((word, i) => tokens[t + i].word === word) && startsLine(tokens, t)) starts.push(tokens[t].items[0]);
  }
  if (starts.length === 0) return null;
  if (passageTop === null) return starts[0];
  let best: number | null = null;
  for (const item of starts) {
    const top = tops[item];
    if (top === undefined || top > passageTop + SAME_LINE) continue;
    if (best === null || top > tops[best]) best = item;
  }
  return best;
}

/** A heading opens its line: nothing before it in its text item but a section number ("2.1", "A"). */
function startsLine(tokens: ReadonlyArray<{ word: string; items: number[] }>, t: number): boolean {
  const item = tokens[t].items[0];
  for (let before = t - 1; before >= 0 && tokens[before].items.includes(item); before--) {
    if (!/^(\d+|[a-z])$/.test(tokens[before].word)) return false;
  }
  return true;
}
