import * as fs from 'node:fs';
import * as path from 'node:path';
import { queryTerms } from '@lectern/text';
import { openDatabase } from './database';
import { KeywordIndex } from './keyword-index';
import { compiledKeywordThreadFile, joinHalves, KeywordThread } from './keyword-thread';
import { openTeiCorpus } from './testing/corpus.fixture';
import { useTempDir } from './testing/temp-dir.fixture';

/** Runs the compiled worker (`npm run build:api` first, as for the ingest pool's specs). */
describe(KeywordThread.name, () => {
  const tempDir = useTempDir();

  function workerFile(): string {
    const file = compiledKeywordThreadFile();
    if (!file) throw new Error('the compiled keyword thread is missing: run `npm run build:api` first');
    return file;
  }

  it('answers as the KeywordIndex of the calling thread, on its own connection', async () => {
    const { corpus, file } = openTeiCorpus(tempDir());
    const db = openDatabase(file, { readonly: true });
    const thread = new KeywordThread(file, workerFile());
    try {
      const index = new KeywordIndex(db);
      for (const question of ['knowledge base entity linking', 'results data model method', 'Higgs boson spin parity']) {
        const terms = queryTerms(question);
        // Concurrent requests each get their own answer.
        const [ten, forty] = await Promise.all([thread.top(terms, 10), thread.top(terms, 40)]);
        expect(ten).toEqual(index.top(terms, 10));
        expect(forty).toEqual(index.top(terms, 40));
      }
    } finally {
      await thread.close();
      db.close();
      corpus.close();
    }
  });

  it('answers as the KeywordIndex of the calling thread when the search splits in two halves, one on each worker', async () => {
    const { corpus, file } = openTeiCorpus(tempDir());
    const db = openDatabase(file, { readonly: true });
    // Thresholds this 299-passage corpus passes, as 1M contexts pass the defaults: most questions split.
    const limits = { pruneFromContexts: 0, maxScoredRows: 40 };
    const thread = new KeywordThread(file, workerFile(), limits);
    // Each worker counting every word itself, as before TermCountShare: the same answers.
    const alone = new KeywordThread(file, workerFile(), { ...limits, shareCounts: false });
    try {
      const index = new KeywordIndex(db, limits.pruneFromContexts, limits.maxScoredRows);
      const questions = ['results data model method', 'knowledge base entity linking results', 'the model data of the method approach'];
      for (const question of questions) {
        const terms = queryTerms(question);
        for (const k of [5, 20]) {
          const expected = index.top(terms, k);
          expect(await thread.top(terms, k)).toEqual(expected);
          expect(await alone.top(terms, k)).toEqual(expected);
        }
      }
      expect(index.answeredBy.split + index.answeredBy.bounded).toBeGreaterThan(3);
    } finally {
      await alone.close();
      await thread.close();
      db.close();
      corpus.close();
    }
  });

  it('rejects the searches of a thread that dies, and starts a new one for the next', async () => {
    const { corpus, file } = openTeiCorpus(tempDir());
    const broken = path.join(tempDir(), 'broken.worker.js');
    fs.writeFileSync(broken, "throw new Error('broken worker');");
    const failing = new KeywordThread(file, broken);
    const thread = new KeywordThread(file, workerFile());
    try {
      await expect(failing.top(['data', 'model'], 5)).rejects.toThrow(/broken worker/);
      expect(await thread.top(['data', 'model'], 5)).toHaveLength(5);
      await thread.close();
      await expect(thread.top(['data', 'model'], 5)).resolves.toHaveLength(5); // started again
    } finally {
      await failing.close();
      await thread.close();
      corpus.close();
    }
  });

  it('joins no halves planned from different counts, so the search is answered whole', () => {
    const totals = Uint8Array.from([0x83, 0x01]);
    const half = (plan: string, rowid: number) => ({ matches: [{ rowid, score: 1 }], split: true, totals, plan });
    expect(joinHalves(half('a\na AND (b)', 1), half('a\na AND (b)', 2), 2)).toHaveLength(2);
    expect(joinHalves(half('a\na AND (b)', 1), half('b\nb AND (a)', 2), 2)).toBeNull();
  });
});
