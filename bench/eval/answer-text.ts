import { containsPhrase, normaliseText } from './gold-matcher';

/**
 * A hyphen inside a word, with any space after it: "positive-stranded", "positive- stranded" (a line break the PDF
 * kept) and "positivestranded" (a line break the parser undid) are one spelling. Where a compound broke at its own
 * hyphen the PDF cannot say which was meant, so the answer test treats all three alike, on both sides.
 */
const WORD_HYPHEN = /(\p{L})[-\u2010\u2011\u00ad]\s*(?=\p{L})/gu;

/**
 * A paper's own reference marker: "[6]" in the gold (the source text) and "(ref. 6)" in an answer, which rewrites it
 * so that `[n]` only ever means one of its sources (withoutCitationBrackets). Neither is content.
 */
const REFERENCE_MARKER = /\[\d+(?:\s*[,–-]\s*\d+)*\]|\(ref\.\s*\d+(?:\s*[,–-]\s*\d+)*\)/g;

/**
 * normaliseText, with in-word hyphens joined (WORD_HYPHEN) and reference markers dropped (REFERENCE_MARKER): how
 * the answer eval compares gold and answer.
 */
export function normaliseAnswerText(text: string): string {
  return normaliseText(text.replace(REFERENCE_MARKER, ' ').replace(WORD_HYPHEN, '$1'));
}

/**
 * Whether the normalised text holds the normalised gold as whole words — except the last word of a gold of
 * several words, which may be the start of a longer word when it is made of letters: COVID-QA's gold answers are
 * character spans, a few cut mid-word ("changes in population behaviou"). A number stays whole ("5" is not "50").
 */
export function holdsAnswer(normalisedText: string, normalisedGold: string): boolean {
  if (normalisedGold.length === 0) return false;
  if (containsPhrase(normalisedText, normalisedGold)) return true;
  const words = normalisedGold.split(' ');
  const cutWord = words.length >= MIN_WORDS_FOR_CUT && /^\p{L}{3,}$/u.test(words[words.length - 1]);
  return cutWord && ` ${normalisedText} `.includes(` ${normalisedGold}`);
}

const MIN_WORDS_FOR_CUT = 3;
