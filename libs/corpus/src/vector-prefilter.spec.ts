import * as path from 'node:path';
import { CorpusDb } from './corpus.db';
import { normalize } from './testing/hashing-embedder.fixture';
import { openLargeCorpus, RANDOM_DIMENSION, RANDOM_SPEC, randomArticle, seededRandom } from './testing/random-corpus.fixture';
import { useTempDir } from './testing/temp-dir.fixture';

const DIMENSION = RANDOM_DIMENSION;
const SPEC = RANDOM_SPEC;

describe('vector search prefilters', () => {
  const tempDir = useTempDir();

  it('returns the same hits from the in-memory scan as from the SQL scan of the codes', () => {
    const file = path.join(tempDir(), 'large.sqlite');
    const { corpus: memory, vectors } = openLargeCorpus(file, { prefilter: 'memory', rescoreCandidates: 500 });
    const sql = CorpusDb.open(file, SPEC, { vectorSearch: { prefilter: 'sql', rescoreCandidates: 500 } });
    const exact = (query: Float32Array) => memory.vectorSearch(query, 10, { exact: true }).map((h) => h.text);
    let recalled = 0;
    for (let q = 0; q < 10; q++) {
      const query = vectors[q * 997];
      const fromMemory = memory.vectorSearch(query, 10).map((h) => h.text);
      expect(fromMemory).toEqual(sql.vectorSearch(query, 10).map((h) => h.text));
      expect(fromMemory[0]).toBe(exact(query)[0]);
      recalled += fromMemory.filter((text) => exact(query).includes(text)).length;
    }
    expect(recalled / 100).toBeGreaterThanOrEqual(0.9);
    sql.close();
    memory.close();
  });

  it('with a prefix shortlist still ranks a stored vector first and recalls most of the exact top 10', () => {
    const file = path.join(tempDir(), 'large.sqlite');
    const { corpus, vectors } = openLargeCorpus(file, { prefilter: 'memory', rescoreCandidates: 500, shortlist: 3000 });
    const full = CorpusDb.open(file, SPEC, { vectorSearch: { prefilter: 'memory', rescoreCandidates: 500 } });
    let recalled = 0;
    for (let q = 0; q < 10; q++) {
      const query = vectors[q * 997];
      const exact = corpus.vectorSearch(query, 10, { exact: true }).map((h) => h.text);
      const shortlisted = corpus.vectorSearch(query, 10).map((h) => h.text);
      expect(shortlisted[0]).toBe(exact[0]);
      expect(shortlisted[0]).toBe(full.vectorSearch(query, 10)[0].text);
      recalled += shortlisted.filter((text) => exact.includes(text)).length;
    }
    expect(recalled / 100).toBeGreaterThanOrEqual(0.9);
    full.close();
    corpus.close();
  });

  it('finds contexts added after its first search, by this connection and by another one', () => {
    const file = path.join(tempDir(), 'large.sqlite');
    const { corpus } = openLargeCorpus(file, { prefilter: 'memory' });
    const random = seededRandom(99);
    corpus.vectorSearch(normalize(Float32Array.from({ length: DIMENSION }, () => random() - 0.5)), 5); // loads the codes
    const own = randomArticle('own-write', 3, random);
    corpus.insertArticle(own.article);
    expect(corpus.vectorSearch(own.vectors[1], 1)[0].text).toBe('own-write 1');

    const writer = CorpusDb.open(file, SPEC); // the worker's connection, in another process in production
    const other = randomArticle('other-write', 3, random);
    writer.insertArticle(other.article);
    expect(corpus.vectorSearch(other.vectors[2], 1)[0].text).toBe('other-write 2');

    // The other connection deletes the newest rows: the copy is reloaded without their codes.
    writer.deleteArticle(writer.findArticleByDocument('other-write')!.id);
    expect(corpus.vectorSearch(other.vectors[2], 1)[0].text).not.toBe('other-write 2');
    corpus.deleteArticle(corpus.findArticleByDocument('own-write')!.id);
    expect(corpus.vectorSearch(own.vectors[1], 1)[0].text).not.toBe('own-write 1');
    writer.close();
    corpus.close();
  });
});
