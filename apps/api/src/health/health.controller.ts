import { Controller, Get, Inject } from '@nestjs/common';
import { IngestRuntime } from '@lectern/ingest';
import { INGEST_RUNTIME } from '../core/tokens';
import { version } from '../../../../package.json';

@Controller('health')
export class HealthController {
  constructor(@Inject(INGEST_RUNTIME) private readonly runtime: IngestRuntime) {}

  @Get()
  health() {
    const { embedder } = this.runtime;
    return {
      status: 'ok',
      version,
      embedder: { kind: 'lexical', model: embedder.modelId, dimension: embedder.dimension },
      parsers: this.runtime.parsers,
      llm: null,
      worker: { inProcess: this.runtime.config.inProcessWorker, jobs: this.runtime.catalog.jobs.counts() },
    };
  }
}
