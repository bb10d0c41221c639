import { wordsOf } from '@lectern/text';

/** The share of `terms` that occur in `text` (0..1). */
export function termCoverage(terms: Set<string>, text: string): number {
  if (terms.size === 0) return 0;
  const words = new Set(wordsOf(text));
  let found = 0;
  for (const term of terms) if (words.has(term)) found += 1;
  return found / terms.size;
}
