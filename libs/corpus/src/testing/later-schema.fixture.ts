import type Database from 'better-sqlite3';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ArticlesRepository } from '../articles.repository';
import { openDatabase } from '../database';
import { migrationsDir, runMigrations } from '../migrator';
import { SIMHASH_SCHEME } from '../simhash';
import { VectorIndex } from '../vector-index';

/**
 * What later migrations add that today's `ArticlesRepository` writes, and how a test takes it away again: the
 * columns and tables of 0005 (references, front matter), 0006 (how a context's text was obtained) and 0008 (where a
 * context's text crosses page breaks). 0009 (the CJK keyword index) changes no table the repository writes.
 */
const ADDITIONS: ReadonlyArray<{ version: number; file: string; undo: string }> = [
  {
    version: 5,
    file: '0005_references_and_front_matter.sql',
    undo: 'DROP TABLE citation_links; DROP TABLE "references"; ALTER TABLE articles DROP COLUMN affiliations; ALTER TABLE articles DROP COLUMN keywords;',
  },
  {
    version: 6,
    file: '0006_add_context_text_source.sql',
    undo: 'ALTER TABLE contexts DROP COLUMN ocr_confidence; ALTER TABLE contexts DROP COLUMN text_source;',
  },
  {
    version: 8,
    file: '0008_add_context_page_starts.sql',
    undo: 'ALTER TABLE contexts DROP COLUMN page_starts;',
  },
];

/**
 * Runs `write` (articles stored by today's repository) against a corpus held at an older schema (`version`, its last
 * migration): the later migrations' additions exist only while it writes, so the file is left as that schema had it,
 * with the rows the old code would have written.
 */
export function writeAtOlderSchema<T>(db: Database.Database, version: number, write: () => T): T {
  const added = ADDITIONS.filter((a) => a.version > version);
  const files = new Set(fs.readdirSync(migrationsDir('corpus')));
  for (const addition of added) {
    if (!files.has(addition.file)) throw new Error(`writeAtOlderSchema: no migration ${addition.file}; update ADDITIONS`);
    db.exec(fs.readFileSync(path.join(migrationsDir('corpus'), addition.file), 'utf8'));
  }
  try {
    return write();
  } finally {
    for (const addition of [...added].reverse()) db.exec(addition.undo);
  }
}

/**
 * A corpus file at schema `version` (its migrations up to that one, the embedding recorded as Lectern did then) with
 * articles stored by `write` through today's repository; the file is closed when it returns.
 */
export function storeAtOlderSchema<T>(
  file: string,
  version: number,
  embedding: { modelId: string; dimension: number },
  write: (articles: ArticlesRepository) => T,
): T {
  const db = openDatabase(file);
  try {
    runMigrations(db, migrationsDir('corpus'), { upTo: version });
    const setMeta = db.prepare('INSERT INTO corpus_meta (key, value) VALUES (?, ?)');
    setMeta.run('embedding_model', embedding.modelId);
    setMeta.run('embedding_dimension', String(embedding.dimension));
    setMeta.run('vector_prefilter', SIMHASH_SCHEME);
    VectorIndex.create(db, embedding.dimension);
    return writeAtOlderSchema(db, version, () => write(new ArticlesRepository(db, new VectorIndex(db, embedding.dimension))));
  } finally {
    db.close();
  }
}
