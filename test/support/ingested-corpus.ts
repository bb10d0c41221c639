import * as path from 'node:path';
import Database from 'better-sqlite3';
import type { DocumentState } from './test-app';

/**
 * Reads a project's corpus and the catalog through connections of their own, as another process would: exactly one
 * article per ready document (none left behind by a killed worker), the one the catalog names, and both files intact.
 */
export function expectOneArticlePerReadyDocument(dataDir: string, projectId: string, ready: readonly DocumentState[]): void {
  const corpus = new Database(path.join(dataDir, 'projects', projectId, 'corpus.sqlite'), { readonly: true });
  const catalog = new Database(path.join(dataDir, 'catalog.sqlite'), { readonly: true });
  try {
    const articles = corpus.prepare('SELECT id, document_id FROM articles').all() as Array<{ id: string; document_id: string }>;
    expect(articles.map((a) => a.document_id).sort()).toEqual(ready.map((d) => d.id).sort());
    expect(articles.map((a) => a.id).sort()).toEqual(ready.map((d) => d.articleId).sort());
    expect(corpus.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(catalog.pragma('integrity_check', { simple: true })).toBe('ok');
  } finally {
    corpus.close();
    catalog.close();
  }
}
