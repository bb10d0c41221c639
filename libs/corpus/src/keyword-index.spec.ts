import type Database from 'better-sqlite3';
import { openDatabase } from './database';
import { queryTerms } from '@lectern/text';
import { idf, KeywordIndex, type KeywordMatch, MAX_SCORED_SHARE, readVarint } from './keyword-index';
import { mergeSplit, planKeywordSearch } from './keyword-plan';
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

/** A budget this corpus's common words pass, as "data" or "method" pass 70,000 rows at 1M contexts. */
const BUDGET = 40;

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

  const holding = (term: string) =>
    db.prepare('SELECT count(*) FROM contexts_fts WHERE contexts_fts MATCH ?').pluck().get(`"${term}"`) as number;
  /** The rows matching an FTS5 expression, as a set. */
  const rowsMatching = (match: string) =>
    new Set(db.prepare('SELECT rowid FROM contexts_fts WHERE contexts_fts MATCH ?').pluck().all(match) as number[]);

  it('ranks exactly as the plain OR query when the split proves it, and else ranks the rows holding a rare term exactly', () => {
    const index = new KeywordIndex(db, 0, BUDGET);
    const plain = new KeywordIndex(db);
    const rows = index.indexedRows();
    let proven = 0;
    let unproven = 0;
    for (const [i, question] of questions(150).entries()) {
      const terms = queryTerms(question);
      const k = [5, 20, 50][i % 3];
      const before = { ...index.answeredBy };
      const got = index.top(terms, k);
      const everyRow = plain.top(terms, texts.length, true);
      if (index.answeredBy.split > before.split) {
        proven++;
        expectSameTop(got, everyRow.slice(0, k), question);
        continue;
      }
      if (index.answeredBy.plain > before.plain) {
        expectSameTop(got, everyRow.slice(0, k), question);
        continue;
      }
      unproven++;
      // The plan the index made, from the same counts: its answer is the exact top k of the rows of the rare side.
      const plan = planKeywordSearch(terms, k, rows, holding, Math.min(BUDGET, Math.ceil(MAX_SCORED_SHARE * rows)));
      if (plan.kind !== 'split') throw new Error(`expected a split for ${question}`);
      const rare = rowsMatching(plan.rareOnly);
      expectSameTop(got, everyRow.filter((m) => rare.has(m.rowid)).slice(0, k), question);
      // And what it left out could not have scored above the ceiling it stated.
      for (const match of everyRow.filter((m) => !rare.has(m.rowid))) expect(match.score).toBeLessThanOrEqual(plan.ceiling + 1e-9);
    }
    // Both paths have to be exercised: on 299 passages with a budget of 40 rows (30 here, a tenth of the rows), and
    // with counts that stop past the budget (a safe but looser ceiling), few splits are proven exact.
    expect(proven).toBeGreaterThan(4);
    expect(unproven).toBeGreaterThan(20);
  });

  it('uses the plain query below its size threshold, for one-word questions and while all the terms fit its budget', () => {
    const terms = queryTerms('results data model method');
    const small = new KeywordIndex(db);
    expectSameTop(small.top(terms, 10), small.top(terms, 10, true), terms.join(' '));
    const index = new KeywordIndex(db, 0, BUDGET);
    index.top(['data'], 10);
    const rare = queryTerms('Higgs boson spin parity');
    expect(rare.reduce((sum, term) => sum + holding(term), 0)).toBeLessThanOrEqual(Math.ceil(MAX_SCORED_SHARE * index.indexedRows()));
    index.top(rare, 10);
    expect(small.answeredBy).toEqual({ split: 0, bounded: 0, plain: 2 });
    expect(index.answeredBy).toEqual({ split: 0, bounded: 0, plain: 2 });
  });

  it('ranks the rows of its rare side as the plain query does when words share a stem or match nothing', () => {
    const index = new KeywordIndex(db, 0);
    for (const question of ['model models modelling results data', 'qqqzzx results data method', 'data results method approach']) {
      const terms = queryTerms(question);
      for (const k of [3, 10, 40]) {
        const got = index.top(terms, k);
        const everyRow = index.top(terms, texts.length, true);
        const plan = planKeywordSearch(terms, k, index.indexedRows(), holding, Math.ceil(MAX_SCORED_SHARE * index.indexedRows()));
        const rare = plan.kind === 'split' ? rowsMatching(plan.rareOnly) : null;
        expectSameTop(got, everyRow.filter((m) => !rare || rare.has(m.rowid)).slice(0, k), `${question} (k = ${k})`);
      }
    }
  });

  it('falls back to the plain query when the rarest terms cannot fill k', () => {
    const index = new KeywordIndex(db, 0, BUDGET);
    const terms = queryTerms('zzyzxq qqxvw results data');
    const got = index.top(terms, 20);
    expect(index.answeredBy).toEqual({ split: 0, bounded: 0, plain: 1 });
    expectSameTop(got, index.top(terms, 20, true), terms.join(' '));
  });

  it('keeps each term’s count until rows are added or removed, and its scores exact after a removal', () => {
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

  it('answers in two halves that merge into its own answer, as the keyword threads run them', () => {
    const index = new KeywordIndex(db, 0, BUDGET);
    let splits = 0;
    for (const question of questions(40)) {
      const terms = queryTerms(question);
      const common = index.half(terms, 20, 'common');
      const rare = index.half(terms, 20, 'rare');
      expect(rare.totals).toEqual(common.totals);
      if (common.split) splits++;
      else expect(rare.matches).toEqual([]);
      expect(common.split ? mergeSplit(common.matches, rare.matches, 20) : common.matches).toEqual(index.top(terms, 20));
    }
    expect(splits).toBeGreaterThan(10);
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
