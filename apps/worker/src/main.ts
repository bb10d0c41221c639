import { Logger } from '@nestjs/common';
import { loadConfig } from '@lectern/config';
import { IngestRuntime } from '@lectern/ingest';

/**
 * A standalone ingest worker: claims jobs from the shared catalog queue. Run it beside an API started with
 * INGEST_WORKER=off (or several of them) when ingestion should not share the API's process.
 */
async function main(): Promise<void> {
  const logger = new Logger('IngestWorker');
  const runtime = await IngestRuntime.create(loadConfig(), { logger });
  await runtime.init();
  runtime.worker.start();
  logger.log(`worker ${runtime.worker.workerId} started`);
  const shutdown = async (signal: string) => {
    logger.log(`${signal}: finishing the current document, then stopping`);
    await runtime.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: Error) => {
  console.error(error.name === 'InvalidConfigError' ? error.message : error);
  process.exit(1);
});
