import type { CatalogDb, DocumentRow } from '@lectern/corpus';
import { DocumentNotFoundError, type CorpusRegistry } from '@lectern/ingest';

export interface DocumentProgress {
  document: DocumentRow;
  /** Set once the document is ready. */
  built?: { pages: number; sections: number; contexts: number };
}

/** Where a document is in ingestion, and what it became once ready (for `lectern ingest`'s lines). */
export class DocumentProgressQuery {
  constructor(
    private readonly catalog: CatalogDb,
    private readonly corpora: CorpusRegistry,
  ) {}

  get(documentId: string): DocumentProgress {
    const document = this.catalog.documents.findById(documentId);
    if (!document) throw new DocumentNotFoundError(documentId);
    if (document.status !== 'ready' || !document.articleId) return { document };
    const outline = this.corpora.get(document.projectId).outline(document.articleId);
    const contexts = outline.reduce((n, s) => n + s.contextCount, 0);
    return { document, built: { pages: document.pageCount ?? 0, sections: outline.length, contexts } };
  }
}
