import * as fs from 'node:fs';
import * as path from 'node:path';
import { openDatabase } from './database';
import { MigrationError } from './errors';
import { migrationsDir, runMigrations } from './migrator';
import { useTempDir } from './testing/temp-dir.fixture';

describe(runMigrations.name, () => {
  const tempDir = useTempDir();

  function writeMigrations(files: Record<string, string>): string {
    const dir = path.join(tempDir(), 'migrations');
    fs.mkdirSync(dir, { recursive: true });
    for (const [name, sql] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), sql);
    return dir;
  }

  it('applies the files in version order and records each in schema_migrations', () => {
    const dir = writeMigrations({
      '0002_add_colour.sql': 'ALTER TABLE things ADD COLUMN colour TEXT;',
      '0001_init.sql': 'CREATE TABLE things (id TEXT PRIMARY KEY);',
      'README.md': 'not a migration',
    });
    const db = openDatabase(path.join(tempDir(), 'db.sqlite'));
    expect(runMigrations(db, dir)).toEqual(['0001_init.sql', '0002_add_colour.sql']);
    const recorded = db.prepare('SELECT version, name, applied_at FROM schema_migrations ORDER BY version').all();
    expect(recorded).toEqual([
      { version: 1, name: 'init', applied_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
      { version: 2, name: 'add_colour', applied_at: expect.any(String) },
    ]);
    expect(db.prepare('SELECT colour FROM things').all()).toEqual([]);
    db.close();
  });

  it('is idempotent: a second run applies nothing and a new file is applied alone', () => {
    const dir = writeMigrations({ '0001_init.sql': 'CREATE TABLE things (id TEXT PRIMARY KEY);' });
    const file = path.join(tempDir(), 'db.sqlite');
    const db = openDatabase(file);
    runMigrations(db, dir);
    expect(runMigrations(db, dir)).toEqual([]);
    fs.writeFileSync(path.join(dir, '0002_more.sql'), 'CREATE TABLE more (id TEXT);');
    expect(runMigrations(db, dir)).toEqual(['0002_more.sql']);
    db.close();
  });

  it('rolls back a failing migration entirely and names it', () => {
    const dir = writeMigrations({
      '0001_init.sql': 'CREATE TABLE things (id TEXT PRIMARY KEY);',
      '0002_broken.sql': 'CREATE TABLE half (id TEXT); INSERT INTO nowhere VALUES (1);',
    });
    const db = openDatabase(path.join(tempDir(), 'db.sqlite'));
    expect(() => runMigrations(db, dir)).toThrow(/0002_broken\.sql failed: no such table: nowhere/);
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all();
    expect(tables).toEqual(['schema_migrations', 'things']);
    expect(db.prepare('SELECT MAX(version) FROM schema_migrations').pluck().get()).toBe(1);
    db.close();
  });

  it('refuses a database whose schema is newer than the migration files', () => {
    const dir = writeMigrations({
      '0001_init.sql': 'CREATE TABLE things (id TEXT PRIMARY KEY);',
      '0002_more.sql': 'CREATE TABLE more (id TEXT);',
    });
    const file = path.join(tempDir(), 'db.sqlite');
    const db = openDatabase(file);
    runMigrations(db, dir);
    fs.rmSync(path.join(dir, '0002_more.sql'));
    expect(() => runMigrations(db, dir)).toThrow(MigrationError);
    expect(() => runMigrations(db, dir)).toThrow(/schema version 2, newer than the newest migration \(1\)/);
    db.close();
  });

  it('rebuilds a referenced table with foreign keys off when the file asks, then checks them and turns them back on', () => {
    const dir = writeMigrations({
      '0001_init.sql': `CREATE TABLE parents (id TEXT PRIMARY KEY);
        CREATE TABLE children (parent_id TEXT NOT NULL REFERENCES parents (id) ON DELETE CASCADE);
        INSERT INTO parents VALUES ('p'); INSERT INTO children VALUES ('p');`,
      '0002_rebuild.sql': `-- foreign_keys: off
        CREATE TABLE parents_new (id TEXT PRIMARY KEY, name TEXT);
        INSERT INTO parents_new (id) SELECT id FROM parents;
        DROP TABLE parents;
        ALTER TABLE parents_new RENAME TO parents;`,
    });
    const db = openDatabase(path.join(tempDir(), 'db.sqlite'));
    expect(runMigrations(db, dir)).toEqual(['0001_init.sql', '0002_rebuild.sql']);
    expect(db.prepare('SELECT parent_id FROM children').pluck().all()).toEqual(['p']); // not cascaded away
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000); // raised only while migrating

    fs.writeFileSync(path.join(dir, '0003_orphan.sql'), '-- foreign_keys: off\nDELETE FROM parents;');
    expect(() => runMigrations(db, dir)).toThrow(/0003_orphan\.sql failed: foreign key check failed: children → parents/);
    expect(db.prepare('SELECT id FROM parents').pluck().all()).toEqual(['p']);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    db.close();
  });

  it('refuses two files with one version', () => {
    const dir = writeMigrations({ '0001_a.sql': 'SELECT 1;', '0001_b.sql': 'SELECT 1;' });
    const db = openDatabase(':memory:');
    expect(() => runMigrations(db, dir)).toThrow(/two migrations share version 1/);
    db.close();
  });
});

describe(migrationsDir.name, () => {
  it('finds both series of the repository', () => {
    for (const series of ['catalog', 'corpus'] as const) {
      const dir = migrationsDir(series);
      expect(dir).toBe(path.resolve(__dirname, '../../..', 'migrations', series));
      expect(fs.readdirSync(dir)).toContain('0001_init.sql');
    }
  });
});

describe(openDatabase.name, () => {
  const tempDir = useTempDir();

  it('opens in WAL with foreign keys, a busy timeout and sqlite-vec loaded', () => {
    const db = openDatabase(path.join(tempDir(), 'nested', 'db.sqlite'));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(db.pragma('synchronous', { simple: true })).toBe(1);
    expect(db.prepare('SELECT vec_version()').pluck().get()).toMatch(/^v0\./);
    db.close();
  });

  it('opens an existing file read-only and refuses writes', () => {
    const file = path.join(tempDir(), 'db.sqlite');
    openDatabase(file).exec('CREATE TABLE t (x)').close();
    const reader = openDatabase(file, { readonly: true });
    expect(() => reader.exec('INSERT INTO t VALUES (1)')).toThrow(/readonly/);
    reader.close();
  });
});
