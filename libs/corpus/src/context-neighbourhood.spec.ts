import { CorpusDb } from './corpus.db';
import { openTeiCorpus } from './testing/corpus.fixture';
import { useTempDir } from './testing/temp-dir.fixture';

describe(`${CorpusDb.name}.contextNeighbourhood`, () => {
  const tempDir = useTempDir();

  it('returns the same run of contexts as the article in reading order, for every context and window size', () => {
    const { corpus } = openTeiCorpus(tempDir(), ['arxiv-1912.10667', 'aem-2011-hu-crenarchaeota']);
    try {
      for (const article of corpus.listArticles()) {
        const all = corpus.listArticleContexts(article.id);
        expect(new Set(all.map((row) => row.sectionId)).size).toBeGreaterThan(3);
        all.forEach((row, i) => {
          for (const [before, after] of [
            [2, 2],
            [0, 0],
            [3, 1],
            [0, 7],
          ]) {
            const around = corpus.contextNeighbourhood(row.id, before, after)!;
            const from = Math.max(0, i - before);
            expect(around.articleId).toBe(article.id);
            expect(around.contexts).toEqual(all.slice(from, i + after + 1));
            expect(around.index).toBe(i - from);
          }
        });
      }
    } finally {
      corpus.close();
    }
  });

  it('crosses into the neighbouring sections and never into another article', () => {
    const { corpus } = openTeiCorpus(tempDir(), ['arxiv-1912.10667', 'aem-2011-hu-crenarchaeota']);
    try {
      const [first, second] = corpus.listArticles().map((article) => corpus.listArticleContexts(article.id));
      const sectionStart = first.findIndex((row, i) => i > 0 && row.sectionId !== first[i - 1].sectionId);
      const around = corpus.contextNeighbourhood(first[sectionStart].id, 2, 0)!;
      expect(around.contexts.map((row) => row.sectionId)).toEqual([
        first[sectionStart - 2].sectionId,
        first[sectionStart - 1].sectionId,
        first[sectionStart].sectionId,
      ]);
      expect(new Set(around.contexts.map((row) => row.sectionId)).size).toBeGreaterThan(1);
      const lastOfFirst = corpus.contextNeighbourhood(first[first.length - 1].id, 0, 5)!;
      expect(lastOfFirst.contexts).toEqual([first[first.length - 1]]);
      const firstOfSecond = corpus.contextNeighbourhood(second[0].id, 5, 0)!;
      expect(firstOfSecond.contexts).toEqual([second[0]]);
    } finally {
      corpus.close();
    }
  });

  it('is null for an unknown context', () => {
    const { corpus } = openTeiCorpus(tempDir(), ['arxiv-1912.10667']);
    try {
      expect(corpus.contextNeighbourhood('no-such-context', 2, 2)).toBeNull();
    } finally {
      corpus.close();
    }
  });
});
