export { CorpusRegistry } from './corpus-registry';
export { DocumentIntake } from './document-intake';
export type { AcceptedDocument, IncomingFile, IntakeResult } from './document-intake';
export {
  ArticleNotFoundError,
  DocumentNotFoundError,
  FileTooLargeError,
  InvalidFilenameError,
  ProjectNotFoundError,
  UploadRejectedError,
} from './errors';
export { cleanFilename } from './filename';
export { IngestWorker } from './ingest.worker';
export type { IngestLogger, IngestWorkerDeps, IngestWorkerOptions } from './ingest.worker';
export { runIngest } from './run-ingest';
export type { IngestInput, IngestOutput, IngestStage } from './run-ingest';
export { IngestRuntime } from './ingest.runtime';
