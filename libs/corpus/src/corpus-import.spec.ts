import Database from 'better-sqlite3';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CorpusDb } from './corpus.db';
import { EXPORT_DOCUMENTS_TABLE, type ExportedDocument } from './corpus-export';
import { CorpusImportSource } from './corpus-import';
import { ImportRefusedError } from './errors';
import { listMigrations, migrationsDir, runMigrations } from './migrator';
import { openTeiCorpus, TEST_EMBEDDING, testEmbedder } from './testing/corpus.fixture';
import { GROBID_NAMES } from './testing/tei-corpus.fixture';
import { useTempDir } from './testing/temp-dir.fixture';

const NAMES = GROBID_NAMES.slice(0, 2);

/** Every row of every table Lectern copies, by table, in a stable order: what an import must reproduce. */
function allRows(file: string): Record<string, unknown[]> {
  const db = new Database(file, { readonly: true });
  try {
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%' AND name NOT LIKE 'sqlite_%'")
      .pluck()
      .all() as string[];
    const copied = tables.filter(
      (t) => !/^(contexts_fts|contexts_vec)/.test(t) && !['schema_migrations', 'corpus_meta', EXPORT_DOCUMENTS_TABLE].includes(t),
    );
    return Object.fromEntries(copied.map((t) => [t, db.prepare(`SELECT * FROM "${t}" ORDER BY 1, 2`).all()]));
  } finally {
    db.close();
  }
}

