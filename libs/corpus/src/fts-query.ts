/**
 * Turns arbitrary user text into a safe FTS5 MATCH expression: every word is quoted (so `NEAR`, `-`, `*`, `:`,
 * quotes and parentheses are plain text), and words are OR-ed so a long question still matches passages that
 * share only some of its words; BM25 ranks passages with more (and rarer) matches first.
 */

/** Very common English words: matching them adds nothing to BM25 but makes FTS5 walk every row. */
const STOPWORDS = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have how i if in into is it its ' +
    'may might of on or our should so than that the their them then there these they this those to was we were ' +
    'what when where which while who whom why will with would you your'
  ).split(' '),
);

/** Enough terms for any real question; bounds the work a pasted page of text can cause. */
export const MAX_QUERY_TERMS = 32;

const WORD = /[\p{L}\p{N}]+/gu;

/** The terms the query will look for, lower-cased, de-duplicated, in order. */
export function queryTerms(text: string): string[] {
  const words = (text.normalize('NFKC').toLowerCase().match(WORD) ?? []).filter((w) => w.length > 0);
  const unique = [...new Set(words)];
  const meaningful = unique.filter((w) => !STOPWORDS.has(w));
  // A query made only of stopwords ("what is it") still searches for them rather than for nothing.
  return (meaningful.length > 0 ? meaningful : unique).slice(0, MAX_QUERY_TERMS);
}

/** The FTS5 expression, or null when the text has no searchable word. */
export function toFtsQuery(text: string): string | null {
  const terms = queryTerms(text);
  if (terms.length === 0) return null;
  return anyOfTerms(terms);
}

/** `"a" OR "b" OR …`: each term a quoted phrase (a quote inside doubled), so no term is read as FTS5 syntax. */
export function anyOfTerms(terms: readonly string[]): string {
  return terms.map((term) => `"${term.replaceAll('"', '""')}"`).join(' OR ');
}
