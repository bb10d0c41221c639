import type { CatalogDb } from '@lectern/corpus';
import {
  closeIngest,
  initOutsideResources,
  type CommitCoordinator,
  type CorpusRegistry,
  type IngestWorker,
  type JobQueue,
  type LazyIngestPool,
  type ParseServices,
} from '@lectern/ingest';
import type { ObjectStore } from '@lectern/storage';

/** Start and shutdown of the parts that hold outside resources; the API (on bootstrap/shutdown), the CLI and the worker share it. */
export class LecternLifecycle {
  constructor(
    private readonly store: ObjectStore,
    private readonly services: ParseServices,
    private readonly worker: IngestWorker,
    private readonly queue: JobQueue,
    private readonly pool: LazyIngestPool,
    private readonly corpora: CorpusRegistry,
    private readonly catalog: CatalogDb,
    /** INGEST_COMMIT=handoff: the coordinator that commits handed-off results here, and its queue. */
    private readonly handoff: { coordinator: CommitCoordinator | null; commitQueue: JobQueue | null } = {
      coordinator: null,
      commitQueue: null,
    },
  ) {}

  /** Checks the queue answers, prepares outside resources (the MinIO bucket), reports which parsing services answer. */
  init(): Promise<void> {
    return initOutsideResources(this.store, this.services, this.queue);
  }

  /** Starts claiming jobs; resolves to the worker's id (for the log). */
  startWorker(): string {
    this.worker.start();
    return this.worker.workerId;
  }

  /**
   * INGEST_COMMIT=handoff: starts committing the results workers hand back, and mirroring their progress and
   * failures onto the documents; resolves to the coordinator's id, or null in the default mode (nothing to start).
   */
  async startCommitCoordinator(): Promise<string | null> {
    const { coordinator } = this.handoff;
    if (!coordinator) return null;
    await this.handoff.commitQueue?.open();
    await coordinator.start();
    return coordinator.coordinatorId;
  }

  /** Stops the worker (finishing its documents), then the queue's connections, the pool threads, then the databases. */
  async close(): Promise<void> {
    await this.handoff.coordinator?.stop();
    await this.handoff.commitQueue?.close();
    return closeIngest({ worker: this.worker, queue: this.queue, pool: this.pool, corpora: this.corpora, catalog: this.catalog });
  }
}
