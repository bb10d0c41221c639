import {
  DynamicModule,
  Global,
  Inject,
  Logger,
  Module,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  type Provider,
} from '@nestjs/common';
import { INGEST_LOGGER, LECTERN_CONFIG, LECTERN_PARTS, LecternLifecycle } from '@lectern/application';
import type { LecternConfig } from '@lectern/config';

/**
 * Registers every part of Lectern (LECTERN_PARTS: catalog, object store, embedder, corpora, LLM, rerankers, parse
 * services, pool, worker, intake, use cases) as its own provider, and runs the worker in-process unless
 * INGEST_WORKER=off.
 */
@Global()
@Module({})
export class CoreModule implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('IngestWorker');

  constructor(
    @Inject(LECTERN_CONFIG) private readonly config: LecternConfig,
    private readonly lifecycle: LecternLifecycle,
  ) {}

  static register(config: LecternConfig): DynamicModule {
    const parts: Provider[] = LECTERN_PARTS.map(({ provide, inject, useFactory }) => ({
      provide,
      inject,
      useFactory: useFactory as (...deps: unknown[]) => unknown,
    }));
    return {
      module: CoreModule,
      providers: [
        { provide: LECTERN_CONFIG, useValue: config },
        { provide: INGEST_LOGGER, useValue: new Logger('IngestWorker') },
        ...parts,
      ],
      exports: [LECTERN_CONFIG, INGEST_LOGGER, ...LECTERN_PARTS.map((part) => part.provide)],
    };
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.lifecycle.init();
    const coordinator = await this.lifecycle.startCommitCoordinator();
    if (coordinator) this.logger.log(`commit coordinator started (${coordinator}): workers hand results back (INGEST_COMMIT=handoff)`);
    if (!this.config.inProcessWorker) return;
    this.logger.log(`in-process ingest worker started (${this.lifecycle.startWorker()})`);
  }

  /** `signal` is set when enableShutdownHooks caught one (SIGTERM from docker stop, SIGINT from Ctrl-C). */
  async onApplicationShutdown(signal?: string): Promise<void> {
    await this.lifecycle.close();
    new Logger('Lectern').log(`stopped (${signal ?? 'closed by the app'})`);
  }
}
