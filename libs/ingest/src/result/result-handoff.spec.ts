import * as path from 'node:path';
import { CatalogDb } from '@lectern/corpus';
import { LocalObjectStore } from '@lectern/storage';
import { articleFromTei, TEST_EMBEDDING } from '../../../corpus/src/testing/corpus.fixture';
import { useTempDir } from '../../../corpus/src/testing/temp-dir.fixture';
import type { BuiltArticle } from '../article-builder';
import { CorpusCommitter } from '../article-committer';
import { CorpusRegistry } from '../corpus-registry';
import type { JobTarget } from '../queue/job-queue';
import { resultObjectKey } from './article-result.codec';
import { commitArticleResult, handOffArticleResult } from './result-handoff';

describe('article result hand-off', () => {
  const tempDir = useTempDir('lectern-handoff-');
  let catalog: CatalogDb;
  let corpora: CorpusRegistry;
  let store: LocalObjectStore;
  let committer: CorpusCommitter;
  let target: JobTarget;
  let built: BuiltArticle;

  beforeEach(() => {
    catalog = CatalogDb.open(tempDir());
    corpora = new CorpusRegistry(tempDir(), TEST_EMBEDDING);
    store = new LocalObjectStore(path.join(tempDir(), 'objects'));
    committer = new CorpusCommitter(catalog, corpora);
    const projectId = catalog.projects.create('hand-off').id;
    const doc = catalog.documents.create({ projectId, sha256: 'a'.repeat(64), filename: 'acl.pdf', sizeBytes: 1, storageKey: 'k/acl.pdf' });
    target = { documentId: doc.id, projectId };
    built = { article: { ...articleFromTei('acl-N18-3011'), documentId: doc.id }, parsers: ['pdfjs'], warnings: [] };
  });
  afterEach(() => {
    corpora.closeAll();
    catalog.close();
  });

  it('commits a handed-off article in the corpus owner, marks the document ready and deletes the object', async () => {
    const key = await handOffArticleResult(store, target, built);
    expect(key).toBe(resultObjectKey(target.projectId, target.documentId));

    expect(await commitArticleResult(store, committer, target)).toBe('committed');

    const doc = catalog.documents.findById(target.documentId)!;
    expect(doc).toMatchObject({ status: 'ready', pageCount: built.article.pageCount, parsers: ['pdfjs'], error: null });
    const corpus = corpora.get(target.projectId);
    expect(corpus.listArticles().map((a) => a.id)).toEqual([doc.articleId]);
    const stored = corpus.listArticleContexts(doc.articleId!).map((c) => c.text);
    expect(stored).toEqual(built.article.sections.flatMap((s) => s.contexts.map((c) => c.text)));
    expect(await store.exists(key)).toBe(false);
  });

  it('is safe to run again after a crash between the commit and the deletion', async () => {
    await handOffArticleResult(store, target, built);
    await commitArticleResult(store, committer, target);
    const articleId = catalog.documents.findById(target.documentId)!.articleId;
    // The coordinator crashed before deleting the object, or a stale worker wrote it again.
    const key = await handOffArticleResult(store, target, built);

    expect(await commitArticleResult(store, committer, target)).toBe('already-committed');
    expect(catalog.documents.findById(target.documentId)!.articleId).toBe(articleId);
    expect(corpora.get(target.projectId).stats().articles).toBe(1);
    expect(await store.exists(key)).toBe(false);
  });

  it('drops the article of a document removed before its commit', async () => {
    const key = await handOffArticleResult(store, target, built);
    catalog.documents.delete(target.documentId);

    expect(await commitArticleResult(store, committer, target)).toBe('removed');
    expect(corpora.get(target.projectId).stats().articles).toBe(0);
    expect(await store.exists(key)).toBe(false);
  });
});
