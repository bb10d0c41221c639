import Database from 'better-sqlite3';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { nanoid } from 'nanoid';
import { loadSqliteVec } from './database';
import { VectorIndex } from './vector-index';

/** Export-only tables: the catalog's documents behind the articles, and (`--with-pdfs`) the PDFs themselves. */
export const EXPORT_DOCUMENTS_TABLE = 'lectern_export_documents';
export const EXPORT_PDFS_TABLE = 'lectern_export_pdfs';

/** A document as an export lists it, so an import can recreate the catalog row (and the source view). */
export interface ExportedDocument {
  id: string;
  filename: string;
  sha256: string;
  sizeBytes: number;
  pageCount: number | null;
  parsers: string[];
  warnings: string[];
}

/**
 * Writes a consistent snapshot of `source` to `file` that opens in any SQLite (DB Browser, the sqlite3 CLI)
 * without sqlite-vec: the vec0 tables are dropped from the copy, the vectors stay in `contexts.embedding`,
 * and FTS5 (built into SQLite) stays — its CJK text as bigrams (corpus migration 0009), and its triggers call Lectern's
 * `lectern_keyword_text`, so the file reads anywhere but takes new contexts only in Lectern. Replaces `file` atomically.
 */
export function exportCorpus(source: Database.Database, file: string, documents: ExportedDocument[] = []): void {
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
      writeDocuments(copy, documents);
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

function writeDocuments(copy: Database.Database, documents: ExportedDocument[]): void {
  copy.exec(exportTableSql(EXPORT_DOCUMENTS_TABLE));
  const insert = copy.prepare(`INSERT INTO ${EXPORT_DOCUMENTS_TABLE} VALUES (?, ?, ?, ?, ?, ?, ?)`);
  copy.transaction(() => {
    for (const d of documents) {
      insert.run(d.id, d.filename, d.sha256, d.sizeBytes, d.pageCount, JSON.stringify(d.parsers), JSON.stringify(d.warnings));
    }
  })();
}

/** Adds PDFs to a finished export (`--with-pdfs`), one row per sha256, so an import brings the source view along. */
export class ExportPdfWriter {
  private readonly db: Database.Database;
  private readonly insert: Database.Statement;

  constructor(file: string) {
    this.db = new Database(file, { fileMustExist: true });
    this.db.exec(exportTableSql(EXPORT_PDFS_TABLE));
    this.insert = this.db.prepare(`INSERT OR IGNORE INTO ${EXPORT_PDFS_TABLE} (sha256, data) VALUES (?, ?)`);
  }

  add(sha256: string, data: Buffer): void {
    this.insert.run(sha256, data);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

/** The CREATE statement of an export-only table (see exportCorpus). */
export function exportTableSql(table: string): string {
  if (table === EXPORT_DOCUMENTS_TABLE) {
    return `CREATE TABLE ${EXPORT_DOCUMENTS_TABLE} (id TEXT PRIMARY KEY, filename TEXT NOT NULL, sha256 TEXT NOT NULL, size_bytes INTEGER NOT NULL, page_count INTEGER, parsers TEXT NOT NULL, warnings TEXT NOT NULL)`;
  }
  return `CREATE TABLE ${EXPORT_PDFS_TABLE} (sha256 TEXT PRIMARY KEY, data BLOB NOT NULL)`;
}
