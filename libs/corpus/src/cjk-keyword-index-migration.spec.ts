import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ArticleInput } from './corpus.types';
import { CorpusDb } from './corpus.db';
import type { ExportedDocument } from './corpus-export';
import { CorpusImportSource } from './corpus-import';
import { openDatabase } from './database';
import { CJK_PASSAGES as P, cjkArticle, cjkArticles } from './testing/cjk-articles.fixture';
import { articleFromTei, readRows, TEST_EMBEDDING, testEmbedder } from './testing/corpus.fixture';
import { storeAtOlderSchema } from './testing/later-schema.fixture';
import { GROBID_NAMES } from './testing/tei-corpus.fixture';
import { useTempDir } from './testing/temp-dir.fixture';

const MIGRATION = '0009_cjk_keyword_index.sql';
const LATIN_QUERIES = ['citation graph', 'entity linking knowledge base', 'experiments evaluated', 'crawled'];

/** Every row of the tables a migration must keep (everything but the keyword index's own), in a stable order. */
function keptRows(file: string): Record<string, unknown[]> {
  const tables = readRows<{ name: string }>(
    file,
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'contexts_fts%' AND name NOT LIKE 'contexts_vec%' AND name NOT IN ('schema_migrations', 'sqlite_stat1')",
  ).map((row) => row.name);
  return Object.fromEntries(tables.map((t) => [t, readRows(file, `SELECT * FROM "${t}" ORDER BY 1, 2`)]));
}

/** The documents an export lists (as `lectern export` writes them), one per article. */
function listed(corpus: CorpusDb): ExportedDocument[] {
  return corpus.listArticles().map((a, i) => ({
    id: a.documentId,
    filename: `paper-${i}.pdf`,
    sha256: String(i).repeat(64),
    sizeBytes: 1000,
    pageCount: a.pageCount,
    parsers: ['pdfjs'],
    warnings: [],
  }));
}

/** The Chinese article with a printed table of contents in front (a toc context, never searched). */
function zhWithToc(): ArticleInput {
  const [zh] = cjkArticles();
  const toc = '目录 一、馆舍面积 二、藏书更新';
  const tocSection = cjkArticle('doc-toc', 'toc', [{ section: '目录', text: toc }]).sections[0];
  return { ...zh, sections: [{ ...tocSection, number: 'toc', contexts: [{ ...tocSection.contexts[0], kind: 'toc' }] }, ...zh.sections] };
}

