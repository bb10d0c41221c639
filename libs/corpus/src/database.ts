import Database from 'better-sqlite3';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as sqliteVec from 'sqlite-vec';
import { registerKeywordText } from './keyword-text';

export interface OpenDatabaseOptions {
  readonly?: boolean;
}

/**
 * Opens a SQLite file with sqlite-vec loaded and the pragmas every Lectern connection needs:
 * WAL so the API can read while the worker writes, and a busy timeout so two processes queue instead of failing;
 * with the keyword index's text function, which its triggers call (keyword-text.ts).
 */
export function openDatabase(file: string, options: OpenDatabaseOptions = {}): Database.Database {
  const readonly = options.readonly ?? false;
  if (!readonly && file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new Database(file, { readonly, fileMustExist: readonly });
  try {
    loadSqliteVec(db);
    registerKeywordText(db);
    // A read-only connection cannot change the journal mode; the writer already set WAL in the file header.
    if (!readonly) db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    db.pragma('synchronous = NORMAL');
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

export function loadSqliteVec(db: Database.Database): void {
  sqliteVec.load(db);
}

/**
 * A consistent copy of the SQLite file `source` at `target` through SQLite's online backup API: other connections
 * (the API, a worker) keep reading and writing while it runs; a write by another connection restarts the copy.
 */
export async function backupDatabase(source: string, target: string): Promise<void> {
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(target);
  } finally {
    db.close();
  }
}
