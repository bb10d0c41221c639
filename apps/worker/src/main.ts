import { Logger } from '@nestjs/common';
import { createHandoffWorker, createLectern, LecternLifecycle } from '@lectern/application';
import { InvalidConfigError, loadConfig } from '@lectern/config';

/**
 * A standalone ingest worker: claims jobs from the shared catalog queue. Run it beside an API started with
 * INGEST_WORKER=off (or several of them) when ingestion should not share the API's process.
 */
async function main(): Promise<void> {
  const logger = new Logger('IngestWorker');
  const config = loadConfig();
  let close: () => Promise<void>;
  if (config.ingestCommit === 'handoff') {
    // Another machine: no catalog, no corpus; results go back through the object store and the commit queue.
    const worker = await createHandoffWorker(config, { logger });
    await worker.init();
    worker.start();
    close = () => worker.close();
    logger.log(`worker ${worker.workerId} started (INGEST_COMMIT=handoff: results are committed by the API)`);
  } else {
    const lectern = await createLectern(config, { logger });
    await lectern.init();
    close = () => lectern.close();
    logger.log(`worker ${lectern.get(LecternLifecycle).startWorker()} started`);
  }
  const shutdown = async (signal: string) => {
    logger.log(`${signal}: finishing the current document, then stopping`);
    await close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: Error) => {
  console.error(error instanceof InvalidConfigError ? error.message : error);
  process.exit(1);
});
