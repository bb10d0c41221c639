import type { LecternConfig } from '@lectern/config';
import type { ConfiguredEmbedder, JobQueue, ParseServices } from '@lectern/ingest';

/** What `/health` reports: the embedder and why, the parsers and whether their services answer, the queue. */
export class ServiceHealth {
  constructor(
    private readonly config: LecternConfig,
    private readonly embedder: ConfiguredEmbedder,
    private readonly services: ParseServices,
    private readonly queue: JobQueue,
  ) {}

  async report() {
    const { config, services } = this;
    const { instance, choice } = this.embedder;
    return {
      embedder: { kind: choice.kind, model: instance.modelId, dimension: instance.dimension, reason: choice.reason },
      parsers: services.names,
      services: await services.health(),
      objectStore: config.minio ? ('minio' as const) : ('local' as const),
      llm: config.llm ? { baseUrl: config.llm.baseUrl, model: config.llm.model, smallModel: config.llm.smallModel } : null,
      worker: {
        inProcess: config.inProcessWorker,
        threads: config.workers,
        concurrentDocuments: config.maxConcurrentDocuments,
        jobs: await this.queue.counts(),
      },
    };
  }
}
