import { CorpusDb } from './corpus.db';
import * as path from 'node:path';
import { articleFromTei, openTeiCorpus, TEST_EMBEDDING } from './testing/corpus.fixture';

import { useTempDir } from './testing/temp-dir.fixture';

describe(`${CorpusDb.name} lookups for the UI`, () => {
  const tempDir = useTempDir();

  it('finds a context with its section, article, document and the box the parser gave', () => {
    const input = articleFromTei('arxiv-1912.10667');
    const boxed = input.sections[1].contexts[0];
    boxed.box = { page: boxed.pageNumber, x: 72.5, y: 140.25, w: 451, h: 38.5 };
    const corpus = CorpusDb.open(path.join(tempDir(), 'corpus.sqlite'), TEST_EMBEDDING);
    try {
      const { articleId } = corpus.insertArticle(input);
      const article = corpus.getArticle(articleId)!;
      const contexts = corpus.listArticleContexts(article.id);
      const details = contexts.map((row) => corpus.getContext(row.id)!);
      expect(details.filter((detail) => detail.box !== null).map((detail) => detail.box)).toEqual([boxed.box]);
      expect(details.find((detail) => detail.box)!.text).toBe(boxed.text);
      const row = contexts[3];
      const detail = corpus.getContext(row.id)!;
      expect(detail).toMatchObject({
        id: row.id,
        text: row.text,
        page: row.page,
        kind: row.kind,
        section: { id: row.sectionId, number: row.sectionNumber, title: row.sectionTitle },
        article: { id: article.id, title: article.title, documentId: article.documentId },
      });
      expect(corpus.getContext('no-such-context')).toBeNull();
    } finally {
      corpus.close();
    }
  });

  it('sums up each article by its title and its sections and contexts as its outline counts them', () => {
    const { corpus } = openTeiCorpus(tempDir(), ['arxiv-1912.10667', 'aem-2011-hu-crenarchaeota']);
    try {
      const summaries = corpus.articleSummaries();
      expect(summaries).toHaveLength(2);
      for (const summary of summaries) {
        expect(summary.title).toBe(corpus.getArticle(summary.articleId)?.title);
        const outline = corpus.outline(summary.articleId);
        expect(summary.sections).toBe(outline.length);
        expect(summary.contexts).toBe(corpus.listArticleContexts(summary.articleId).length);
      }
      expect(summaries.map((s) => s.title)).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^Niche Partitioning of Marine Group I/),
          expect.stringMatching(/^Generalizing Deep Models/),
        ]),
      );
      for (const summary of summaries) expect(corpus.articleSummary(summary.articleId)).toEqual(summary);
      expect(corpus.articleSummary('no-such-article')).toBeNull();
      const stats = corpus.stats();
      expect(summaries.reduce((sum, s) => sum + s.contexts, 0)).toBe(stats.contexts);
    } finally {
      corpus.close();
    }
  });

  it("places a section by its heading, level, parent and article, as the article's outline lists it", () => {
    const { corpus } = openTeiCorpus(tempDir(), ['arxiv-1912.10667', 'aem-2011-hu-crenarchaeota']);
    try {
      for (const { articleId } of corpus.articleSummaries()) {
        for (const entry of corpus.outline(articleId)) {
          const { id, number, title, level, parentId } = entry;
          expect(corpus.section(id)).toEqual({ id, articleId, number, title, level, parentId });
          expect(corpus.articleOfSection(id)).toBe(articleId);
        }
      }
      expect(corpus.section('no-such-section')).toBeNull();
      expect(corpus.articleOfSection('no-such-section')).toBeNull();
    } finally {
      corpus.close();
    }
  });
});