describe(CorpusImportSource.name, () => {
  const tempDir = useTempDir();
  let exported = '';
  let documents: ExportedDocument[] = [];

  beforeEach(() => {
    const { corpus } = openTeiCorpus(tempDir(), NAMES);
    documents = corpus.listArticles().map((a, i) => ({
      id: a.documentId,
      filename: `paper-${i}.pdf`,
      sha256: String(i).repeat(64),
      sizeBytes: 1000 + i,
      pageCount: a.pageCount,
      parsers: ['grobid'],
      warnings: [],
    }));
    exported = path.join(tempDir(), 'export.sqlite');
    corpus.exportTo(exported, documents);
    corpus.close();
  });

  /** Opens `file` as an import source in a fresh staging folder; returns the folder too. */
  function open(file: string): { source: CorpusImportSource; staging: string } {
    const staging = fs.mkdtempSync(path.join(tempDir(), 'staging-'));
    return { source: CorpusImportSource.open(file, staging), staging };
  }

  /** A copy of the export changed by `sql` (run with a plain connection, as an attacker would). */
  function tampered(sql: string): string {
    const file = path.join(tempDir(), `tampered-${Math.random().toString(36).slice(2)}.sqlite`);
    fs.copyFileSync(exported, file);
    const db = new Database(file);
    db.exec(sql);
    db.close();
    return file;
  }

  it('copies every row of every table and column both schemas share, and the copy searches like the original', () => {
    const { source, staging } = open(exported);
    expect(source.inspection).toMatchObject({ embedding: TEST_EMBEDDING, documents, articles: NAMES.length, pdfs: 0 });
    const target = path.join(staging, 'corpus.sqlite');
    source.copyInto(target, new Map(documents.map((d) => [d.id, d.id])));
    source.close();

    const original = allRows(exported);
    const imported = CorpusDb.open(target, TEST_EMBEDDING);
    imported.close();
    // Generic over tables and columns: a column or table another migration adds is covered without naming it here.
    expect(allRows(target)).toEqual(original);
    expect(Object.keys(original)).toEqual(
      expect.arrayContaining(['articles', 'sections', 'contexts', 'article_sections', 'section_contexts']),
    );

    const before = openTeiCorpus(tempDir(), NAMES).corpus;
    const after = CorpusDb.open(target, TEST_EMBEDDING);
    try {
      for (const query of ['neural network training', 'results of the experiment']) {
        expect(after.keywordSearch(query, 10)).toEqual(before.keywordSearch(query, 10));
        const vector = testEmbedder.embed(query);
        expect(after.vectorSearch(vector, 10)).toEqual(before.vectorSearch(vector, 10));
      }
    } finally {
      before.close();
      after.close();
    }
  });

  it('maps articles to the new document ids it is given', () => {
    const { source, staging } = open(exported);
    const target = path.join(staging, 'corpus.sqlite');
    source.copyInto(target, new Map(documents.map((d, i) => [d.id, `new-${i}`])));
    source.close();
    const corpus = CorpusDb.open(target, TEST_EMBEDDING);
    expect(
      corpus
        .listArticles()
        .map((a) => a.documentId)
        .sort(),
    ).toEqual(documents.map((_, i) => `new-${i}`).sort());
    corpus.close();
  });

  it('migrates an export written at an older schema version', () => {
    // An export of schema version 2 (before contexts.seq became AUTOINCREMENT), with one article in it.
    const old = path.join(tempDir(), 'old.sqlite');
    const db = new Database(old);
    runMigrations(db, migrationsDir('corpus'), { upTo: 2 });
    const rows = allRows(exported);
    db.prepare('INSERT INTO corpus_meta VALUES (?, ?), (?, ?)').run('embedding_model', TEST_EMBEDDING.modelId, 'embedding_dimension', '64');
    db.transaction(() => {
      for (const table of ['articles', 'sections', 'contexts', 'article_sections', 'section_contexts']) {
        // Only the columns schema 2 had: later migrations' columns were not there to write.
        const known = new Set(db.prepare(`SELECT name FROM pragma_table_info('${table}')`).pluck().all() as string[]);
        for (const row of rows[table] as Array<Record<string, unknown>>) {
          const columns = Object.keys(row).filter((c) => known.has(c));
          db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`).run(
            columns.map((c) => row[c]),
          );
        }
      }
    })();
    db.close();

    const { source, staging } = open(old);
    expect(source.inspection.schemaVersion).toBe(2);
    expect(source.inspection.documents).toHaveLength(NAMES.length); // made up from the articles: that export listed none
    const target = path.join(staging, 'corpus.sqlite');
    source.copyInto(target, new Map(source.inspection.documents.map((d) => [d.id, d.id])));
    source.close();
    const corpus = CorpusDb.open(target, TEST_EMBEDDING);
    const newest = listMigrations(migrationsDir('corpus')).at(-1)?.version;
    const check = new Database(target, { readonly: true });
    expect(check.prepare('SELECT MAX(version) FROM schema_migrations').pluck().get()).toBe(newest);
    check.close();
    expect(corpus.stats().articles).toBe(NAMES.length);
    expect(corpus.keywordSearch('experiment', 3).length).toBeGreaterThan(0);
    corpus.close();
  });

  it.each([
    [
      'a trigger',
      'CREATE TRIGGER evil AFTER INSERT ON articles BEGIN DELETE FROM contexts; END;',
      /trigger \(evil\) that is not Lectern's/,
    ],
    [
      'a changed Lectern trigger',
      `DROP TRIGGER contexts_fts_after_insert;
       CREATE TRIGGER contexts_fts_after_insert AFTER INSERT ON contexts BEGIN SELECT load_extension('x'); END;`,
      /trigger "contexts_fts_after_insert" differs from Lectern's/,
    ],
    ['a view calling functions', "CREATE VIEW v AS SELECT load_extension('/tmp/x.so'), randomblob(1e9)", /carries a view \(v\)/],
    ['a virtual table', 'CREATE VIRTUAL TABLE extra USING fts5 (a)', /table \(extra\) that is not Lectern's/],
    ['an index on an expression', 'CREATE INDEX evil_index ON contexts (abs(seq))', /index \(evil_index\) that is not Lectern's/],
    ['a foreign table', 'CREATE TABLE notes (x TEXT)', /table \(notes\) that is not Lectern's/],
    [
      'a newer schema version',
      "INSERT INTO schema_migrations VALUES (999, 'from_the_future', '2030-01-01')",
      /schema version 999, newer than this Lectern's.*upgrade/,
    ],
    [
      'a migration that is not ours',
      "UPDATE schema_migrations SET name = 'other' WHERE version = 1",
      /migration 1 \(other\) is not Lectern's/,
    ],
    ['a missing column', 'ALTER TABLE sections DROP COLUMN section_title', /sections table has no section_title column/],
    ['no embedding model', "DELETE FROM corpus_meta WHERE key = 'embedding_model'", /records no embedding model/],
    [
      'a vector of the wrong size',
      "UPDATE contexts SET embedding = x'00' WHERE seq = (SELECT MIN(seq) FROM contexts)",
      /1 contexts have a vector that is not 64 float32/,
    ],
    [
      'a dangling row',
      "PRAGMA foreign_keys = OFF; INSERT INTO section_contexts VALUES ('nope', 'nope', 0)",
      /point at rows that are not in the file|cannot be read/,
    ],
  ])('refuses a file with %s, leaving no corpus', (_what, sql, message) => {
    const file = tampered(sql);
    const staging = fs.mkdtempSync(path.join(tempDir(), 'staging-'));
    const target = path.join(staging, 'corpus.sqlite');
    const attempt = () => {
      const source = CorpusImportSource.open(file, staging);
      try {
        source.copyInto(target, new Map(source.inspection.documents.map((d) => [d.id, d.id])));
      } finally {
        source.close();
      }
    };
    expect(attempt).toThrow(ImportRefusedError);
    expect(attempt).toThrow(message);
    expect(fs.readdirSync(staging).filter((f) => f !== 'source.sqlite')).toEqual([]);
  });

  it('refuses a truncated file and one that is not SQLite at all', () => {
    const truncated = path.join(tempDir(), 'truncated.sqlite');
    const bytes = fs.readFileSync(exported);
    fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2) - 100));
    expect(() => open(truncated)).toThrow(/import refused: the file is truncated/);

    const halfPages = path.join(tempDir(), 'half.sqlite');
    fs.writeFileSync(halfPages, bytes.subarray(0, bytes.length / 2));
    expect(() => open(halfPages)).toThrow(ImportRefusedError);

    const text = path.join(tempDir(), 'notes.sqlite');
    fs.writeFileSync(text, 'x'.repeat(4096));
    expect(() => open(text)).toThrow(/import refused: the file is not a SQLite database/);

    const other = path.join(tempDir(), 'other.sqlite');
    const db = new Database(other);
    db.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1)');
    db.close();
    expect(() => open(other)).toThrow(/not a Lectern corpus export/);
  });

  it('refuses a file over the size limit before reading it', () => {
    const staging = fs.mkdtempSync(path.join(tempDir(), 'staging-'));
    expect(() => CorpusImportSource.open(exported, staging, { maxBytes: 1024, maxRows: 10 })).toThrow(/more than the import limit of 1024/);
    expect(() => CorpusImportSource.open(exported, staging, { maxBytes: 1e9, maxRows: 1 })).toThrow(
      /rows, more than the import limit of 1/,
    );
  });

  it('takes a raw corpus file with its vector tables, without reading them', () => {
    const { file } = openTeiCorpus(tempDir(), NAMES);
    const { source } = open(file);
    expect(source.inspection.articles).toBe(NAMES.length);
    source.close();
  });

  it('makes up no documents for an export that lists none and has no articles to stand in for', () => {
    const { corpus } = openTeiCorpus(tempDir(), NAMES);
    const again = path.join(tempDir(), 'again.sqlite');
    corpus.exportTo(again);
    corpus.close();
    const { source } = open(again);
    expect(source.inspection.documents).toEqual([]);
    source.close();
  });
});
