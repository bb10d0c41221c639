import type { LecternConfig } from '@lectern/config';
import {
  createCommitQueue,
  createHandoffIngestWorker,
  createIngestPool,
  createJobQueue,
  createObjectStore,
  createParseServices,
  initOutsideResources,
  resolveConfiguredEmbedder,
  type IngestLogger,
} from '@lectern/ingest';

/** A worker process for another machine: what `npm run worker` runs with INGEST_COMMIT=handoff. */
export interface HandoffWorker {
  readonly workerId: string;
  /** Checks Redis answers, prepares the bucket, reports which parsing services answer. */
  init(): Promise<void>;
  start(): void;
  /** Finishes the documents in flight, then closes the queues' connections and the pool threads. */
  close(): Promise<void>;
}

/**
 * Builds only what a worker without the catalog and the corpora needs (INGEST_COMMIT=handoff, docs/scaling.md):
 * the object store, the parse services, the pool, the embedder, the ingest queue and the commit queue. It opens no
 * file in the data directory: the corpora's owner (the API) commits what it builds.
 */
export async function createHandoffWorker(config: LecternConfig, options: { logger?: IngestLogger } = {}): Promise<HandoffWorker> {
  const { logger } = options;
  const commitQueue = createCommitQueue(config, null, logger);
  if (!commitQueue) throw new Error('createHandoffWorker needs INGEST_COMMIT=handoff with QUEUE=redis');
  const store = createObjectStore(config);
  const services = createParseServices(config, logger);
  const pool = createIngestPool(config);
  const queue = createJobQueue(config, null, logger);
  const embedder = await resolveConfiguredEmbedder(config, logger);
  const worker = createHandoffIngestWorker(config, { queue, commitQueue, store, services, pool, embedder, logger });
  return {
    workerId: worker.workerId,
    init: async () => {
      await initOutsideResources(store, services, queue);
      await commitQueue.open();
    },
    start: () => worker.start(),
    close: async () => {
      await worker.stop();
      await queue.close();
      await commitQueue.close();
      await pool.close();
    },
  };
}
