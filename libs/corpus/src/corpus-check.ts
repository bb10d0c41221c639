import { UNSEARCHED_KIND } from './corpus.types';
import { openDatabase } from './database';

/** What `lectern doctor` finds in one corpus file: SQLite's own check, and whether both indexes cover every context. */
export interface CorpusCheck {
  integrity: string;
  /** Contexts both indexes must cover: every kind but a table of contents, which is never searched. */
  contexts: number;
  /** Rows indexed by FTS5 (its docsize shadow table: one per indexed row). */
  keywordRows: number;
  vectorRows: number;
}

/** Opens the corpus read-only and checks it; never writes. */
export function checkCorpusFile(file: string): CorpusCheck {
  const db = openDatabase(file, { readonly: true });
  try {
    const integrity = (db.pragma('integrity_check') as Array<{ integrity_check: string }>).map((r) => r.integrity_check).join('; ');
    const count = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    const hasTable = (name: string) => db.prepare('SELECT 1 FROM sqlite_master WHERE name = ?').get(name) !== undefined;
    const hasKind = (db.pragma('table_info(contexts)') as Array<{ name: string }>).some((c) => c.name === 'kind');
    const searched = hasKind
      ? (db.prepare('SELECT count(*) AS n FROM contexts WHERE kind <> ?').get(UNSEARCHED_KIND) as { n: number }).n
      : count('contexts');
    return {
      integrity,
      contexts: searched,
      keywordRows: hasTable('contexts_fts_docsize') ? count('contexts_fts_docsize') : 0,
      vectorRows: hasTable('contexts_vec') ? count('contexts_vec') : 0,
    };
  } finally {
    db.close();
  }
}
