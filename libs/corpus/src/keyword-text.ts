import type Database from 'better-sqlite3';
import { cjkIndexText } from '@lectern/text';

/**
 * The SQL function the keyword index's triggers and corpus migration 0009 call on a context's text and section title
 * (`cjkIndexText`: CJK runs as bigrams and their last letter, other text unchanged). better-sqlite3 cannot register
 * an FTS5 tokenizer, so the text is rewritten before unicode61 sees it. Every connection that writes contexts must
 * have it (openDatabase registers it); the FTS5 'delete' command recomputes the same value, so its output must never
 * change for a stored text without a migration that rebuilds the index.
 */
export const KEYWORD_TEXT_FUNCTION = 'lectern_keyword_text';

export function registerKeywordText(db: Database.Database): void {
  db.function(KEYWORD_TEXT_FUNCTION, { deterministic: true }, (text: unknown) => (typeof text === 'string' ? cjkIndexText(text) : text));
}
