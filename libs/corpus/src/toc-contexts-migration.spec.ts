import * as path from 'node:path';
import type { ArticleInput } from './corpus.types';
import { checkCorpusFile } from './corpus-check';
import { CorpusDb } from './corpus.db';
import { storeAtOlderSchema } from './testing/later-schema.fixture';
import { articleFromTei, countRows, TEST_EMBEDDING, testEmbedder, readRows } from './testing/corpus.fixture';
import { HashingTestEmbedder } from './testing/hashing-embedder.fixture';
import { GROBID_NAMES } from './testing/tei-corpus.fixture';
import { useTempDir } from './testing/temp-dir.fixture';

const MIGRATION = '0007_toc_contexts.sql';

/** A TEI article with a printed table of contents in front: one section of two `toc` contexts. */
function withToc(name: string): ArticleInput {
  const article = articleFromTei(name);
  const entries = ['1 Introduction … 1\n2 Related Work … 2', '3 Methods … 3\n4 Zanzibarite Results … 5'];
  const contexts = entries.map((text) => ({
    text,
    numTokens: 12,
    pageNumber: 1,
    stopReason: 'Section' as const,
    kind: 'toc' as const,
    embedding: testEmbedder.embed(text),
  }));
  return { ...article, sections: [{ number: 'toc', title: 'Contents', level: 1, numTokens: 24, contexts }, ...article.sections] };
}

describe(`corpus migration ${MIGRATION}`, () => {
  const tempDir = useTempDir();

  it('rebuilds contexts with the toc kind, keeping every row, seq, high-water mark and search entry', () => {
    const [first, second] = GROBID_NAMES;
    const file = path.join(tempDir(), 'corpus.sqlite');
    storeAtOlderSchema(file, 6, TEST_EMBEDDING, (articles) => {
      articles.insert(articleFromTei(first));
      articles.delete(articles.insert(articleFromTei(second)).articleId); // its seqs stay used: AUTOINCREMENT
    });
    const contextsSql = 'SELECT * FROM contexts ORDER BY seq';
    const before = readRows<{ seq: number; text: string }>(file, contextsSql);
    const [mark] = readRows(file, "SELECT seq FROM sqlite_sequence WHERE name = 'contexts'");

    const corpus = CorpusDb.open(file, TEST_EMBEDDING);
    try {
      expect(readRows(file, 'SELECT name FROM schema_migrations WHERE version = 7')).toEqual([{ name: 'toc_contexts' }]);
      // Columns later migrations add (0008's page_starts) are not 0007's business.
      const columns = Object.keys(before[0]);
      const after = readRows<Record<string, unknown>>(file, contextsSql).map((row) => Object.fromEntries(columns.map((c) => [c, row[c]])));
      expect(after).toEqual(before);
      expect(readRows(file, "SELECT seq FROM sqlite_sequence WHERE name = 'contexts'")).toEqual([mark]);
      expect(readRows(file, 'PRAGMA foreign_key_check')).toEqual([]);
      expect(readRows(file, 'PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
      const phrase = before[0].text.split(/\s+/).slice(0, 6).join(' ');
      expect(corpus.keywordSearch(phrase, 5).map((hit) => hit.text)).toContain(before[0].text);
      expect(corpus.vectorSearch(testEmbedder.embed(before[0].text), 1, { exact: true })[0].text).toBe(before[0].text);
    } finally {
      corpus.close();
    }
  });

  it('stores toc contexts without FTS rows or vectors, and removes them without touching the FTS index', () => {
    const corpus = CorpusDb.open(path.join(tempDir(), 'corpus.sqlite'), TEST_EMBEDDING);
    try {
      const { articleId } = corpus.insertArticle(withToc(GROBID_NAMES[0]));
      const toc = corpus.listArticleContexts(articleId).filter((c) => c.kind === 'toc');
      expect(toc.map((c) => c.text)).toEqual(['1 Introduction … 1\n2 Related Work … 2', '3 Methods … 3\n4 Zanzibarite Results … 5']);
      expect(corpus.keywordSearch('Zanzibarite', 10)).toEqual([]);
      const nearest = corpus.vectorSearch(testEmbedder.embed(toc[1].text), 5, { exact: true });
      expect(nearest.length).toBeGreaterThan(0);
      expect(nearest.map((hit) => hit.kind)).not.toContain('toc');
      const searchable = corpus.listArticleContexts(articleId).find((c) => c.kind === 'text')!;
      expect(corpus.keywordSearch(searchable.text, 20).map((hit) => hit.contextId)).toContain(searchable.id);

      // Deleting FTS rows that were never written would corrupt the external-content index: the triggers skip them.
      expect(corpus.deleteArticle(articleId)).toBe(true);
      const { articleId: again } = corpus.insertArticle(withToc(GROBID_NAMES[0]));
      const text = corpus.listArticleContexts(again).find((c) => c.kind === 'text')!;
      expect(corpus.keywordSearch(text.text, 20).map((hit) => hit.contextId)).toContain(text.id);
    } finally {
      corpus.close();
    }
  });

  it('leaves `lectern doctor` nothing to report: toc contexts are not counted as missing from either index', () => {
    const file = path.join(tempDir(), 'corpus.sqlite');
    const corpus = CorpusDb.open(file, TEST_EMBEDDING);
    corpus.insertArticle(withToc(GROBID_NAMES[0]));
    corpus.close();

    const check = checkCorpusFile(file);
    expect(check.contexts).toBe(countRows(file, ['contexts']).contexts - 2);
    expect(check.keywordRows).toBe(check.contexts);
    expect(check.vectorRows).toBe(check.contexts);
  });

  it('gives toc contexts no vector when the corpus is re-embedded', async () => {
    const file = path.join(tempDir(), 'corpus.sqlite');
    const corpus = CorpusDb.open(file, TEST_EMBEDDING);
    corpus.insertArticle(withToc(GROBID_NAMES[0]));
    corpus.close();
    const searched = () => readRows<{ n: number }>(file, "SELECT COUNT(*) AS n FROM contexts WHERE kind != 'toc'")[0].n;
    expect(countRows(file, ['contexts_vec'])).toEqual({ contexts_vec: searched() });
    const other = new HashingTestEmbedder(32);
    await CorpusDb.reembed(file, { ...other, embedDocuments: async (texts: string[]) => texts.map((t) => other.embed(t)) });
    expect(countRows(file, ['contexts_vec'])).toEqual({ contexts_vec: searched() });
  });
});
