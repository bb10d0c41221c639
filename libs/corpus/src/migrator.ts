import type Database from 'better-sqlite3';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { MigrationError } from './errors';

export type MigrationSeries = 'catalog' | 'corpus';

interface MigrationFile {
  version: number;
  name: string;
  file: string;
}

const MIGRATION_FILE = /^(\d{4})_([A-Za-z0-9_-]+)\.sql$/;
/**
 * First line of a migration that rebuilds a table others reference (SQLite's "make other kinds of table schema
 * changes" procedure): foreign keys are switched off around its transaction, which PRAGMA cannot do inside one,
 * and checked before it commits.
 */
const FOREIGN_KEYS_OFF = /^--\s*foreign_keys:\s*off\s*$/m;
/**
 * How long a process waits for another one's migration (a table rebuild takes seconds per 100k rows) before it
 * gives up; the connection's own busy timeout is put back afterwards.
 */
const MIGRATION_BUSY_TIMEOUT_MS = 10 * 60_000;

/**
 * Finds `migrations/<series>` by walking up from this file, so it works from `libs/corpus/src` (ts-jest)
 * and from `dist/libs/corpus/src` (compiled) alike.
 */
export function migrationsDir(series: MigrationSeries): string {
  let dir = __dirname;
  for (;;) {
    const candidate = path.join(dir, 'migrations', series);
    if (fs.existsSync(candidate) && fs.statSync(candidate).isDirectory()) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new MigrationError(`no migrations/${series} directory above ${__dirname}`);
    dir = parent;
  }
}

/** The versions and names of the migrations in `dir`, oldest first. */
export function listMigrations(dir: string): Array<{ version: number; name: string }> {
  return readMigrationFiles(dir).map(({ version, name }) => ({ version, name }));
}

function readMigrationFiles(dir: string): MigrationFile[] {
  const files = fs
    .readdirSync(dir)
    .map((file) => ({ file, match: MIGRATION_FILE.exec(file) }))
    .filter((entry): entry is { file: string; match: RegExpExecArray } => entry.match !== null)
    .map(({ file, match }) => ({ version: Number(match[1]), name: match[2], file: path.join(dir, file) }))
    .sort((a, b) => a.version - b.version);
  for (let i = 1; i < files.length; i++) {
    if (files[i].version === files[i - 1].version) {
      throw new MigrationError(`two migrations share version ${files[i].version} in ${dir}`);
    }
  }
  return files;
}

/**
 * Applies the not-yet-applied `NNNN_name.sql` files of `dir` in order, each in its own IMMEDIATE transaction
 * (so two processes starting together cannot apply one twice). Returns the names it applied.
 */
export function runMigrations(db: Database.Database, dir: string, options: { upTo?: number } = {}): string[] {
  const all = readMigrationFiles(dir);
  // `upTo`: stop at that version (an import builds an older export's schema, copies, then applies the rest).
  const files = options.upTo === undefined ? all : all.filter((migration) => migration.version <= (options.upTo as number));
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  const newestKnown = all.length > 0 ? all[all.length - 1].version : 0;
  const recorded = db.prepare('SELECT MAX(version) AS version FROM schema_migrations').get() as { version: number | null };
  if ((recorded.version ?? 0) > newestKnown) {
    throw new MigrationError(
      `database ${db.name} is at schema version ${recorded.version}, newer than the newest migration ` +
        `(${newestKnown}) in ${dir}; it was written by a newer Lectern, upgrade before opening it`,
    );
  }
  const isApplied = db.prepare('SELECT 1 FROM schema_migrations WHERE version = ?').pluck();
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  const busyTimeout = db.pragma('busy_timeout', { simple: true }) as number;
  db.pragma(`busy_timeout = ${Math.max(busyTimeout, MIGRATION_BUSY_TIMEOUT_MS)}`);
  try {
    return files.filter((migration) => applyMigration(db, migration, isApplied, record)).map((migration) => path.basename(migration.file));
  } finally {
    db.pragma(`busy_timeout = ${busyTimeout}`);
  }
}

/** Applies one migration unless it is recorded; true when it was applied. */
function applyMigration(
  db: Database.Database,
  migration: MigrationFile,
  isApplied: Database.Statement,
  record: Database.Statement,
): boolean {
  // Most opens find every migration applied: read a file only when its migration is pending (re-checked below).
  if (isApplied.get(migration.version) !== undefined) return false;
  const sql = fs.readFileSync(migration.file, 'utf8');
  const foreignKeysOff = FOREIGN_KEYS_OFF.test(sql.split('\n', 1)[0]);
  const apply = db.transaction(() => {
    if (isApplied.get(migration.version) !== undefined) return false;
    db.exec(sql);
    if (foreignKeysOff) {
      const broken = db.pragma('foreign_key_check') as Array<{ table: string; parent: string }>;
      if (broken.length > 0) throw new Error(`foreign key check failed: ${broken[0].table} → ${broken[0].parent}`);
    }
    record.run(migration.version, migration.name, new Date().toISOString());
    return true;
  });
  const foreignKeysWere = db.pragma('foreign_keys', { simple: true }) as number;
  try {
    if (foreignKeysOff) db.pragma('foreign_keys = OFF');
    return apply.immediate();
  } catch (error) {
    // Not `instanceof Error`: better-sqlite3's errors may come from another realm (jest's VM contexts).
    const message = (error as { message?: unknown } | null)?.message;
    const reason = typeof message === 'string' ? message : String(error);
    throw new MigrationError(`migration ${path.basename(migration.file)} failed: ${reason}`);
  } finally {
    if (foreignKeysOff) db.pragma(`foreign_keys = ${foreignKeysWere ? 'ON' : 'OFF'}`);
  }
}
