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

/** A corpus file in `dir` holding every GROBID article of the shared corpus. */
export function openTeiCorpus(dir: string, names: string[] = GROBID_NAMES): { corpus: CorpusDb; file: string } {
  const file = path.join(dir, 'corpus.sqlite');
  const corpus = CorpusDb.open(file, TEST_EMBEDDING);
  for (const name of names) corpus.insertArticle(articleFromTei(name));
  return { corpus, file };
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
