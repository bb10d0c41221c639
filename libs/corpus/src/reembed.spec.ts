import * as path from 'node:path';
import { CorpusDb } from './corpus.db';
import { openDatabase } from './database';
import { EmbeddingModelMismatchError, MigrationError } from './errors';
import { reembedText, type ReembedEmbedder } from './reembed';
import { countRows, openTeiCorpus, TEST_EMBEDDING } from './testing/corpus.fixture';
import { HashingTestEmbedder } from './testing/hashing-embedder.fixture';
import { useTempDir } from './testing/temp-dir.fixture';

const ARTICLES = ['acl-N18-3011', 'arxiv-1211.2288'];

/** Wraps the hashing embedder, counting texts and failing on a chosen call (an interrupted run). */
class CountingEmbedder implements ReembedEmbedder {
  readonly inner: HashingTestEmbedder;
  embedded = 0;
  calls = 0;
  constructor(
    dimension: number,
    private readonly failOnCall = Infinity,
  ) {
    this.inner = new HashingTestEmbedder(dimension);
  }
  get modelId() {
    return this.inner.modelId;
  }
  get dimension() {
    return this.inner.dimension;
  }
  readonly maxTokens = 40;
  readonly tokenCounter = { count: (text: string) => text.split(/\s+/).length };
  async embedDocuments(texts: string[]): Promise<Float32Array[]> {
    if (++this.calls === this.failOnCall) throw new Error('embedding server went away');
    this.embedded += texts.length;
    return this.inner.embedDocuments(texts);
  }
}

function contextsOf(
  file: string,
): Array<{ seq: number; id: string; section_title: string; text: string; embedding_model: string; bytes: number }> {
  const db = openDatabase(file, { readonly: true });
  try {
    return db
      .prepare('SELECT seq, id, section_title, text, embedding_model, length(embedding) AS bytes FROM contexts ORDER BY seq')
      .all() as never;
  } finally {
    db.close();
  }
}

function metaKeys(file: string): string[] {
  const db = openDatabase(file, { readonly: true });
  try {
    return db.prepare('SELECT key FROM corpus_meta ORDER BY key').pluck().all() as string[];
  } finally {
    db.close();
  }
}

describe(CorpusDb.reembed.name, () => {
  const tempDir = useTempDir();

  function seeded() {
    const { corpus, file } = openTeiCorpus(tempDir(), ARTICLES);
    corpus.close();
    return file;
  }

  it('re-embeds every context under the new model and dimension, then refuses the old model', async () => {
    const file = seeded();
    const total = contextsOf(file).length;
    const embedder = new CountingEmbedder(32);
    const result = await CorpusDb.reembed(file, embedder, { batchSize: 10 });

    expect(result).toMatchObject({ from: TEST_EMBEDDING, to: { modelId: 'test-hashing-32', dimension: 32 }, contexts: total, resumed: 0 });
    expect(embedder.embedded).toBe(total);
    const rows = contextsOf(file);
    expect(rows.every((row) => row.embedding_model === 'test-hashing-32' && row.bytes === 32 * 4)).toBe(true);
    expect(countRows(file, ['contexts_vec_rowids', 'contexts_vec_simhash'])).toEqual({
      contexts_vec_rowids: total,
      contexts_vec_simhash: total,
    });
    expect(metaKeys(file)).toEqual(['embedding_dimension', 'embedding_model', 'vector_prefilter']);

    expect(() => CorpusDb.open(file, TEST_EMBEDDING, { projectName: 'bio' })).toThrow(EmbeddingModelMismatchError);
    const corpus = CorpusDb.open(file, { modelId: 'test-hashing-32', dimension: 32 });
    try {
      // Each context is nearest to the vector of its own embedded text.
      for (const row of [rows[0], rows[Math.floor(rows.length / 2)], rows[rows.length - 1]]) {
        const query = embedder.inner.embed(reembedText(row.section_title, row.text));
        expect(corpus.vectorSearch(query, 1)[0]).toMatchObject({ contextId: row.id });
      }
    } finally {
      corpus.close();
    }
  });

  it('reports progress in batches up to the total', async () => {
    const file = seeded();
    const seen: number[] = [];
    const totals = new Set<number>();
    const result = await CorpusDb.reembed(file, new CountingEmbedder(32), {
      batchSize: 25,
      onProgress: ({ done, total }) => {
        totals.add(total);
        seen.push(done);
      },
    });
    expect([...totals]).toEqual([result.contexts]);
    expect(seen[0]).toBe(0);
    expect(seen[seen.length - 1]).toBe(result.contexts);
    expect(seen.every((done, i) => i === 0 || done - seen[i - 1] === Math.min(25, result.contexts - seen[i - 1]))).toBe(true);
  });

  it('leaves the corpus on the old model when interrupted, and resumes from the staged batches', async () => {
    const file = seeded();
    const total = contextsOf(file).length;
    await expect(CorpusDb.reembed(file, new CountingEmbedder(32, 3), { batchSize: 10 })).rejects.toThrow('embedding server went away');

    // Still the old model everywhere: it opens, and vector search works at 64 dimensions.
    const old = CorpusDb.open(file, TEST_EMBEDDING);
    expect(old.vectorSearch(new HashingTestEmbedder(64).embed('cancer protein'), 3)).toHaveLength(3);
    old.close();
    expect(contextsOf(file).every((row) => row.embedding_model === 'test-hashing-64')).toBe(true);

    const second = new CountingEmbedder(32);
    const result = await CorpusDb.reembed(file, second, { batchSize: 10 });
    expect(result.resumed).toBe(20);
    expect(second.embedded).toBe(total - 20);
    expect(contextsOf(file).every((row) => row.embedding_model === 'test-hashing-32')).toBe(true);
  });

  it('starts over when an interrupted run was towards another model', async () => {
    const file = seeded();
    const total = contextsOf(file).length;
    await expect(CorpusDb.reembed(file, new CountingEmbedder(32, 2), { batchSize: 10 })).rejects.toThrow();
    const other = new CountingEmbedder(48);
    const result = await CorpusDb.reembed(file, other, { batchSize: 10 });
    expect(result.resumed).toBe(0);
    expect(other.embedded).toBe(total);
    expect(contextsOf(file).every((row) => row.bytes === 48 * 4)).toBe(true);
  });

  it('counts contexts longer than the new model window', async () => {
    const file = seeded();
    const longer = contextsOf(file).filter((row) => reembedText(row.section_title, row.text).split(/\s+/).length > 40).length;
    expect(longer).toBeGreaterThan(0);
    expect((await CorpusDb.reembed(file, new CountingEmbedder(32))).overLength).toBe(longer);
  });

  it('refuses a file that is not a corpus', async () => {
    await expect(CorpusDb.reembed(path.join(tempDir(), 'absent.sqlite'), new CountingEmbedder(32))).rejects.toThrow(MigrationError);
  });
});
