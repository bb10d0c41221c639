import type Database from 'better-sqlite3';
import { openDatabase } from './database';
import type { CorpusDb } from './corpus.db';
import { MAX_COUNTED_ROWS, TermRarityReader } from './term-rarity';
import { articleFromTei, openTeiCorpus } from './testing/corpus.fixture';
import { GROBID_NAMES } from './testing/tei-corpus.fixture';
import { useTempDir } from './testing/temp-dir.fixture';

describe(TermRarityReader.name, () => {
  const tempDir = useTempDir();
  let corpus: CorpusDb;
  let db: Database.Database;

  beforeEach(() => {
    const opened = openTeiCorpus(tempDir(), GROBID_NAMES.slice(0, 2));
    corpus = opened.corpus;
    db = openDatabase(opened.file, { readonly: true });
  });
  afterEach(() => {
    db.close();
    corpus.close();
  });

  const exactCount = (word: string) =>
    db.prepare('SELECT count(*) FROM contexts_fts WHERE contexts_fts MATCH ?').pluck().get(`"${word}"`) as number;

  it('counts the contexts holding each word as FTS5 stems it, and zero for a word no context holds', () => {
    const words = ['the', 'results', 'method', 'zyxwvutsrq'];
    const rarity = corpus.termRarity(words);
    expect(rarity.rows).toBe(db.prepare('SELECT count(*) FROM contexts').pluck().get());
    for (const word of words) expect(rarity.holding.get(word)).toBe(Math.min(exactCount(word), MAX_COUNTED_ROWS));
    expect(rarity.holding.get('zyxwvutsrq')).toBe(0);
    expect(rarity.holding.get('the')).toBeGreaterThan(rarity.holding.get('method')!);
  });

  it('answers a repeated word once and sees the rows a later commit adds', () => {
    const before = corpus.termRarity(['the', 'the', 'results']);
    expect([...before.holding.keys()]).toEqual(['the', 'results']);
    corpus.insertArticle(articleFromTei(GROBID_NAMES[2]));
    const after = corpus.termRarity(['the', 'results']);
    expect(after.rows).toBeGreaterThan(before.rows);
    expect(after.holding.get('the')).toBe(exactCount('the'));
    expect(after.holding.get('the')).toBeGreaterThan(before.holding.get('the')!);
  });

  it('caps counts at MAX_COUNTED_ROWS, as the weights were made with', () => {
    const reader = new TermRarityReader({ termCounts: (terms) => ({ rows: 50_000, holding: new Map(terms.map((t) => [t, 30_000])) }) });
    expect(reader.read(['data']).holding.get('data')).toBe(MAX_COUNTED_ROWS);
  });
});
