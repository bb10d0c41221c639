import { CorpusDb } from './corpus.db';
import { seqSpans } from './keyword-index';
import { openTeiCorpus, testEmbedder } from './testing/corpus.fixture';
import { useTempDir } from './testing/temp-dir.fixture';

/** `articleIds` on search: only those articles' contexts, each with the score the whole-corpus search gives it. */
describe(`${CorpusDb.name} scoped search`, () => {
  const tempDir = useTempDir();
  let corpus: CorpusDb;
  let first: string;
  let second: string;

  beforeEach(() => {
    corpus = openTeiCorpus(tempDir()).corpus;
    [first, second] = corpus.listArticles().map((a) => a.id);
  });
  afterEach(() => corpus.close());

  const QUERY = 'results of the proposed method on the dataset';

  it('keeps keyword hits to the named articles, with the scores of the unscoped search', () => {
    const everywhere = corpus.keywordSearch(QUERY, 10_000);
    expect(new Set(everywhere.map((h) => h.article.id)).size).toBeGreaterThan(1);
    const scoped = corpus.keywordSearch(QUERY, 20, { articleIds: [first] });
    expect(scoped.length).toBe(20);
    expect(scoped.every((h) => h.article.id === first)).toBe(true);
    // The scoped top 20 is the unscoped ranking with the other articles taken out.
    const expected = everywhere.filter((h) => h.article.id === first).slice(0, 20);
    expect(scoped.map((h) => h.contextId)).toEqual(expected.map((h) => h.contextId));
    expect(scoped.map((h) => h.score)).toEqual(expected.map((h) => h.score));
  });

  it('keeps vector hits to the named articles, nearest first, with exact cosine scores', async () => {
    const vector = await testEmbedder.embedQuery(QUERY);
    const scoped = corpus.vectorSearch(vector, 15, { articleIds: [first, second] });
    expect(scoped.length).toBe(15);
    expect(scoped.every((h) => h.article.id === first || h.article.id === second)).toBe(true);
    const exact = corpus
      .vectorSearch(vector, 10_000, { exact: true })
      .filter((h) => h.article.id === first || h.article.id === second)
      .slice(0, 15);
    expect(scoped.map((h) => h.contextId)).toEqual(exact.map((h) => h.contextId));
    scoped.forEach((hit, i) => expect(hit.score).toBeCloseTo(exact[i].score, 5));
  });

  it('finds nothing for a scope of unknown articles, and names them', async () => {
    expect(corpus.keywordSearch(QUERY, 10, { articleIds: ['nope'] })).toEqual([]);
    expect(corpus.vectorSearch(await testEmbedder.embedQuery(QUERY), 10, { articleIds: ['nope'] })).toEqual([]);
    expect(corpus.unknownArticles([first, 'nope', second])).toEqual(['nope']);
  });
});

describe(seqSpans.name, () => {
  it('joins seqs into spans, splitting only at wide gaps', () => {
    expect(seqSpans([5, 1, 2, 3, 1000, 1001])).toEqual([
      [1, 5],
      [1000, 1001],
    ]);
    expect(seqSpans([])).toEqual([]);
  });
});
