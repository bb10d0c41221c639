import { withCjkWordsSplit } from './cjk-bigrams';
import { porterStem } from './porter.stemmer';
import { FTS_QUERY_STOPWORDS, QUESTION_STOPWORDS } from './stopwords';

/** Enough terms for any real question; bounds the work a pasted page of text can cause. */
export const MAX_QUERY_TERMS = 32;

const WORD = /[\p{L}\p{N}]+/gu;

/** Words and numbers of any script, ligatures and full-width forms folded (NFKC), lower-cased, in order. */
export function wordsOf(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().match(WORD) ?? [];
}

/** The terms keyword search looks for: lower-cased, de-duplicated, in order, stopwords dropped. */
export function queryTerms(text: string): string[] {
  const unique = [...new Set(wordsOf(text))];
  const meaningful = unique.filter((w) => !FTS_QUERY_STOPWORDS.has(w));
  // A query made only of stopwords ("what is it") still searches for them rather than for nothing.
  return (meaningful.length > 0 ? meaningful : unique).slice(0, MAX_QUERY_TERMS);
}

/** The question's content words as keyword search sees them, less the short ones: what a reader looks for in a text. */
export function questionKeywords(question: string): Set<string> {
  return new Set(queryTerms(question).filter((t) => t.length > 2));
}

/**
 * Stemmed terms of a question or a sentence, repeats kept, for scoring sentences against a question: a stricter
 * stopword list (question words, "paper", "authors") and stems, so "embeddings" meets "embedded".
 */
export function stemmedQuestionTerms(text: string): string[] {
  return answerWords(text).map(porterStem);
}

/**
 * The words stemmedQuestionTerms stems, unstemmed: lower-cased, stopwords and one-letter words dropped, each CJK run
 * as its bigrams (withCjkWordsSplit: a Chinese run is no one word), less the bigrams of CJK question words.
 */
export function answerWords(text: string): string[] {
  return contentWords(text.toLowerCase().match(WORD) ?? []);
}

/** Of lower-cased words, those answerWords keeps, CJK runs split into their bigrams. */
export function contentWords(words: readonly string[]): string[] {
  return withCjkWordsSplit(words).filter((word) => word.length > 1 && !QUESTION_STOPWORDS.has(word));
}
