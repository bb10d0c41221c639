export { CorpusRegistry } from './corpus-registry';
export { DocumentIntake } from './document-intake';
export type { AcceptedDocument, IncomingFile, IntakeResult } from './document-intake';
export {
  ArticleNotFoundError,
  ContextNotFoundError,
  DocumentNotFoundError,
  DocumentNotRetryableError,
  FileTooLargeError,
  NoPassagesError,
  InvalidFilenameError,
  ProjectNotFoundError,
  QueueUnavailableError,
  UploadRejectedError,
} from './errors';
export { cleanFilename } from './filename';
export { removeDocument, type RemoveDocumentDeps } from './remove-document';
export { removeProject } from './remove-project';
export { compiledTaskFile, createPool, InlinePool, ParseTimeoutError, PiscinaPool, PoolThreadCrashError } from './ingest.pool';
export type { IngestPool } from './ingest.pool';
export type { IngestLogger } from './ingest.logger';
export {
  closeIngest,
  COMMIT_QUEUE_NAME,
  createCommitCoordinator,
  createCommitQueue,
  createCorpusRegistry,
  createHandoffIngestWorker,
  createDocumentIntake,
  createIngestPool,
  createIngestWorker,
  createJobQueue,
  createObjectStore,
  createParseServices,
  initOutsideResources,
  LazyIngestPool,
  openCatalog,
  resolveConfiguredEmbedder,
  type ConfiguredEmbedder,
  type IngestWorkerParts,
} from './ingest.parts';
export { IngestWorker, WorkerStoppingError } from './ingest.worker';
export type { IngestWorkerDeps, IngestWorkerOptions } from './ingest.worker';
export { ParseServices } from './parse-services';
export type {
  ClaimedJob,
  FailOutcome,
  JobEventListener,
  JobFailure,
  JobLease,
  JobProgress,
  JobQueue,
  JobTarget,
  QueuedJob,
} from './queue/job-queue';
export { BullJobQueue, type BullJobQueueOptions } from './queue/bull-job.queue';
export { SqliteJobQueue, type SqliteJobQueueOptions } from './queue/sqlite-job.queue';
export { embedTexts, parseAndChunk, runIngest, textsToEmbed, toArticleInput } from './run-ingest';
export type { EmbedTask, IngestInput, ParseResult, ParseTask } from './run-ingest';
export { ArticleBuilder, type BuiltArticle, type BuildContext, type BuildSource, type BuildStage } from './article-builder';
export { CorpusCommitter, type ArticleCommitter, type CommitOutcome } from './article-committer';
export { HeldLease, LeaseLostError } from './held-lease';
export {
  decodeArticleResult,
  encodeArticleResult,
  InvalidArticleResultError,
  RESULT_FORMAT,
  resultObjectKey,
} from './result/article-result.codec';
export { commitArticleResult, handOffArticleResult, ResultHandOff } from './result/result-handoff';
export { CommitCoordinator, type CommitCoordinatorDeps } from './result/commit-coordinator';
