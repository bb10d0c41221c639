import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ArticleInput } from './corpus.types';
import { CorpusDb } from './corpus.db';
import { CorpusImportSource } from './corpus-import';
import { decodePageStarts, encodePageStarts } from './page-starts.codec';
import { storeAtOlderSchema } from './testing/later-schema.fixture';
import { articleFromTei, TEST_EMBEDDING, testEmbedder, readRows } from './testing/corpus.fixture';
import { GROBID_NAMES } from './testing/tei-corpus.fixture';
import { useTempDir } from './testing/temp-dir.fixture';

const MIGRATION = '0008_add_context_page_starts.sql';
const WORD = 'Zanzibarite';
const TEXT = `Heat was stored in the basalt caverns over the winter and the doors were sealed. The ${WORD} probes read forty-one degrees for ninety days.`;
const BREAK = TEXT.indexOf('probes');

/** A TEI article whose first section gains one context printed from page 3 onto page 4. */
function withCrossingContext(name: string): ArticleInput {
  const article = articleFromTei(name);
  const context = {
    text: TEXT,
    numTokens: 30,
    pageNumber: 3,
    pageStarts: [{ offset: BREAK, page: 4 }],
    stopReason: 'Section' as const,
    kind: 'text' as const,
    embedding: testEmbedder.embed(TEXT),
  };
  const [first, ...rest] = article.sections;
  return { ...article, sections: [{ ...first, title: 'Crossing', contexts: [...first.contexts, context] }, ...rest] };
}

const contextsSql = 'SELECT id, page_number, page_starts FROM contexts ORDER BY seq';

describe(`corpus migration ${MIGRATION}`, () => {
  const tempDir = useTempDir();

  it('adds page_starts, leaving contexts stored before it on their own page', () => {
    const file = path.join(tempDir(), 'corpus.sqlite');
    const { articleId } = storeAtOlderSchema(file, 7, TEST_EMBEDDING, (articles) => articles.insert(withCrossingContext(GROBID_NAMES[0])));
    expect(readRows<{ name: string }>(file, "SELECT name FROM pragma_table_info('contexts')").map((c) => c.name)).not.toContain(
      'page_starts',
    );

    const corpus = CorpusDb.open(file, TEST_EMBEDDING);
    try {
      expect(readRows(file, 'SELECT name FROM schema_migrations WHERE version = 8')).toEqual([{ name: 'add_context_page_starts' }]);
      expect(readRows<{ page_starts: string | null }>(file, contextsSql).every((c) => c.page_starts === null)).toBe(true);
      const old = corpus.listArticleContexts(articleId).find((c) => c.text === TEXT)!;
      expect(old.page).toBe(3);
      expect(old.pageStarts).toBeUndefined();
      expect(corpus.outline(articleId).find((s) => s.title === 'Crossing')).toMatchObject({ pageEnd: 3 });
    } finally {
      corpus.close();
    }
  });
});

describe('context page starts in the corpus', () => {
  const tempDir = useTempDir();

  it('stores and reads back where a context crosses a page break, in every read that places a context', () => {
    const corpus = CorpusDb.open(path.join(tempDir(), 'corpus.sqlite'), TEST_EMBEDDING);
    try {
      const { articleId } = corpus.insertArticle(withCrossingContext(GROBID_NAMES[0]));
      const expected = [{ offset: BREAK, page: 4 }];
      const row = corpus.listArticleContexts(articleId).find((c) => c.text === TEXT)!;
      expect(row).toMatchObject({ page: 3, pageStarts: expected });
      expect(corpus.getContext(row.id)).toMatchObject({ page: 3, pageStarts: expected });
      expect(corpus.keywordSearch(WORD, 5)[0]).toMatchObject({ contextId: row.id, page: 3, pageStarts: expected });
      expect(corpus.contextNeighbourhood(row.id, 1, 1)!.contexts.find((c) => c.id === row.id)).toMatchObject({ pageStarts: expected });
      // The section ends on the page its last passage runs onto, not the page that passage starts on.
      expect(corpus.outline(articleId).find((s) => s.title === 'Crossing')).toMatchObject({ pageEnd: 4 });
      const others = corpus.listArticleContexts(articleId).filter((c) => c.id !== row.id);
      expect(others.every((c) => c.pageStarts === undefined)).toBe(true);
    } finally {
      corpus.close();
    }
  });

  it('keeps page starts through an export and an import', () => {
    const source = CorpusDb.open(path.join(tempDir(), 'corpus.sqlite'), TEST_EMBEDDING);
    const exported = path.join(tempDir(), 'export.sqlite');
    const input = withCrossingContext(GROBID_NAMES[0]);
    try {
      source.insertArticle(input);
      source.exportTo(exported);
    } finally {
      source.close();
    }
    expect(readRows(exported, 'SELECT page_starts FROM contexts WHERE page_starts IS NOT NULL')).toEqual([
      { page_starts: `[[${BREAK},4]]` },
    ]);

    const staging = fs.mkdtempSync(path.join(tempDir(), 'staging-'));
    const imported = CorpusImportSource.open(exported, staging);
    const target = path.join(staging, 'corpus.sqlite');
    imported.copyInto(target, new Map([[input.documentId, 'imported-doc']]));
    imported.close();
    const corpus = CorpusDb.open(target, TEST_EMBEDDING);
    try {
      expect(corpus.keywordSearch(WORD, 5)[0]).toMatchObject({ page: 3, pageStarts: [{ offset: BREAK, page: 4 }] });
    } finally {
      corpus.close();
    }
  });
});

describe(decodePageStarts.name, () => {
  it('reads back what encodePageStarts wrote, and nothing for a context on one page', () => {
    const starts = [
      { offset: 12, page: 2 },
      { offset: 90, page: 4 },
    ];
    expect(decodePageStarts(encodePageStarts(starts))).toEqual(starts);
    expect(encodePageStarts([])).toBeNull();
    expect(decodePageStarts(null)).toBeUndefined();
  });

  it('treats an unreadable value (a hand-edited import) as none, so the context page is used', () => {
    expect(decodePageStarts('not json')).toBeUndefined();
    expect(decodePageStarts('{"offset":3}')).toBeUndefined();
    expect(decodePageStarts('[["a",2]]')).toBeUndefined();
  });
});
