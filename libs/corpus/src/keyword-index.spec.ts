import type Database from 'better-sqlite3';
import { openDatabase } from './database';
import { queryTerms } from '@lectern/text';
import { COMMON_TERM_SHARE, idf, KeywordIndex, type KeywordMatch, readVarint } from './keyword-index';
import { articleFromTei, openTeiCorpus } from './testing/corpus.fixture';
import { GROBID_NAMES } from './testing/tei-corpus.fixture';
import { useTempDir } from './testing/temp-dir.fixture';
import type { CorpusDb } from './corpus.db';

/** Deterministic, so a failure names the same query every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return ((state ^ (state >>> 12)) >>> 0) / 2 ** 32;
  };
}

/** The same top k up to the order of rows with equal scores: equal scores rank by rank, same rows above the k-th score. */
function expectSameTop(got: KeywordMatch[], want: KeywordMatch[], query: string): void {
  expect({ query, scores: got.map((m) => m.score.toFixed(9)) }).toEqual({ query, scores: want.map((m) => m.score.toFixed(9)) });
  expect(new Set(got.map((m) => m.rowid)).size).toBe(got.length);
  const last = want.at(-1)?.score ?? 0;
  const above = (list: KeywordMatch[]) =>
    list
      .filter((m) => m.score > last + 1e-9)
      .map((m) => m.rowid)
      .sort((a, b) => a - b);
  expect({ query, rows: above(got) }).toEqual({ query, rows: above(want) });
}

