import * as path from 'node:path';
import { ArticlesRepository } from './articles.repository';
import { CorpusDb } from './corpus.db';
import { openDatabase } from './database';
import { openLargeCorpus, randomArticle, RANDOM_SPEC, seededRandom } from './testing/random-corpus.fixture';
import { useTempDir } from './testing/temp-dir.fixture';
import { VectorIndex } from './vector-index';

/** The contexts of `name` that a top-5 vector search with their own vector does not find. */
function missing(corpus: CorpusDb, name: string, vectors: Float32Array[]): string[] {
  return vectors
    .map((vector, i) => ({ text: `${name} ${i}`, hits: corpus.vectorSearch(vector, 5).map((hit) => hit.text) }))
    .filter(({ text, hits }) => !hits.includes(text))
    .map(({ text }) => text);
}

function deleteByDocument(corpus: CorpusDb, documentId: string): void {
  expect(corpus.deleteArticle(corpus.findArticleByDocument(documentId)!.id)).toBe(true);
}

function seqsOf(file: string, name: string): number[] {
  const db = openDatabase(file, { readonly: true });
  try {
    return db.prepare("SELECT seq FROM contexts WHERE text LIKE ? || ' %' ORDER BY seq").pluck().all(name) as number[];
  } finally {
    db.close();
  }
}

