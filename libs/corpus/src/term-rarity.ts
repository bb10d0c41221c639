/**
 * Counts above this are reported as this: beyond it a term is common enough that its exact count changes its weight
 * little (idf ln(N/20 000) at 1M rows). Kept so that weights stay what they were when the counts were capped reads.
 */
export const MAX_COUNTED_ROWS = 20_000;

/** How many contexts hold each term, as FTS5 tokenises it (porter stems): the corpus-wide rarity of a word. */
export interface TermRarity {
  /** Rows in the full-text index. */
  rows: number;
  /** Per word asked, the rows holding it (capped at MAX_COUNTED_ROWS). */
  holding: Map<string, number>;
}

/** Where the counts come from: KeywordIndex's, cached until a commit changes FTS5's totals. */
export interface TermCountSource {
  termCounts(terms: readonly string[]): { rows: number; holding: Map<string, number> };
}

/**
 * Term rarity on the keyword index's cached counts: asking the same words again (every question's common words)
 * costs no FTS5 query until the index changes.
 */
export class TermRarityReader {
  constructor(private readonly source: TermCountSource) {}

  read(words: readonly string[]): TermRarity {
    const { rows, holding } = this.source.termCounts([...new Set(words)]);
    return { rows, holding: new Map([...holding].map(([word, n]) => [word, Math.min(n, MAX_COUNTED_ROWS)])) };
  }
}
