import type Database from 'better-sqlite3';
import { anyOfTerms } from './fts-query';
import { readVarint } from './keyword-index';

/**
 * Rows counted per term at most: beyond it a term is common enough that its exact count changes its weight little
 * (idf ln(N/20 000) at 1M rows), and counting a posting list of a word in every fifth row is what costs.
 */
export const MAX_COUNTED_ROWS = 20_000;

/** How many contexts hold each term, as FTS5 tokenises it (porter stems): the corpus-wide rarity of a word. */
export interface TermRarity {
  /** Rows in the full-text index. */
  rows: number;
  /** Per word asked, the rows holding it (capped at MAX_COUNTED_ROWS). */
  holding: Map<string, number>;
}

export class TermRarityReader {
  private readonly count: Database.Statement<[string, number], number>;
  private readonly averages: Database.Statement<[], Buffer | undefined>;

  constructor(db: Database.Database) {
    this.count = db
      .prepare('SELECT count(*) FROM (SELECT 1 FROM contexts_fts WHERE contexts_fts MATCH ? LIMIT ?)')
      .pluck() as Database.Statement<[string, number], number>;
    this.averages = db.prepare('SELECT block FROM contexts_fts_data WHERE id = 1').pluck() as Database.Statement<[], Buffer | undefined>;
  }

  read(words: readonly string[]): TermRarity {
    const block = this.averages.get();
    const rows = block ? readVarint(block) : 0;
    const holding = new Map<string, number>();
    for (const word of new Set(words)) holding.set(word, rows === 0 ? 0 : this.count.get(anyOfTerms([word]), MAX_COUNTED_ROWS)!);
    return { rows, holding };
  }
}