// These run on a corpus past EXACT_SCAN_MAX_CONTEXTS, so vector search goes through the in-memory SimHash scan
// (VectorIndex with prefilter `memory`), which must follow every change of the database without a reopen.
describe('the in-memory vector index follows the database', () => {
  const tempDir = useTempDir();

  it('finds every context of a larger article stored after the newest one was removed (issue 16)', () => {
    const file = path.join(tempDir(), 'corpus.sqlite');
    const { corpus } = openLargeCorpus(file, { prefilter: 'memory' });
    const random = seededRandom(7);
    const a = randomArticle('a', 5, random);
    const b = randomArticle('b', 8, random);
    corpus.insertArticle(a.article);
    corpus.insertArticle(b.article);
    expect(missing(corpus, 'b', b.vectors)).toEqual([]); // loads the in-memory codes, b's included
    deleteByDocument(corpus, 'b'); // no search until the next upload, as in the report
    const c = randomArticle('c', 20, random);
    corpus.insertArticle(c.article);
    expect(missing(corpus, 'c', c.vectors)).toEqual([]);
    expect(missing(corpus, 'a', a.vectors)).toEqual([]);
    expect(missing(corpus, 'b', b.vectors)).toHaveLength(8);
    corpus.close();
  });

  it('finds them when another connection (the worker process) removed the newest article and stored a larger one', () => {
    const file = path.join(tempDir(), 'corpus.sqlite');
    const { corpus } = openLargeCorpus(file, { prefilter: 'memory' });
    const random = seededRandom(8);
    const b = randomArticle('b', 8, random);
    corpus.insertArticle(b.article);
    expect(missing(corpus, 'b', b.vectors)).toEqual([]);
    const worker = CorpusDb.open(file, RANDOM_SPEC);
    deleteByDocument(worker, 'b');
    const c = randomArticle('c', 20, random);
    worker.insertArticle(c.article);
    worker.close();
    expect(missing(corpus, 'c', c.vectors)).toEqual([]);
    expect(missing(corpus, 'b', b.vectors)).toHaveLength(8);
    corpus.close();
  });

  it('keeps every context findable when a delete fails after its vectors were removed and rolls back', () => {
    const file = path.join(tempDir(), 'corpus.sqlite');
    const { corpus } = openLargeCorpus(file, { prefilter: 'memory' });
    const random = seededRandom(9);
    const b = randomArticle('b', 8, random);
    corpus.insertArticle(b.article);
    expect(missing(corpus, 'b', b.vectors)).toEqual([]);
    // A failure late in the delete's transaction (here a trigger; in production a full disk, a busy lock, or an
    // enclosing transaction that rolls back): the vector rows are already deleted when it aborts.
    const other = openDatabase(file);
    other.exec(`CREATE TRIGGER refuse_article_delete BEFORE DELETE ON articles BEGIN SELECT RAISE(ABORT, 'refused'); END`);
    expect(() => corpus.deleteArticle(corpus.findArticleByDocument('b')!.id)).toThrow(/refused/);
    expect(missing(corpus, 'b', b.vectors)).toEqual([]);
    other.exec('DROP TRIGGER refuse_article_delete');
    other.close();
    deleteByDocument(corpus, 'b');
    expect(missing(corpus, 'b', b.vectors)).toHaveLength(8);
    corpus.close();
  });

  it('finds an article stored again after the oldest one was removed, and never the removed ones', () => {
    const file = path.join(tempDir(), 'corpus.sqlite');
    const { corpus } = openLargeCorpus(file, { prefilter: 'memory' });
    const random = seededRandom(10);
    const first = randomArticle('first', 6, random);
    const second = randomArticle('second', 6, random);
    corpus.insertArticle(first.article);
    corpus.insertArticle(second.article);
    expect(missing(corpus, 'first', first.vectors)).toEqual([]);
    deleteByDocument(corpus, 'doc-0'); // the oldest of the corpus
    deleteByDocument(corpus, 'first');
    corpus.insertArticle(first.article); // the same document again, as a retry re-ingests it
    const third = randomArticle('third', 30, random);
    corpus.insertArticle(third.article);
    expect(missing(corpus, 'first', first.vectors)).toEqual([]);
    expect(missing(corpus, 'third', third.vectors)).toEqual([]);
    expect(missing(corpus, 'second', second.vectors)).toEqual([]);
    corpus.close();
  });

  it('searches inside a transaction without taking its rows into the in-memory copy, so a rollback leaves no trace', () => {
    const file = path.join(tempDir(), 'corpus.sqlite');
    openLargeCorpus(file, { prefilter: 'memory' }).corpus.close();
    // One connection used the way CorpusDb uses it, to run a search inside a transaction of its own.
    const db = openDatabase(file);
    const vectors = new VectorIndex(db, RANDOM_SPEC.dimension);
    const articles = new ArticlesRepository(db, vectors);
    const random = seededRandom(13);
    const texts = (vector: Float32Array) =>
      db
        .prepare('SELECT text FROM contexts WHERE seq IN (SELECT value FROM json_each(?))')
        .pluck()
        .all(JSON.stringify(vectors.nearest(vector, 5).map((match) => match.rowid)));
    vectors.nearest(randomArticle('warm', 1, random).vectors[0], 1); // loads the codes
    const dropped = randomArticle('dropped', 8, random);
    expect(() =>
      db.transaction(() => {
        articles.insert(dropped.article);
        expect(texts(dropped.vectors[3])).toContain('dropped 3'); // its own uncommitted rows are searched
        throw new Error('rolled back');
      })(),
    ).toThrow('rolled back');
    const kept = randomArticle('kept', 8, random); // given the seqs the rolled-back insert had
    articles.insert(kept.article);
    kept.vectors.forEach((vector, i) => expect(texts(vector)).toContain(`kept ${i}`));
    db.close();
  });

  it('never hands out a removed context seq again', () => {
    const file = path.join(tempDir(), 'corpus.sqlite');
    const corpus = CorpusDb.open(file, RANDOM_SPEC);
    const random = seededRandom(12);
    corpus.insertArticle(randomArticle('a', 3, random).article);
    corpus.insertArticle(randomArticle('b', 4, random).article);
    const removed = seqsOf(file, 'b');
    deleteByDocument(corpus, 'b');
    corpus.insertArticle(randomArticle('c', 4, random).article);
    expect(Math.min(...seqsOf(file, 'c'))).toBeGreaterThan(Math.max(...removed));
    corpus.close();
  });
});
