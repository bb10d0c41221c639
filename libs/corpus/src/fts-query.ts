import { queryTerms } from '@lectern/text';

/**
 * Turns arbitrary user text into a safe FTS5 MATCH expression: every word is quoted (so `NEAR`, `-`, `*`, `:`,
 * quotes and parentheses are plain text), and words are OR-ed so a long question still matches passages that
 * share only some of its words; BM25 ranks passages with more (and rarer) matches first.
 */

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
