import * as fs from 'node:fs';
import * as path from 'node:path';
import { CorpusDb } from '../corpus.db';
import type { ArticleInput } from '../corpus.types';
import { openDatabase } from '../database';
import { HashingTestEmbedder } from './hashing-embedder.fixture';
import { GROBID_NAMES, teiArticleInput } from './tei-corpus.fixture';

export const testEmbedder = new HashingTestEmbedder(64);
export const TEST_EMBEDDING = { modelId: testEmbedder.modelId, dimension: testEmbedder.dimension };

export function articleFromTei(name: string): ArticleInput {
  return teiArticleInput(name, (text) => testEmbedder.embed(text), testEmbedder.modelId);
}

/** The bytes of each corpus built in this spec file, by its article names: later specs get a copy. */
const builtCorpora = new Map<string, Buffer>();

/**
 * A corpus file in `dir` holding every GROBID article of the shared corpus (or those named). Built once per spec
 * file; each later call gets a fresh copy of that file, so a test may change its corpus freely.
 */
export function openTeiCorpus(dir: string, names: string[] = GROBID_NAMES): { corpus: CorpusDb; file: string } {
  const file = path.join(dir, 'corpus.sqlite');
  const key = JSON.stringify(names);
  let built = builtCorpora.get(key);
  if (!built) {
    const corpus = CorpusDb.open(file, TEST_EMBEDDING);
    for (const name of names) corpus.insertArticle(articleFromTei(name));
    corpus.close(); // the last connection folds the write-ahead log into the file
    built = fs.readFileSync(file);
    builtCorpora.set(key, built);
  } else {
    fs.writeFileSync(file, built);
  }
  return { corpus: CorpusDb.open(file, TEST_EMBEDDING), file };
}

/** Row counts read through a second connection, to check what is really on disk. */
export function countRows(file: string, tables: string[]): Record<string, number> {
  const db = openDatabase(file, { readonly: true });
  try {
    return Object.fromEntries(tables.map((table) => [table, db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number]));
  } finally {
    db.close();
  }
}

/** Rows of `sql` read through a second, read-only connection, to check what is really on disk. */
export function readRows<T>(file: string, sql: string): T[] {
  const db = openDatabase(file, { readonly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}
