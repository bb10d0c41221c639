/** Where ingestion reports what it does; the Nest logger, the CLI's console, or nothing. */
export interface IngestLogger {
  log(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export const silentLogger: IngestLogger = { log: () => undefined, warn: () => undefined, error: () => undefined };
