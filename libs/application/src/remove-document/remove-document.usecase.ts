import type { CatalogDb, DocumentRow } from '@lectern/corpus';
import { DocumentNotFoundError, removeDocument, type CorpusRegistry } from '@lectern/ingest';
import type { ObjectStore } from '@lectern/storage';
import type { RemoveDocumentCommand } from './remove-document.command';

/** Takes a document out of its project: its catalog row and jobs, its article and passages, its stored PDF. */
export class RemoveDocument {
  constructor(
    private readonly catalog: CatalogDb,
    private readonly store: ObjectStore,
    private readonly corpora: CorpusRegistry,
  ) {}

  async execute(command: RemoveDocumentCommand): Promise<DocumentRow> {
    const removed = await removeDocument({ catalog: this.catalog, store: this.store, corpora: this.corpora }, command.documentId);
    if (!removed) throw new DocumentNotFoundError(command.documentId);
    return removed;
  }
}
