import { Controller, Get, Inject } from '@nestjs/common';
import { IngestRuntime } from '@lectern/ingest';
import { INGEST_RUNTIME } from '../core/tokens';
import { version } from '../../../../package.json';

@Controller('health')
export class HealthController {
  constructor(@Inject(INGEST_RUNTIME) private readonly runtime: IngestRuntime) {}

  @Get()
  async health() {
    const { embedder, services, config } = this.runtime;
    return {
      status: 'ok',
      version,
      embedder: {
        kind: this.runtime.embedderChoice.kind,
        model: embedder.modelId,
        dimension: embedder.dimension,
        reason: this.runtime.embedderChoice.reason,
      },
      parsers: services.names,
      services: await services.health(),
      objectStore: config.minio ? 'minio' : 'local',
      llm: config.llm ? { baseUrl: config.llm.baseUrl, model: config.llm.model, smallModel: config.llm.smallModel } : null,
      worker: {
        inProcess: config.inProcessWorker,
        threads: config.workers,
        concurrentDocuments: config.maxConcurrentDocuments,
        jobs: this.runtime.catalog.jobs.counts(),
      },
    };
  }
}