describe(KeywordIndex.name, () => {
  const tempDir = useTempDir();
  let corpus: CorpusDb;
  let db: Database.Database;
  let texts: string[];

  beforeEach(() => {
    const opened = openTeiCorpus(tempDir());
    corpus = opened.corpus;
    db = openDatabase(opened.file, { readonly: true });
    texts = db.prepare('SELECT text FROM contexts ORDER BY seq').pluck().all() as string[];
  });
  afterEach(() => {
    db.close();
    corpus.close();
  });

  /** Questions of 3–8 words taken from the passages themselves, so they mix rare words with common ones. */
  function questions(count: number): string[] {
    const random = seeded(11);
    return Array.from({ length: count }, () => {
      const words = texts[Math.floor(random() * texts.length)].split(/\s+/);
      const start = Math.floor(random() * Math.max(1, words.length - 12));
      return words
        .slice(start, start + 12)
        .filter(() => random() < 0.6)
        .slice(0, 3 + Math.floor(random() * 6))
        .join(' ');
    });
  }

  it('reads the row count FTS5 keeps, following inserts and removals', () => {
    const index = new KeywordIndex(db);
    expect(index.indexedRows()).toBe(texts.length);
    const before = corpus.stats().contexts;
    const [first] = corpus.listArticles();
    const contexts = corpus.listArticleContexts(first.id).length;
    expect(corpus.deleteArticle(first.id)).toBe(true);
    expect(index.indexedRows()).toBe(before - contexts);
    corpus.insertArticle(articleFromTei(GROBID_NAMES[0]));
    expect(index.indexedRows()).toBe(corpus.stats().contexts);
    expect(corpus.stats().contexts).toBeGreaterThan(before - contexts);
  });

  it('ranks exactly as the plain OR query, while most questions with a common word skip the rows only common words match', () => {
    const pruned = new KeywordIndex(db, 0);
    const plain = new KeywordIndex(db);
    const rows = pruned.indexedRows();
    const holding = db.prepare('SELECT count(*) FROM contexts_fts WHERE contexts_fts MATCH ?').pluck();
    let withCommonTerm = 0;
    for (const [i, question] of questions(150).entries()) {
      const terms = queryTerms(question);
      const k = [5, 20, 50][i % 3];
      expectSameTop(pruned.top(terms, k), plain.top(terms, k, true), question);
      if (terms.some((term) => (holding.get(`"${term}"`) as number) > COMMON_TERM_SHARE * rows)) withCommonTerm++;
    }
    expect(withCommonTerm).toBeGreaterThan(50);
    // The pruned path has to be what answered. On these 299 passages k = 50 is a sixth of the corpus, so fewer
    // splits reach the ceiling than at scale (45% here; 80% at 1M contexts, see bench/RESULTS.md).
    expect(pruned.answeredBy.split).toBeGreaterThan(withCommonTerm / 3);
  });

  it('moves common words to the rare side when the rare words alone match fewer than k rows', () => {
    const index = new KeywordIndex(db, 0);
    const terms = queryTerms('zzyzxq results data model');
    const got = index.top(terms, 30);
    expect(index.answeredBy).toEqual({ split: 1, bounded: 0, plain: 0 });
    expect(got).toHaveLength(30);
    expectSameTop(got, index.top(terms, 30, true), terms.join(' '));
  });

  it('falls back to the plain query when no split can fill k, with the same result', () => {
    const index = new KeywordIndex(db, 0);
    const terms = queryTerms('zzyzxq results data');
    const got = index.top(terms, texts.length);
    expect(index.answeredBy).toEqual({ split: 0, bounded: 0, plain: 1 });
    expect(got.length).toBeGreaterThan(0);
    expectSameTop(got, index.top(terms, texts.length, true), terms.join(' '));
  });

  it('ranks as the plain query when words share a stem or match nothing', () => {
    const index = new KeywordIndex(db, 0);
    for (const question of ['model models modelling results data', 'qqqzzx results data method', 'data results method approach']) {
      const terms = queryTerms(question);
      for (const k of [3, 10, 40]) expectSameTop(index.top(terms, k), index.top(terms, k, true), `${question} (k = ${k})`);
    }
  });

  it('uses the plain query below its size threshold and for one-word questions', () => {
    const index = new KeywordIndex(db);
    index.top(queryTerms('results data model method'), 10);
    const small = new KeywordIndex(db, 0);
    small.top(['data'], 10);
    expect(index.answeredBy).toEqual({ split: 0, bounded: 0, plain: 1 });
    expect(small.answeredBy).toEqual({ split: 0, bounded: 0, plain: 1 });
  });

  describe('over its budget of scored rows', () => {
    /** A budget this corpus's common words pass, as "data" or "method" pass 20,000 rows at 1M contexts. */
    const BUDGET = 40;
    const holding = (term: string) =>
      db.prepare('SELECT count(*) FROM contexts_fts WHERE contexts_fts MATCH ?').pluck().get(`"${term}"`) as number;

    it('scores only rows holding the rarest terms, each with its exact score, and finds most of the plain top 10', () => {
      const bounded = new KeywordIndex(db, 0, BUDGET);
      const plain = new KeywordIndex(db);
      let overBudget = 0;
      let found = 0;
      for (const question of questions(120)) {
        const terms = queryTerms(question);
        const counts = new Map(terms.map((term) => [term, holding(term)]));
        if (terms.length < 2 || [...counts.values()].reduce((a, b) => a + b, 0) <= BUDGET) continue;
        overBudget++;
        const got = bounded.top(terms, 10);
        const reference = plain.top(terms, texts.length, true);
        const exactScore = new Map(reference.map((m) => [m.rowid, m.score.toFixed(9)]));
        for (const match of got)
          expect({ question, score: match.score.toFixed(9) }).toEqual({ question, score: exactScore.get(match.rowid) });
        expect(got.map((m) => m.score)).toEqual([...got.map((m) => m.score)].sort((a, b) => b - a));
        const top10 = new Set(reference.slice(0, 10).map((m) => m.rowid));
        found += got.filter((m) => top10.has(m.rowid)).length / Math.max(1, Math.min(10, reference.length));
      }
      expect(overBudget).toBeGreaterThan(50);
      expect(bounded.answeredBy.bounded).toBeGreaterThan(overBudget / 3);
      // Approximate by design; on 299 passages with a budget of 40 rows most of the top 10 is still found.
      expect(found / overBudget).toBeGreaterThan(0.7);
    });

    it('falls back to the plain query when the rarest terms cannot fill k', () => {
      const index = new KeywordIndex(db, 0, BUDGET);
      const terms = queryTerms('zzyzxq qqxvw results data');
      const got = index.top(terms, 20);
      expect(index.answeredBy).toEqual({ split: 0, bounded: 0, plain: 1 });
      expectSameTop(got, index.top(terms, 20, true), terms.join(' '));
    });

    it('keeps each term\u2019s count until rows are added or removed, and its scores exact after a removal', () => {
      const index = new KeywordIndex(db, 0, BUDGET);
      const terms = queryTerms('results data model method');
      const before = index.top(terms, 10);
      expect(index.top(terms, 10)).toEqual(before);
      const [first] = corpus.listArticles();
      corpus.deleteArticle(first.id);
      // Stale counts would steer the split by rows that are gone; the fresh counts give the plain query's scores.
      const after = index.top(terms, 10);
      const exact = new Map(index.top(terms, texts.length, true).map((m) => [m.rowid, m.score.toFixed(9)]));
      for (const match of after) expect(match.score.toFixed(9)).toBe(exact.get(match.rowid));
    });
  });

  it('returns nothing for no terms or k = 0', () => {
    const index = new KeywordIndex(db, 0);
    expect(index.top([], 10)).toEqual([]);
    expect(index.top(['data'], 0)).toEqual([]);
  });
});

describe(readVarint.name, () => {
  it('reads SQLite varints of one to nine bytes', () => {
    expect(readVarint(Uint8Array.from([0x05]))).toBe(5);
    expect(readVarint(Uint8Array.from([0x81, 0x00]))).toBe(128);
    expect(readVarint(Uint8Array.from([0xbd, 0x84, 0x40]))).toBe(1_000_000);
    expect(readVarint(Uint8Array.from([0x00, 0x83, 0x60]), 1)).toBe(480);
    expect(readVarint(Uint8Array.from([0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x81, 0x05]))).toBe(256 + 5);
  });
});

describe(idf.name, () => {
  it('is FTS5 bm25()’s idf, floored at 1e-6 for terms in half the rows or more', () => {
    expect(idf(1000, 9)).toBeCloseTo(Math.log(991.5 / 9.5), 12);
    expect(idf(1000, 500)).toBe(1e-6);
    expect(idf(1000, 900)).toBe(1e-6);
  });
});
