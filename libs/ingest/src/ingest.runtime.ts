import * as path from 'node:path';
import { CatalogDb } from '@lectern/corpus';
import { TiktokenCounter } from '@lectern/chunking';
import type { LecternConfig } from '@lectern/config';
import { createEmbedder, type Embedder } from '@lectern/embeddings';
import { PdfjsParser } from '@lectern/parsing';
import { LocalObjectStore } from '@lectern/storage';
import { CorpusRegistry } from './corpus-registry';
import { DocumentIntake } from './document-intake';
import { IngestWorker, type IngestLogger, type IngestWorkerOptions } from './ingest.worker';

/**
 * Everything ingestion and search need, wired from the configuration once. The API, the worker process and
 * the CLI each build one, so they behave the same on the same data directory.
 */
export class IngestRuntime {
  readonly catalog: CatalogDb;
  readonly store: LocalObjectStore;
  readonly embedder: Embedder;
  readonly corpora: CorpusRegistry;
  readonly worker: IngestWorker;
  readonly intake: DocumentIntake;
  readonly parsers = ['pdfjs'];

  constructor(
    readonly config: LecternConfig,
    options: { logger?: IngestLogger; worker?: IngestWorkerOptions } = {},
  ) {
    this.catalog = CatalogDb.open(config.dataDir);
    this.store = new LocalObjectStore(path.join(config.dataDir, 'objects'));
    this.embedder = createEmbedder({ kind: config.embeddings });
    this.corpora = new CorpusRegistry(config.dataDir, {
      modelId: this.embedder.modelId,
      dimension: this.embedder.dimension,
    });
    this.worker = new IngestWorker(
      {
        catalog: this.catalog,
        store: this.store,
        corpora: this.corpora,
        embedder: this.embedder,
        parser: new PdfjsParser(),
        counter: new TiktokenCounter(),
        maxTokens: config.contextMaxTokens,
        logger: options.logger,
      },
      { leaseMs: config.jobLeaseMs, ...options.worker },
    );
    this.intake = new DocumentIntake(this.catalog, this.store, config.maxUploadBytes, () => this.worker.wake());
  }

  async close(): Promise<void> {
    await this.worker.stop();
    this.corpora.closeAll();
    this.catalog.close();
  }
}
