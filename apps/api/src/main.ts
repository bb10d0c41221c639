import { Logger } from '@nestjs/common';
import { InvalidConfigError, loadConfig } from '@lectern/config';
import { createApp } from './app.factory';

/** Starts the API (and, by default, the ingest worker in the same process). */
export async function serve(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config);
  await app.listen(config.port, config.host);
  new Logger('Lectern').log(`listening on http://${config.host}:${config.port} (data: ${config.dataDir})`);
}

if (require.main === module) {
  serve().catch((error: Error) => {
    console.error(error instanceof InvalidConfigError ? error.message : error);
    process.exit(1);
  });
}
