import { cjkQueryText, isLoneCjkLetter, queryTerms, withCjkBigrams } from '@lectern/text';

/**
 * Turns arbitrary user text into a safe FTS5 MATCH expression: every word is quoted (so `NEAR`, `-`, `*`, `:`,
 * quotes and parentheses are plain text), and words are OR-ed so a long question still matches passages that
 * share only some of its words; BM25 ranks passages with more (and rarer) matches first.
 */

/** The FTS5 expression, or null when the text has no searchable word. */
export function toFtsQuery(text: string): string | null {
  const terms = keywordTerms(text);
  if (terms.length === 0) return null;
  return anyOfTerms(terms);
}

/** The terms keyword search looks for in `text`: its query terms, CJK runs also as their bigrams (withCjkBigrams). */
export function keywordTerms(text: string): string[] {
  return withCjkBigrams(queryTerms(text));
}

/**
 * `"a" OR "b" OR …`: each term a quoted phrase (a quote inside doubled), so no term is read as FTS5 syntax. A term is
 * written as the index holds it (cjkQueryText), so a CJK run is the phrase of its bigrams, and one CJK letter is a
 * prefix (`"水"*`: the bigrams it starts and a run's last letter); Latin terms are unchanged.
 */
export function anyOfTerms(terms: readonly string[]): string {
  return terms.map((term) => `"${cjkQueryText(term).replaceAll('"', '""')}"${isLoneCjkLetter(term) ? '*' : ''}`).join(' OR ');
}
