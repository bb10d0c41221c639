import type { CatalogDb, DocumentRow } from '@lectern/corpus';
import type { ObjectStore } from '@lectern/storage';
import type { CorpusRegistry } from './corpus-registry';
import { withObjectKeyLock } from './object-key-lock';

export interface RemoveDocumentDeps {
  catalog: CatalogDb;
  store: ObjectStore;
  corpora: CorpusRegistry;
}

/**
 * Takes a document out of its project: the catalog row and its jobs first (so search and the worker stop seeing it),
 * then its article from the corpus, then the stored PDF. A document still being ingested is removed too: the worker
 * finds its row gone when it comes to commit and drops what it built. Null when there is no such document.
 */
export async function removeDocument(deps: RemoveDocumentDeps, documentId: string): Promise<DocumentRow | null> {
  const found = deps.catalog.documents.findById(documentId);
  if (!found) return null;
  // Under the object's lock: an upload of the same bytes waits until the row and the object are both gone.
  return withObjectKeyLock(found.storageKey, async () => {
    const doc = deps.catalog.documents.findById(documentId);
    if (!doc || !deps.catalog.documents.delete(documentId)) return null;
    const corpus = deps.corpora.get(doc.projectId);
    const article = corpus.findArticleByDocument(doc.id);
    if (article) corpus.deleteArticle(article.id);
    // Documents are deduplicated per project by sha256, so no other document shares this object.
    await deps.store.delete(doc.storageKey);
    return doc;
  });
}
