import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { IngestRuntime } from '@lectern/ingest';
import { ApiErrors } from '../core/api-errors.decorator';
import { INGEST_RUNTIME } from '../core/tokens';
import { version } from '../../../../package.json';
import { HealthResponseDto } from './dto/health.response.dto';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(@Inject(INGEST_RUNTIME) private readonly runtime: IngestRuntime) {}

  @Get()
  @ApiOkResponse({ type: HealthResponseDto, description: 'The version, embedder, parsers, LLM and worker this server runs with.' })
  @ApiErrors({})
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
