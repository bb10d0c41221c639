import { CJK_LETTER } from '@lectern/common';

/**
 * Text loss: the words a reference extraction (pdftotext) reads off a PDF that the parser's stored text lacks,
 * compared as multisets (reading order and page breaks do not matter). Only words with a letter count: page numbers
 * are furniture by design. Han, kana and Hangul count per character, since neither side marks their word breaks.
 */
export interface WordLoss {
  words: number;
  lost: number;
  /** A few lost words, in the reference's order, to read what kind of text went missing. */
  examples: string[];
}

export function wordTokens(text: string): string[] {
  const tokens: string[] = [];
  for (const word of text
    .normalize('NFKC')
    .toLowerCase()
    .match(/[\p{L}\p{M}\p{N}]+/gu) ?? []) {
    if (!/\p{L}/u.test(word)) continue;
    if (CJK_LETTER.test(word)) tokens.push(...[...word].filter((c) => /\p{L}/u.test(c)));
    else tokens.push(word);
  }
  return tokens;
}

/**
 * Each reference word is found if the stored text still has an unused copy; two lost neighbours found joined
 * ("on-" "line" stored as "online": a hyphen the line joiner removed) count as found.
 */
export function wordLoss(reference: string, stored: string, accounted = ''): WordLoss {
  const pool = new Map<string, number>();
  const add = (w: string) => pool.set(w, (pool.get(w) ?? 0) + 1);
  const take = (w: string) => {
    const n = pool.get(w) ?? 0;
    if (n === 0) return false;
    pool.set(w, n - 1);
    return true;
  };
  for (const w of wordTokens(stored)) add(w);
  // Text the parser sets aside on purpose (running heads) is not lost.
  for (const w of wordTokens(accounted)) add(w);
  const words = wordTokens(reference);
  const missing = words.map((w) => !take(w));
  for (let i = 0; i + 1 < words.length; i++) {
    if (missing[i] && missing[i + 1] && take(words[i] + words[i + 1])) missing[i] = missing[i + 1] = false;
  }
  const lost = words.filter((_, i) => missing[i]);
  return { words: words.length, lost: lost.length, examples: lost.slice(0, 12) };
}
