import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { EXPORT_DOCUMENTS_TABLE, EXPORT_PDFS_TABLE, exportTableSql, type ExportedDocument } from './corpus-export';
import type { EmbeddingSpec } from './corpus.types';
import { openDatabase } from './database';
import { ImportRefusedError } from './errors';
import { registerKeywordText } from './keyword-text';
import { listMigrations, migrationsDir, runMigrations } from './migrator';
import { SIMHASH_TABLE, VECTOR_TABLE } from './vector-index';

/** What an imported file may weigh and hold; beyond it the import is refused before any row is copied. */
export interface ImportLimits {
  maxBytes: number;
  /** Rows of any one table. */
  maxRows: number;
}

export const DEFAULT_IMPORT_LIMITS: ImportLimits = { maxBytes: 8 * 1024 ** 3, maxRows: 5_000_000 };

/** What a checked export holds. */
export interface ImportInspection {
  schemaVersion: number;
  embedding: EmbeddingSpec;
  /** The documents the export lists (`lectern export` writes them); one made up per article for older exports. */
  documents: ExportedDocument[];
  articles: number;
  contexts: number;
  /** How many of the documents have their PDF in the file (`--with-pdfs`). */
  pdfs: number;
}

const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');
const MODEL_KEY = 'embedding_model';
const DIMENSION_KEY = 'embedding_dimension';
/** corpus_meta keys that describe the file, not the corpus: never copied. */
const META_NOT_COPIED = new Set(['vector_prefilter', 'exported_at']);
/** Tables that are rebuilt from the copied rows (FTS5 by the triggers, vectors by CorpusDb.open), never read. */
const DERIVED_TABLE = new RegExp(`^(contexts_fts|contexts_fts_(data|idx|docsize|config|content)|${VECTOR_TABLE}|${VECTOR_TABLE}_\\w+)$`);
const VEC0_SQL = new RegExp(
  `^CREATE VIRTUAL TABLE "?${VECTOR_TABLE}"? USING vec0\\(embedding float\\[\\d{1,5}\\] distance_metric=cosine\\)$`,
  'i',
);
const SHA256 = /^[0-9a-f]{64}$/;

interface SchemaObject {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

/**
 * An export file to import, checked as untrusted input: it is copied into `stagingDir` first (so no `-wal` or
 * `-journal` beside the original is ever read), opened read-only without extensions and with `trusted_schema = OFF`,
 * and refused (ImportRefusedError, nothing written) unless it is a Lectern corpus: integrity check, schema version no
 * newer than ours, migration names ours, the tables and columns ours need, no trigger, view, virtual table, index or
 * table that Lectern's migrations do not make, row counts and vector sizes within bounds.
 */
export class CorpusImportSource {
  private constructor(
    private readonly db: Database.Database,
    readonly inspection: ImportInspection,
    private readonly tableColumns: Map<string, string[]>,
  ) {}