describe(`corpus migration ${MIGRATION}`, () => {
  const tempDir = useTempDir();

  it('rebuilds the keyword index of a corpus stored before it, so its CJK text is found and nothing else is lost', () => {
    const file = path.join(tempDir(), 'corpus.sqlite');
    storeAtOlderSchema(file, 8, TEST_EMBEDDING, (articles) => {
      articles.insert(articleFromTei(GROBID_NAMES[0]));
      articles.insert(zhWithToc());
      for (const article of cjkArticles().slice(1)) articles.insert(article);
      articles.delete(articles.insert(articleFromTei(GROBID_NAMES[1])).articleId); // its FTS rows were deleted the old way
    });
    const before = keptRows(file);
    const old = CorpusDb.openReadonly(file); // no migration: the index as Lectern built it at schema 8
    expect(old.keywordSearch('分层抽样', 5)).toEqual([]);
    expect(old.keywordSearch('抽样', 5)).toEqual([]);
    const latinBefore = LATIN_QUERIES.map((q) =>
      old
        .keywordSearch(q, 20)
        .map((hit) => hit.contextId)
        .sort(),
    );
    old.close();

    const corpus = CorpusDb.open(file, TEST_EMBEDDING);
    try {
      expect(readRows(file, 'SELECT name FROM schema_migrations WHERE version = 9')).toEqual([{ name: 'cjk_keyword_index' }]);
      expect(keptRows(file)).toEqual(before);
      expect(corpus.keywordSearch('分层抽样', 5)[0].text).toBe(P.zhSampling);
      expect(corpus.keywordSearch('抽样', 5)[0].text).toBe(P.zhSampling);
      expect(corpus.keywordSearch('機械翻訳', 5)[0].text).toBe(P.jaTranslation);
      expect(corpus.keywordSearch('文脈', 5)[0].text).toBe(P.jaContext);
      // The same Latin passages match (ranks may move a little: CJK runs now count as several tokens in bm25's lengths).
      expect(
        LATIN_QUERIES.map((q) =>
          corpus
            .keywordSearch(q, 20)
            .map((hit) => hit.contextId)
            .sort(),
        ),
      ).toEqual(latinBefore);
      // Every searched context is in the index once; the toc context is not.
      const [{ n: searched }] = readRows<{ n: number }>(file, "SELECT COUNT(*) AS n FROM contexts WHERE kind != 'toc'");
      expect(readRows(file, 'SELECT COUNT(*) AS n FROM contexts_fts_docsize')).toEqual([{ n: searched }]);
      expect(corpus.keywordSearch('馆舍面积', 5)).toEqual([]);
      expect(readRows(file, 'PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);

      // Rows indexed by the migration are removed cleanly by the new triggers.
      const zh = corpus.listArticles().find((a) => a.title === '社区图书馆调查')!;
      expect(corpus.deleteArticle(zh.id)).toBe(true);
      expect(corpus.keywordSearch('抽样', 5)).toEqual([]);
    } finally {
      corpus.close();
    }
    const writer = openDatabase(file);
    expect(() => writer.exec("INSERT INTO contexts_fts (contexts_fts) VALUES ('integrity-check')")).not.toThrow();
    writer.close();
  });

  it('leaves the BM25 scores of Latin text exactly as they were', () => {
    const file = path.join(tempDir(), 'corpus.sqlite');
    storeAtOlderSchema(file, 8, TEST_EMBEDDING, (articles) => {
      for (const name of GROBID_NAMES.slice(0, 3)) articles.insert(articleFromTei(name));
    });
    const search = (corpus: CorpusDb) => LATIN_QUERIES.map((q) => corpus.keywordSearch(q, 10).map((hit) => [hit.contextId, hit.score]));
    const old = CorpusDb.openReadonly(file);
    const before = search(old);
    old.close();
    const corpus = CorpusDb.open(file, TEST_EMBEDDING);
    try {
      expect(before.flat().length).toBeGreaterThan(10);
      expect(search(corpus)).toEqual(before);
    } finally {
      corpus.close();
    }
  });

  it('carries the CJK index through an export and an import, and rebuilds it when importing an older export', () => {
    const file = path.join(tempDir(), 'corpus.sqlite');
    const corpus = CorpusDb.open(file, TEST_EMBEDDING);
    for (const article of cjkArticles()) corpus.insertArticle(article);
    const exported = path.join(tempDir(), 'export.sqlite');
    corpus.exportTo(exported, listed(corpus));
    corpus.close();
    const older = path.join(tempDir(), 'older.sqlite');
    storeAtOlderSchema(older, 8, TEST_EMBEDDING, (articles) => cjkArticles().forEach((article) => articles.insert(article)));
    const olderExport = path.join(tempDir(), 'older-export.sqlite');
    const olderCorpus = CorpusDb.openReadonly(older);
    olderCorpus.exportTo(olderExport, listed(olderCorpus));
    olderCorpus.close();

    // The export itself is searchable by bigrams in any SQLite, without Lectern's function.
    const plainMatch = readRows<{ n: number }>(
      exported,
      `SELECT COUNT(*) AS n FROM contexts_fts WHERE contexts_fts MATCH '"分层 层抽 抽样"'`,
    );
    expect(plainMatch).toEqual([{ n: 1 }]);

    for (const [name, source] of [
      ['current', exported],
      ['schema 8', olderExport],
    ] as const) {
      const staging = fs.mkdtempSync(path.join(tempDir(), 'staging-'));
      const imported = CorpusImportSource.open(source, staging);
      expect(imported.inspection.schemaVersion).toBe(name === 'current' ? 9 : 8);
      const target = path.join(staging, 'corpus.sqlite');
      imported.copyInto(target, new Map(imported.inspection.documents.map((d) => [d.id, d.id])));
      imported.close();
      const copy = CorpusDb.open(target, TEST_EMBEDDING);
      try {
        expect([name, copy.keywordSearch('分层抽样', 3)[0]?.text]).toEqual([name, P.zhSampling]);
        expect([name, copy.keywordSearch('人手評価', 3)[0]?.text]).toEqual([name, P.jaTranslation]);
        expect(copy.vectorSearch(testEmbedder.embed(P.jaContext), 1, { exact: true })[0].text).toBe(P.jaContext);
      } finally {
        copy.close();
      }
    }
  });
});
