import { CJK_LETTERS } from '@lectern/common';
import { MAX_QUERY_TERMS } from './question-terms';

/**
 * Chinese, Japanese and Korean text for a word index: FTS5's unicode61 tokenizer makes a whole run of Han, kana or
 * Hangul letters one token (there are no spaces between words), so no query word would match inside a sentence.
 * As Lucene's CJKAnalyzer does, each run is indexed as its overlapping character bigrams ("深度学习" → 深度 度学 学习)
 * and a query's run is searched as the phrase of its bigrams, so any two or more letters match wherever they occur.
 */

/**
 * A Han, kana or Hangul letter (the scripts' symbols and radicals are not letters), the kana length mark, or a voicing
 * mark (full-width combining or half-width: NFKC joins it to the kana before it, as the query's NFKC does).
 */
const CJK_WORD_LETTER = new RegExp(String.raw`(?:(?=[\p{L}\p{Nl}])[${CJK_LETTERS}]|[\u30fc\uff70\uff9e\uff9f]|\u3099|\u309a)`, 'u');
const CJK_RUN = new RegExp(`${CJK_WORD_LETTER.source}+`, 'gu');
/** A query word's pieces: its CJK runs and what lies between them. */
const CJK_RUN_OR_OTHER = new RegExp(`${CJK_WORD_LETTER.source}+|(?:(?!${CJK_WORD_LETTER.source})[\\s\\S])+`, 'gu');

/** Whether the text has a Han, kana or Hangul letter. */
export function hasCjkLetter(text: string): boolean {
  return CJK_WORD_LETTER.test(text);
}

/** A run's overlapping bigrams (NFKC: half-width kana as full-width); a lone letter is its own token. */
export function cjkBigrams(run: string): string[] {
  const letters = Array.from(run.normalize('NFKC'));
  if (letters.length < 2) return letters;
  return letters.slice(1).map((letter, i) => letters[i] + letter);
}

/**
 * The text as the keyword index tokenizes it: every CJK run replaced by its bigrams and then its last letter, spaced
 * apart ("饮用水" → 饮用 用水 水). The last letter makes every letter of a run the start of a token, so a one-letter
 * query finds it as a prefix (`cjkQueryText`). Text without a CJK letter is returned as it is, so Latin text is
 * tokenized exactly as before.
 */
export function cjkIndexText(text: string): string {
  if (!hasCjkLetter(text)) return text;
  return text.replace(CJK_RUN, (run) => {
    const letters = Array.from(run.normalize('NFKC'));
    return letters.length < 2 ? ` ${letters.join('')} ` : ` ${cjkBigrams(run).join(' ')} ${letters.at(-1)} `;
  });
}

/** A query term as the index holds it: each CJK run as its bigrams (a phrase once quoted), without the run's last letter. */
export function cjkQueryText(term: string): string {
  if (!hasCjkLetter(term)) return term;
  return term.replace(CJK_RUN, (run) => ` ${cjkBigrams(run).join(' ')} `);
}

/** Whether the term is one CJK letter: searched as a prefix, the bigrams it starts and a run's last letter. */
export function isLoneCjkLetter(term: string): boolean {
  return Array.from(term.normalize('NFKC')).length === 1 && hasCjkLetter(term);
}

/**
 * Query terms with their CJK runs taken apart for the bigram index: a run of three letters or more is searched as each
 * bigram and as the whole run (a phrase of its bigrams once the query is built, `cjkQueryText`), so a passage with the
 * exact run ranks first and one sharing only some of a question's words is still found; a run of two letters is one
 * token, and one letter a prefix (isLoneCjkLetter). Latin words stay as they are. At most MAX_QUERY_TERMS terms,
 * de-duplicated, in order (a long run's later bigrams and its phrase are the ones cut).
 */
export function withCjkBigrams(terms: readonly string[]): string[] {
  if (!terms.some(hasCjkLetter)) return [...terms];
  return [...new Set(terms.flatMap((term) => cjkPieces(term, true)))].slice(0, MAX_QUERY_TERMS);
}

/**
 * Words as the answer step compares them: each CJK run inside a word taken apart into its bigrams, in order and with
 * repeats, as the keyword index holds it ("饮用水中" → 饮用 用水 水中; "pm2浓度" → pm2 浓度); a word without a CJK letter
 * stays as it is, so Latin words are compared exactly as before.
 */
export function withCjkWordsSplit(words: readonly string[]): string[] {
  if (!words.some(hasCjkLetter)) return [...words];
  return words.flatMap((word) => cjkPieces(word, false));
}

/**
 * A word with each CJK run inside it taken apart into its bigrams, and, with `keepRun`, a run of three letters or more
 * also kept whole after them (the query's phrase); what lies between runs stays as it is.
 */
function cjkPieces(word: string, keepRun: boolean): string[] {
  if (!hasCjkLetter(word)) return [word];
  return (word.match(CJK_RUN_OR_OTHER) ?? []).flatMap((piece) => {
    if (!hasCjkLetter(piece)) return [piece];
    const bigrams = cjkBigrams(piece);
    return keepRun && bigrams.length > 1 ? [...bigrams, piece] : bigrams;
  });
}