  static open(file: string, stagingDir: string, limits: ImportLimits = DEFAULT_IMPORT_LIMITS): CorpusImportSource {
    const copy = path.join(stagingDir, 'source.sqlite');
    stageCopy(file, copy, limits);
    let db: Database.Database;
    try {
      db = new Database(copy, { readonly: true, fileMustExist: true });
    } catch (error) {
      throw refused(`the file does not open as SQLite (${messageOf(error)})`);
    }
    try {
      db.pragma('trusted_schema = OFF');
      db.pragma('query_only = ON');
      db.pragma('cell_size_check = ON');
      db.pragma('mmap_size = 0');
      const checked = guard(() => inspect(db, limits));
      return new CorpusImportSource(db, checked.inspection, checked.tableColumns);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  /**
   * Writes a new corpus at `target` with Lectern's migrations up to the export's schema version and copies every
   * table the two share, column by column (the columns both have), with `articles.document_id` mapped through
   * `documentIds`. Open it with CorpusDb.open to apply the newer migrations and build the vector index.
   */
  copyInto(target: string, documentIds: ReadonlyMap<string, string>): void {
    if (fs.existsSync(target)) throw new Error(`${target} exists: an import writes a fresh corpus`);
    const out = openDatabase(target);
    let copied = false;
    try {
      runMigrations(out, migrationsDir('corpus'), { upTo: this.inspection.schemaVersion });
      guard(() =>
        out.transaction(() => {
          for (const table of copyOrder(out)) this.copyTable(out, table, documentIds);
          const setMeta = out.prepare('INSERT OR REPLACE INTO corpus_meta (key, value) VALUES (?, ?)');
          for (const row of this.db.prepare('SELECT key, value FROM corpus_meta').raw().iterate() as Iterable<[unknown, unknown]>) {
            const [key, value] = row;
            if (typeof key === 'string' && typeof value === 'string' && !META_NOT_COPIED.has(key)) setMeta.run(key, value);
          }
          const broken = out.pragma('foreign_key_check') as unknown[];
          if (broken.length > 0) throw refused(`${broken.length} rows point at rows that are not in the file`);
        })(),
      );
      copied = true;
    } finally {
      out.close();
      if (!copied) for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${target}${suffix}`, { force: true });
    }
  }

  /** The PDF of a listed document, checked against its sha256; null when the export carries none. */
  readPdf(sha256: string): Buffer | null {
    if (!this.tableColumns.has(EXPORT_PDFS_TABLE)) return null;
    const data = guard(() => this.db.prepare(`SELECT data FROM ${EXPORT_PDFS_TABLE} WHERE sha256 = ?`).pluck().get(sha256));
    if (data === undefined) return null;
    if (!Buffer.isBuffer(data) || createHash('sha256').update(data).digest('hex') !== sha256) {
      throw refused(`the PDF stored for ${sha256} does not have that sha256`);
    }
    return data;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  private copyTable(out: Database.Database, table: string, documentIds: ReadonlyMap<string, string>): void {
    const sourceColumns = this.tableColumns.get(table);
    if (!sourceColumns) return; // a table newer than the export's schema: nothing to copy
    const targetColumns = columnsOf(out, table).map((c) => c.name);
    const shared = targetColumns.filter((column) => sourceColumns.includes(column));
    const list = shared.map(quote).join(', ');
    const insert = out.prepare(`INSERT INTO ${quote(table)} (${list}) VALUES (${shared.map(() => '?').join(', ')})`);
    const documentColumn = table === 'articles' ? shared.indexOf('document_id') : -1;
    const rows = this.db
      .prepare(`SELECT ${list} FROM ${quote(table)} ORDER BY rowid`)
      .raw()
      .iterate() as Iterable<unknown[]>;
    for (const row of rows) {
      if (documentColumn >= 0) {
        const mapped = documentIds.get(String(row[documentColumn]));
        if (mapped === undefined) throw refused(`article ${String(row[0])} names a document the file does not list`);
        row[documentColumn] = mapped;
      }
      insert.run(row);
    }
  }
}

/** Copies the file into the staging folder after checking its size and header; a WAL-mode header is set to rollback. */
function stageCopy(file: string, copy: string, limits: ImportLimits): void {
  let size: number;
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) throw refused(`${file} is not a file`);
    size = stat.size;
  } catch (error) {
    if (error instanceof ImportRefusedError) throw error;
    throw refused(`cannot read ${file}: ${messageOf(error)}`);
  }
  if (size > limits.maxBytes) throw refused(`the file is ${size} bytes, more than the import limit of ${limits.maxBytes}`);
  if (size < 512) throw refused('the file is too short to be a SQLite database');
  fs.copyFileSync(file, copy);
  const fd = fs.openSync(copy, 'r+');
  try {
    const header = Buffer.alloc(100);
    fs.readSync(fd, header, 0, 100, 0);
    if (!header.subarray(0, 16).equals(SQLITE_MAGIC)) throw refused('the file is not a SQLite database');
    const rawPageSize = header.readUInt16BE(16);
    const pageSize = rawPageSize === 1 ? 65536 : rawPageSize;
    const pages = header.readUInt32BE(28);
    const countValid = header.readUInt32BE(92) === header.readUInt32BE(24);
    if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0) throw refused('the file has an invalid SQLite header (page size)');
    if (size % pageSize !== 0 || (countValid && pages * pageSize > size)) {
      throw refused(`the file is truncated: its header announces ${pages} pages of ${pageSize} bytes, it has ${size} bytes`);
    }
    // A WAL-mode file's un-checkpointed pages live in its -wal file, which is never taken: read the main file as is.
    if (header[18] === 2 || header[19] === 2) fs.writeSync(fd, Buffer.from([1, 1]), 0, 2, 18);
  } finally {
    fs.closeSync(fd);
  }
}

function inspect(db: Database.Database, limits: ImportLimits): { inspection: ImportInspection; tableColumns: Map<string, string[]> } {
  const objects = db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master').all() as SchemaObject[];
  if (!objects.some((o) => o.name === 'schema_migrations'))
    throw refused('the file is not a Lectern corpus export (no schema_migrations table)');

  const known = listMigrations(migrationsDir('corpus'));
  const newest = known.length > 0 ? known[known.length - 1].version : 0;
  const applied = db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all() as Array<{
    version: unknown;
    name: unknown;
  }>;
  const schemaVersion = applied.length > 0 ? Number(applied[applied.length - 1].version) : 0;
  if (schemaVersion > newest) {
    throw refused(
      `the file is at corpus schema version ${schemaVersion}, newer than this Lectern's (${newest}): upgrade Lectern to import it`,
    );
  }
  applied.forEach((row, i) => {
    const expected = known[i];
    if (!expected || row.version !== expected.version || row.name !== expected.name) {
      throw refused(`the file's migration ${String(row.version)} (${String(row.name)}) is not Lectern's: not a Lectern corpus export`);
    }
  });
  if (schemaVersion === 0) throw refused('the file records no corpus migration: not a Lectern corpus export');

  // Lectern's schema at the export's version and now: every object in the file must be one of these.
  const reference = new Database(':memory:');
  let tableColumns: Map<string, string[]>;
  try {
    registerKeywordText(reference); // migration 0009 rebuilds the keyword index with it
    runMigrations(reference, migrationsDir('corpus'), { upTo: schemaVersion });
    const expected = new Map(
      (reference.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master').all() as SchemaObject[]).map((o) => [o.name, o]),
    );
    for (const object of objects) checkObject(object, expected);

    const integrity = db.pragma('integrity_check') as Array<{ integrity_check: string }>;
    if (integrity.length !== 1 || integrity[0].integrity_check !== 'ok') {
      throw refused(
        `the file fails SQLite's integrity check: ${integrity
          .slice(0, 3)
          .map((r) => r.integrity_check)
          .join('; ')}`,
      );
    }

    tableColumns = new Map();
    for (const table of copyOrder(reference)) {
      if (!objects.some((o) => o.type === 'table' && o.name === table))
        throw refused(`the file has no ${table} table: not a Lectern corpus export`);
      const source = new Map(columnsOf(db, table).map((c) => [c.name, c]));
      for (const column of columnsOf(reference, table)) {
        const theirs = source.get(column.name);
        if (!theirs) {
          if (column.notnull && column.dflt_value === null && !column.pk)
            throw refused(`the file's ${table} table has no ${column.name} column`);
          continue;
        }
        if (theirs.type.toUpperCase() !== column.type.toUpperCase()) {
          throw refused(`the file's ${table}.${column.name} is ${theirs.type || 'untyped'}, Lectern's is ${column.type}`);
        }
      }
      tableColumns.set(table, [...source.keys()]);
      const rows = db
        .prepare(`SELECT COUNT(*) FROM ${quote(table)}`)
        .pluck()
        .get() as number;
      if (rows > limits.maxRows)
        throw refused(`the file's ${table} table has ${rows} rows, more than the import limit of ${limits.maxRows}`);
    }
  } finally {
    reference.close();
  }
  for (const extra of [EXPORT_DOCUMENTS_TABLE, EXPORT_PDFS_TABLE]) {
    if (objects.some((o) => o.name === extra))
      tableColumns.set(
        extra,
        columnsOf(db, extra).map((c) => c.name),
      );
  }

  const embedding = readEmbedding(db);
  const wrongVectors = db
    .prepare('SELECT COUNT(*) FROM contexts WHERE embedding IS NOT NULL AND (typeof(embedding) != ? OR length(embedding) != ?)')
    .pluck()
    .get('blob', embedding.dimension * 4) as number;
  if (wrongVectors > 0) throw refused(`${wrongVectors} contexts have a vector that is not ${embedding.dimension} float32 values`);

  const documents = readDocuments(db, tableColumns.has(EXPORT_DOCUMENTS_TABLE), limits);
  const pdfs = tableColumns.has(EXPORT_PDFS_TABLE) ? (db.prepare(`SELECT COUNT(*) FROM ${EXPORT_PDFS_TABLE}`).pluck().get() as number) : 0;
  const count = (table: string) => db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number;
  return {
    inspection: { schemaVersion, embedding, documents, articles: count('articles'), contexts: count('contexts'), pdfs },
    tableColumns,
  };
}

/** Refuses any trigger, view, virtual table, index or table that Lectern's migrations (at that version) do not make. */
function checkObject(object: SchemaObject, expected: Map<string, SchemaObject>): void {
  const what = `${object.type} "${object.name}"`;
  if (object.name.startsWith('sqlite_autoindex_') || object.name === 'sqlite_sequence' || /^sqlite_stat\d$/.test(object.name)) return;
  if (object.type === 'view') throw refused(`the file carries a view (${object.name}); Lectern exports have none`);
  const sql = normalise(object.sql);
  if (object.type === 'table' && object.name === VECTOR_TABLE) {
    if (VEC0_SQL.test(sql)) return;
    throw refused(`the file's ${what} is not Lectern's vector table`);
  }
  if (object.type === 'table' && (DERIVED_TABLE.test(object.name) || object.name === SIMHASH_TABLE) && !expected.has(object.name)) {
    if (sql.startsWith('CREATE VIRTUAL')) throw refused(`the file carries a virtual table (${object.name}) that is not Lectern's`);
    return; // a shadow table of the vector index: never read
  }
  if (object.type === 'table' && (object.name === EXPORT_DOCUMENTS_TABLE || object.name === EXPORT_PDFS_TABLE)) {
    if (sql === normalise(exportTableSql(object.name))) return;
    throw refused(`the file's ${what} is not the one \`lectern export\` writes`);
  }
  const ours = expected.get(object.name);
  if (!ours || ours.type !== object.type) throw refused(`the file carries a ${object.type} (${object.name}) that is not Lectern's`);
  const mustMatch = object.type === 'trigger' || object.type === 'index' || sql.startsWith('CREATE VIRTUAL');
  if (mustMatch && sql !== normalise(ours.sql)) throw refused(`the file's ${what} differs from Lectern's`);
}

function readEmbedding(db: Database.Database): EmbeddingSpec {
  const meta = new Map(
    (
      db.prepare('SELECT key, value FROM corpus_meta WHERE key IN (?, ?)').raw().all(MODEL_KEY, DIMENSION_KEY) as Array<[unknown, unknown]>
    ).map(([key, value]) => [key, value]),
  );
  const modelId = meta.get(MODEL_KEY);
  const dimension = Number(meta.get(DIMENSION_KEY));
  if (typeof modelId !== 'string' || modelId.length === 0 || modelId.length > 200) throw refused('the file records no embedding model');
  if (!Number.isInteger(dimension) || dimension < 1 || dimension > 16_384) throw refused('the file records no valid embedding dimension');
  return { modelId, dimension };
}

function readDocuments(db: Database.Database, listed: boolean, limits: ImportLimits): ExportedDocument[] {
  if (!listed) {
    // An export written before documents were listed: one stand-in per article (no PDF, so no source view).
    const articles = db.prepare('SELECT document_id, title, page_count FROM articles ORDER BY rowid').raw().all() as Array<
      [unknown, unknown, unknown]
    >;
    return articles.map(([id, title, pageCount]) => ({
      id: String(id),
      filename: `${
        String(title)
          .slice(0, 120)
          .replace(/[^A-Za-z0-9._ -]+/g, '') || 'article'
      }.pdf`,
      sha256: createHash('sha256')
        .update(`lectern-import:${String(id)}`)
        .digest('hex'),
      sizeBytes: 0,
      pageCount: typeof pageCount === 'number' ? pageCount : null,
      parsers: [],
      warnings: ['imported from an export without its documents: no source PDF'],
    }));
  }
  const count = db.prepare(`SELECT COUNT(*) FROM ${EXPORT_DOCUMENTS_TABLE}`).pluck().get() as number;
  if (count > limits.maxRows) throw refused(`the file lists ${count} documents, more than the import limit of ${limits.maxRows}`);
  const rows = db
    .prepare(`SELECT id, filename, sha256, size_bytes, page_count, parsers, warnings FROM ${EXPORT_DOCUMENTS_TABLE}`)
    .all() as Array<Record<string, unknown>>;
  return rows.map((row) => {
    const { id, filename, sha256, size_bytes: sizeBytes, page_count: pageCount } = row;
    if (
      typeof id !== 'string' ||
      typeof filename !== 'string' ||
      filename.length === 0 ||
      filename.length > 255 ||
      /[/\\\0]/.test(filename)
    ) {
      throw refused(`the file lists a document with an invalid id or name`);
    }
    if (typeof sha256 !== 'string' || !SHA256.test(sha256)) throw refused(`document ${id} has no valid sha256`);
    if (typeof sizeBytes !== 'number' || !Number.isInteger(sizeBytes) || sizeBytes < 0) throw refused(`document ${id} has no valid size`);
    return {
      id,
      filename,
      sha256,
      sizeBytes,
      pageCount: typeof pageCount === 'number' && Number.isInteger(pageCount) ? pageCount : null,
      parsers: stringArray(row.parsers, id),
      warnings: stringArray(row.warnings, id),
    };
  });
}

function stringArray(value: unknown, id: string): string[] {
  try {
    const parsed: unknown = JSON.parse(String(value));
    if (Array.isArray(parsed) && parsed.every((item) => typeof item === 'string')) return parsed as string[];
  } catch {
    // refused below
  }
  throw refused(`document ${id} has an invalid parsers or warnings list`);
}

/** The tables an import copies, parents before children (by their foreign keys). */
function copyOrder(db: Database.Database): string[] {
  const tables = (
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'").pluck().all() as string[]
  ).filter(
    (name) =>
      !name.startsWith('sqlite_') &&
      name !== 'schema_migrations' &&
      name !== 'corpus_meta' &&
      !DERIVED_TABLE.test(name) &&
      name !== SIMHASH_TABLE,
  );
  const parents = new Map(
    tables.map((table) => [table, (db.pragma(`foreign_key_list(${quote(table)})`) as Array<{ table: string }>).map((fk) => fk.table)]),
  );
  const ordered: string[] = [];
  const visit = (table: string, path: string[]) => {
    if (ordered.includes(table) || path.includes(table)) return;
    for (const parent of parents.get(table) ?? []) if (parent !== table) visit(parent, [...path, table]);
    ordered.push(table);
  };
  for (const table of [...tables].sort()) visit(table, []);
  return ordered;
}

interface ColumnInfo {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
}

function columnsOf(db: Database.Database, table: string): ColumnInfo[] {
  return db.pragma(`table_info(${quote(table)})`) as ColumnInfo[];
}

function normalise(sql: string | null): string {
  return (sql ?? '')
    .replace(/--[^\n]*/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/\s*([(),])\s*/g, '$1')
    .trim();
}

function quote(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}

/** Runs `work`, turning SQLite's own errors about the file into ImportRefusedError. */
function guard<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof ImportRefusedError) throw error;
    throw refused(`the file cannot be read as a Lectern corpus (${messageOf(error)})`);
  }
}

function refused(reason: string): ImportRefusedError {
  return new ImportRefusedError(`import refused: ${reason}`);
}

function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : String(error);
}
