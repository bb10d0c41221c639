import Database from 'better-sqlite3';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { nanoid } from 'nanoid';
import { loadSqliteVec } from './database';
import { VectorIndex } from './vector-index';

/**
 * Writes a consistent snapshot of `source` to `file` that opens in any SQLite (DB Browser, the sqlite3 CLI)
 * without sqlite-vec: the vec0 tables are dropped from the copy, the vectors stay in `contexts.embedding`,
 * and FTS5 (built into SQLite) stays. Replaces `file` atomically.
 */
export function exportCorpus(source: Database.Database, file: string): void {
  const target = path.resolve(file);
  if (path.resolve(source.name) === target) throw new Error(`cannot export a corpus onto itself (${target})`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.${nanoid(8)}.partial`;
  try {
    // VACUUM INTO reads inside one transaction, so a concurrent ingest never shows up half-written.
    source.prepare('VACUUM INTO ?').run(partial);
    const copy = new Database(partial);
    try {
      // Dropping a vec0 table needs the extension loaded, so its shadow tables go with it.
      loadSqliteVec(copy);
      for (const statement of VectorIndex.dropStatements()) copy.exec(statement);
      copy.prepare('INSERT OR REPLACE INTO corpus_meta (key, value) VALUES (?, ?)').run('exported_at', new Date().toISOString());
      copy.pragma('journal_mode = DELETE');
      copy.exec('VACUUM');
    } finally {
      copy.close();
    }
    fs.renameSync(partial, target);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
}
