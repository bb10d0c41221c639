import type Database from 'better-sqlite3';
import { queryTerms } from '@lectern/text';
import { openDatabase } from './database';
import { anyOfTerms } from './fts-query';
import { FtsTermRows } from './fts-term-rows';
import { openTeiCorpus } from './testing/corpus.fixture';
import { useTempDir } from './testing/temp-dir.fixture';
import type { CorpusDb } from './corpus.db';

describe(FtsTermRows.name, () => {
  const tempDir = useTempDir();
  let corpus: CorpusDb;
  let db: Database.Database;

  beforeEach(() => {
    const opened = openTeiCorpus(tempDir());
    corpus = opened.corpus;
    db = openDatabase(opened.file, { readonly: true });
  });
  afterEach(() => {
    db.close();
    corpus.close();
  });

  const matching = (term: string) =>
    db
      .prepare('SELECT count(*) FROM contexts_fts WHERE contexts_fts MATCH ?')
      .pluck()
      .get(anyOfTerms([term])) as number;

  /** Words of the passages (common and rare, stemmed alike or not) and words found nowhere. */
  function words(): string[] {
    const texts = db.prepare('SELECT text FROM contexts ORDER BY seq LIMIT 40').pluck().all() as string[];
    return [...new Set(texts.flatMap((text) => queryTerms(text)))].concat(['zyxwvutsr', 'models', 'modelling', 'results']);
  }

  it('counts the rows holding each word as many as a MATCH of the word finds, from the vocab, on a read-only connection', () => {
    const fallback: string[] = [];
    const rows = new FtsTermRows(db, 'contexts_fts', (term) => {
      fallback.push(term);
      return matching(term);
    });
    const terms = words();
    expect(terms.length).toBeGreaterThan(100);
    const counts = rows.count(terms);
    for (const term of terms) expect({ term, rows: counts.get(term) }).toEqual({ term, rows: matching(term) });
    expect(counts.get('zyxwvutsr')).toBe(0);
    // Single words are one token each: none needed the MATCH count.
    expect(fallback).toEqual([]);
  });

  it('counts a term of several tokens or of none by the MATCH count it is given', () => {
    const fallback: string[] = [];
    const rows = new FtsTermRows(db, 'contexts_fts', (term) => {
      fallback.push(term);
      return matching(term);
    });
    const counts = rows.count(['entity linking', '—', 'entity']);
    expect(fallback).toEqual(['entity linking', '—']);
    expect(counts.get('entity linking')).toBe(matching('entity linking'));
    expect(counts.get('entity linking')).toBeGreaterThan(0);
    expect(counts.get('—')).toBe(0);
    expect(counts.get('entity')).toBe(matching('entity'));
  });

  it('reads the rows as they are when it counts, after removals too', () => {
    const rows = new FtsTermRows(db, 'contexts_fts', matching);
    const terms = ['results', 'data', 'method', 'entity'];
    const before = rows.count(terms);
    const [first] = corpus.listArticles();
    corpus.deleteArticle(first.id);
    const after = rows.count(terms);
    for (const term of terms) expect(after.get(term)).toBe(matching(term));
    expect(terms.some((term) => after.get(term)! < before.get(term)!)).toBe(true);
  });
  it('keeps counting after a transaction it counted in rolls back', () => {
    const rows = new FtsTermRows(db, 'contexts_fts', matching);
    const inTransaction = db.transaction(() => {
      rows.count(['results', 'entity']);
      throw new Error('rolled back');
    });
    expect(() => inTransaction()).toThrow('rolled back');
    const counts = rows.count(['results', 'entity', 'data']);
    for (const term of ['results', 'entity', 'data']) expect(counts.get(term)).toBe(matching(term));
  });
});
