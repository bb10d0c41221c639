import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chunkArticle } from '@lectern/chunking';
import { CorpusDb, type ArticleInput } from '@lectern/corpus';
import { LexicalEmbedder } from '@lectern/embeddings';
import { textsToEmbed, toArticleInput } from '@lectern/ingest';
import { PdfjsParser, TOC_SECTION_NUMBER, type ParsedArticle } from '@lectern/parsing';
import { TiktokenCounter } from '@lectern/text';

/**
 * Issue 17: a book's printed table of contents is its own section of `toc` contexts, listed by the outline and read
 * like any section, but never a search hit. The book is `test/fixtures/book/toc-book.pdf` (HTML printed by
 * Chromium, see build.js): a "Contents" page of dotted-leader entries, then four chapters.
 */
const BOOK = path.join(__dirname, 'fixtures', 'book', 'toc-book.pdf');
/** Texts sharing words are near, so the contents' nearest context would be itself if it were stored. */
const embedder = new LexicalEmbedder();

describe('table of contents in the corpus', () => {
  let dir = '';
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-toc-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  let parsed: ParsedArticle;
  let input: ArticleInput;
  beforeAll(async () => {
    parsed = await new PdfjsParser().parse(fs.readFileSync(BOOK), { ocr: { mode: 'off', langs: [] } });
    const chunked = chunkArticle(parsed, { maxTokens: 256, counter: new TiktokenCounter() });
    input = toArticleInput('doc-book', chunked, await embedder.embedDocuments(textsToEmbed(chunked)), embedder.modelId);
  });

  it('reads the printed contents as one section of toc blocks, the chapters as headings', () => {
    const toc = parsed.sections.find((s) => s.number === TOC_SECTION_NUMBER);
    expect(toc?.title).toBe('Contents');
    expect(toc?.blocks.every((b) => b.kind === 'toc')).toBe(true);
    expect(toc?.blocks[0].text).toMatch(/^1 Getting Started with Tidal Gauges … 3\n1\.1 Choosing a Site … 3/);
    const titles = parsed.sections.map((s) => s.title);
    expect(titles).toContain('Clock Drift and Corrections');
    // No entry of the contents became a heading of its own before the chapters.
    expect(titles.filter((t) => t === 'Getting Started with Tidal Gauges')).toHaveLength(1);
  });

  it('lists the contents in the outline and reads them, but never returns them from keyword or vector search', async () => {
    const corpus = CorpusDb.open(path.join(dir, 'corpus.sqlite'), { modelId: embedder.modelId, dimension: embedder.dimension });
    try {
      const { articleId } = corpus.insertArticle(input);
      const entry = corpus.outline(articleId).find((s) => s.number === TOC_SECTION_NUMBER);
      expect(entry?.title).toBe('Contents');
      const tocContexts = corpus.listSectionContexts(entry!.id);
      expect(tocContexts.length).toBeGreaterThan(0);
      expect(tocContexts.every((c) => c.kind === 'toc')).toBe(true);
      const tocIds = new Set(tocContexts.map((c) => c.id));

      // Words found in the contents and in the chapters: the chapters are hits, the contents are not.
      const keywordHits = corpus.keywordSearch('Choosing a Site Mounting the Float Well', 50);
      expect(keywordHits.length).toBeGreaterThan(0);
      expect(keywordHits.filter((h) => tocIds.has(h.contextId))).toEqual([]);
      // The contents' own text as the query vector: its nearest contexts are chapters, never the contents.
      const vectorHits = corpus.vectorSearch(await embedder.embedQuery(tocContexts[0].text), 50);
      expect(vectorHits.length).toBeGreaterThan(0);
      expect(vectorHits.filter((h) => tocIds.has(h.contextId))).toEqual([]);
      expect(keywordHits.concat(vectorHits).every((h) => h.kind !== 'toc')).toBe(true);
    } finally {
      corpus.close();
    }
  });
});
