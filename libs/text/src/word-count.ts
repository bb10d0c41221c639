import { HAN_KANA, HAN_KANA_LETTER } from '@lectern/common';

/** A run of Han or kana letters (with the kana length mark): text written without spaces between words. */
const HAN_KANA_RUN = new RegExp(`[${HAN_KANA}\u30fc]+`, 'gu');

/**
 * How many words a sentence has, for the answer's length limits: its whitespace-separated tokens, except that a run
 * of Han or kana letters counts one word per two letters (a Chinese or Japanese word is about two characters), so a
 * Chinese sentence, written without spaces, is not one word long. Text without Han or kana (Latin, spaced Korean) is
 * counted exactly as `split(/\s+/)` counts it.
 */
export function sentenceWordCount(text: string): number {
  if (!HAN_KANA_LETTER.test(text)) return text.split(/\s+/).length;
  let words = 0;
  for (const token of text.trim().split(/\s+/)) {
    const letters = (token.match(HAN_KANA_RUN) ?? []).reduce((n, run) => n + Array.from(run).length, 0);
    const others = token
      .replace(HAN_KANA_RUN, ' ')
      .split(/\s+/)
      .filter((piece) => /[\p{L}\p{N}]/u.test(piece)).length;
    words += Math.max(1, Math.ceil(letters / 2) + others);
  }
  return words;
}
