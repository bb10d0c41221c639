import { Controller, Get, Inject } from '@nestjs/common';
import { CATALOG, EMBEDDER, LECTERN_CONFIG, PARSE_SERVICES } from '@lectern/application';
import type { LecternConfig } from '@lectern/config';
import type { CatalogDb } from '@lectern/corpus';
import type { ConfiguredEmbedder, ParseServices } from '@lectern/ingest';
import { version } from '../../../../package.json';

@Controller('health')
export class HealthController {
  constructor(
    @Inject(LECTERN_CONFIG) private readonly config: LecternConfig,
    @Inject(EMBEDDER) private readonly embedder: ConfiguredEmbedder,
    @Inject(PARSE_SERVICES) private readonly services: ParseServices,
    @Inject(CATALOG) private readonly catalog: CatalogDb,
  ) {}

  @Get()
  async health() {
    const { services, config } = this;
    const embedder = this.embedder.instance;
    return {
      status: 'ok',
      version,
      embedder: {
        kind: this.embedder.choice.kind,
        model: embedder.modelId,
        dimension: embedder.dimension,
        reason: this.embedder.choice.reason,
      },
      parsers: services.names,
      services: await services.health(),
      objectStore: config.minio ? 'minio' : 'local',
      llm: config.llm ? { baseUrl: config.llm.baseUrl, model: config.llm.model, smallModel: config.llm.smallModel } : null,
      worker: {
        inProcess: config.inProcessWorker,
        threads: config.workers,
        concurrentDocuments: config.maxConcurrentDocuments,
        jobs: this.catalog.jobs.counts(),
      },
    };
  }
}
