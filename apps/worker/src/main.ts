import { Logger } from '@nestjs/common';
import { createLectern, LecternLifecycle } from '@lectern/application';
import { InvalidConfigError, loadConfig } from '@lectern/config';

/**
 * A standalone ingest worker: claims jobs from the shared catalog queue. Run it beside an API started with
 * INGEST_WORKER=off (or several of them) when ingestion should not share the API's process.
 */
async function main(): Promise<void> {
  const logger = new Logger('IngestWorker');
  const lectern = await createLectern(loadConfig(), { logger });
  await lectern.init();
  logger.log(`worker ${lectern.get(LecternLifecycle).startWorker()} started`);
  const shutdown = async (signal: string) => {
    logger.log(`${signal}: finishing the current document, then stopping`);
    await lectern.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: Error) => {
  console.error(error instanceof InvalidConfigError ? error.message : error);
  process.exit(1);
});
