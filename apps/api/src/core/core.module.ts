import { DynamicModule, Global, Inject, Logger, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { LecternConfig } from '@lectern/config';
import { IngestRuntime } from '@lectern/ingest';
import { INGEST_RUNTIME, LECTERN_CONFIG } from './tokens';

/** Builds the ingest runtime once and runs its worker in-process unless INGEST_WORKER=off. */
@Global()
@Module({})
export class CoreModule implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('IngestWorker');

  constructor(@Inject(INGEST_RUNTIME) private readonly runtime: IngestRuntime) {}

  static register(config: LecternConfig): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: LECTERN_CONFIG, useValue: config },
        {
          provide: INGEST_RUNTIME,
          useFactory: () => IngestRuntime.create(config, { logger: new Logger('IngestWorker') }),
        },
      ],
      exports: [LECTERN_CONFIG, INGEST_RUNTIME],
    };
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.runtime.init();
    if (!this.runtime.config.inProcessWorker) return;
    this.runtime.worker.start();
    this.logger.log(`in-process ingest worker started (${this.runtime.worker.workerId})`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.runtime.close();
  }
}
