import { queryTerms } from '@lectern/corpus';

/** The question's content words, as keyword search sees them. */
export function questionTerms(question: string): Set<string> {
  return new Set(queryTerms(question).filter((t) => t.length > 2));
}

/** The share of `terms` that occur in `text` (0..1). */
export function termCoverage(terms: Set<string>, text: string): number {
  if (terms.size === 0) return 0;
  const words = new Set(wordsOf(text));
  let found = 0;
  for (const term of terms) if (words.has(term)) found += 1;
  return found / terms.size;
}

export function wordsOf(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}
