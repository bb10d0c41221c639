import { Accounts, ApiKeys, Argon2Hasher, AuditTrail, Invites, OidcSignIn, ProjectAccess, ProjectMembers } from './accounts';
import type { LecternConfig } from '@lectern/config';
import type { CatalogDb } from '@lectern/corpus';
import {
  createCommitCoordinator,
  createCommitQueue,
  createCorpusRegistry,
  createDocumentIntake,
  createIngestPool,
  createIngestWorker,
  createJobQueue,
  createObjectStore,
  createParseServices,
  openCatalog,
  resolveConfiguredEmbedder,
  type CommitCoordinator,
  type ConfiguredEmbedder,
  type CorpusRegistry,
  type DocumentIntake,
  type IngestLogger,
  type IngestWorker,
  type JobQueue,
  type LazyIngestPool,
  type ParseServices,
} from '@lectern/ingest';
import { createLlm, type LlmClient, type ToolCallingLlm } from '@lectern/llm';
import { selectRerankers, type Reranker } from '@lectern/retrieval';
import type { ObjectStore } from '@lectern/storage';
import { AskQuestion } from './ask-question/ask-question.usecase';
import { DocumentsQuery } from './documents/documents.query';
import { RetryDocument } from './documents/retry-document.usecase';
import { Explore } from './explore/explore.usecase';
import { BackupInstance } from './backup/backup-instance.usecase';
import { ExportProject } from './export-project/export-project.usecase';
import { ImportProject } from './import-project/import-project.usecase';
import { DocumentProgressQuery } from './ingest-document/document-progress.query';
import { IngestDocument } from './ingest-document/ingest-document.usecase';
import {
  CATALOG,
  COMMIT_COORDINATOR,
  COMMIT_QUEUE,
  CORPUS_REGISTRY,
  DOCUMENT_INTAKE,
  EMBEDDER,
  INGEST_LOGGER,
  INGEST_POOL,
  INGEST_WORKER,
  JOB_QUEUE,
  LECTERN_CONFIG,
  LLM_CLIENT,
  OBJECT_STORE,
  OIDC_SIGN_IN,
  PARSE_SERVICES,
  RERANKERS,
} from './lectern.tokens';
import { ServiceHealth } from './health/service-health.query';
import { LecternLifecycle } from './lectern.lifecycle';
import { FindProject } from './projects/find-project.query';
import { FindPaper } from './article-scope/article-scope';
import { ProjectConversations } from './conversations/project-conversations.service';
import { ProjectCatalog } from './projects/project-catalog.service';
import { ReembedProject } from './reembed-project/reembed-project.usecase';
import { RemoveDocument } from './remove-document/remove-document.usecase';
import { CheckDataDir } from './doctor/check-data-dir.usecase';
import { SearchProject } from './search-project/search-project.usecase';

/** A symbol from lectern.tokens, or a use-case class standing for itself. */
export type PartToken = symbol | (abstract new (...args: never[]) => unknown);

/**
 * One part of the graph, in the shape of a Nest factory provider: the API registers these as providers, and
 * `createLectern` resolves the same list for the CLI and the worker. `useFactory` gets the `inject` tokens' values.
 */
export interface LecternPart {
  provide: PartToken;
  inject: PartToken[];
  useFactory: (...deps: never[]) => unknown;
}

/** Checks at compile time that a factory's parameters match the tokens it is given in order. */
function part<A extends unknown[]>(
  provide: PartToken,
  inject: { [I in keyof A]: PartToken },
  useFactory: (...deps: A) => unknown,
): LecternPart {
  return { provide, inject, useFactory: useFactory as unknown as LecternPart['useFactory'] };
}

/**
 * Every part but the configuration and the ingest logger (which the caller provides), each built by one function
 * from the parts it uses. Only the embedder resolves asynchronously; the parts after it wait for it.
 */
export const LECTERN_PARTS: readonly LecternPart[] = [
  part(CATALOG, [LECTERN_CONFIG], (config: LecternConfig) => openCatalog(config)),
  part(OBJECT_STORE, [LECTERN_CONFIG], (config: LecternConfig) => createObjectStore(config)),
  part(EMBEDDER, [LECTERN_CONFIG, INGEST_LOGGER], (config: LecternConfig, logger: IngestLogger | null) =>
    resolveConfiguredEmbedder(config, logger ?? undefined),
  ),
  part(CORPUS_REGISTRY, [LECTERN_CONFIG, EMBEDDER], (config: LecternConfig, embedder: ConfiguredEmbedder) =>
    createCorpusRegistry(config, embedder),
  ),
  part(LLM_CLIENT, [LECTERN_CONFIG], (config: LecternConfig) => createLlm(config.llm)),
  part(RERANKERS, [LECTERN_CONFIG, LLM_CLIENT], (config: LecternConfig, llm: LlmClient | null): Reranker[] =>
    selectRerankers({ modelsDir: config.embeddings.modelsDir, allowDownload: config.embeddings.allowDownload }, llm),
  ),
  part(PARSE_SERVICES, [LECTERN_CONFIG, INGEST_LOGGER], (config: LecternConfig, logger: IngestLogger | null) =>
    createParseServices(config, logger ?? undefined),
  ),
  part(INGEST_POOL, [LECTERN_CONFIG], (config: LecternConfig) => createIngestPool(config)),
  part(JOB_QUEUE, [LECTERN_CONFIG, CATALOG, INGEST_LOGGER], (config: LecternConfig, catalog: CatalogDb, logger: IngestLogger | null) =>
    createJobQueue(config, catalog, logger ?? undefined),
  ),
  part(
    INGEST_WORKER,
    [LECTERN_CONFIG, CATALOG, JOB_QUEUE, OBJECT_STORE, CORPUS_REGISTRY, PARSE_SERVICES, INGEST_POOL, EMBEDDER, INGEST_LOGGER],
    (
      config: LecternConfig,
      catalog: CatalogDb,
      queue: JobQueue,
      store: ObjectStore,
      corpora: CorpusRegistry,
      services: ParseServices,
      pool: LazyIngestPool,
      embedder: ConfiguredEmbedder,
      logger: IngestLogger | null,
    ) => createIngestWorker(config, { catalog, queue, store, corpora, services, pool, embedder, logger: logger ?? undefined }),
  ),
  part(
    DOCUMENT_INTAKE,
    [LECTERN_CONFIG, CATALOG, JOB_QUEUE, OBJECT_STORE, INGEST_WORKER],
    (config: LecternConfig, catalog: CatalogDb, queue: JobQueue, store: ObjectStore, worker: IngestWorker) =>
      createDocumentIntake(config, catalog, queue, store, worker),
  ),

  // INGEST_COMMIT=handoff: workers elsewhere hand results back; this process (the corpora's owner) commits them.
  part(COMMIT_QUEUE, [LECTERN_CONFIG, CATALOG, INGEST_LOGGER], (config: LecternConfig, catalog: CatalogDb, logger: IngestLogger | null) =>
    createCommitQueue(config, catalog, logger ?? undefined),
  ),
  part(
    COMMIT_COORDINATOR,
    [CATALOG, OBJECT_STORE, CORPUS_REGISTRY, JOB_QUEUE, COMMIT_QUEUE, INGEST_LOGGER],
    (
      catalog: CatalogDb,
      store: ObjectStore,
      corpora: CorpusRegistry,
      ingestQueue: JobQueue,
      commitQueue: JobQueue | null,
      logger: IngestLogger | null,
    ) => createCommitCoordinator({ catalog, store, corpora, ingestQueue, commitQueue, logger: logger ?? undefined }),
  ),

  part(
    LecternLifecycle,
    [OBJECT_STORE, PARSE_SERVICES, INGEST_WORKER, JOB_QUEUE, INGEST_POOL, CORPUS_REGISTRY, CATALOG, COMMIT_COORDINATOR, COMMIT_QUEUE],
    (
      store: ObjectStore,
      services: ParseServices,
      worker: IngestWorker,
      queue: JobQueue,
      pool: LazyIngestPool,
      corpora: CorpusRegistry,
      catalog: CatalogDb,
      coordinator: CommitCoordinator | null,
      commitQueue: JobQueue | null,
    ) => new LecternLifecycle(store, services, worker, queue, pool, corpora, catalog, { coordinator, commitQueue }),
  ),

  // Accounts and access (catalog migration 0004).
  part(
    Accounts,
    [LECTERN_CONFIG, CATALOG],
    (config: LecternConfig, catalog: CatalogDb) => new Accounts(catalog, new Argon2Hasher(), config.auth.sessionMs),
  ),
  part(OIDC_SIGN_IN, [LECTERN_CONFIG, CATALOG, Accounts], (config: LecternConfig, catalog: CatalogDb, accounts: Accounts) =>
    config.auth.oidc ? new OidcSignIn(config.auth.oidc, catalog, accounts) : null,
  ),
  part(ProjectAccess, [CATALOG], (catalog: CatalogDb) => new ProjectAccess(catalog)),
  part(AuditTrail, [CATALOG], (catalog: CatalogDb) => new AuditTrail(catalog)),
  part(ProjectMembers, [CATALOG, AuditTrail], (catalog: CatalogDb, audit: AuditTrail) => new ProjectMembers(catalog, audit)),
  part(
    Invites,
    [CATALOG, ProjectAccess, AuditTrail],
    (catalog: CatalogDb, access: ProjectAccess, audit: AuditTrail) => new Invites(catalog, access, audit),
  ),
  part(
    ApiKeys,
    [CATALOG, ProjectAccess, AuditTrail],
    (catalog: CatalogDb, access: ProjectAccess, audit: AuditTrail) => new ApiKeys(catalog, access, audit),
  ),

  // The use cases and queries: the only way the API and the CLI reach the libs.
  part(FindProject, [CATALOG], (catalog: CatalogDb) => new FindProject(catalog)),
  part(ProjectConversations, [CATALOG], (catalog: CatalogDb) => new ProjectConversations(catalog)),
  part(FindPaper, [CATALOG, CORPUS_REGISTRY], (catalog: CatalogDb, corpora: CorpusRegistry) => new FindPaper(catalog, corpora)),
  part(
    AskQuestion,
    [CATALOG, CORPUS_REGISTRY, EMBEDDER, LLM_CLIENT, RERANKERS],
    (catalog: CatalogDb, corpora: CorpusRegistry, embedder: ConfiguredEmbedder, llm: LlmClient | null, rerankers: Reranker[]) =>
      new AskQuestion(catalog, corpora, embedder, llm, rerankers),
  ),
  part(
    SearchProject,
    [CATALOG, CORPUS_REGISTRY, EMBEDDER],
    (catalog: CatalogDb, corpora: CorpusRegistry, embedder: ConfiguredEmbedder) => new SearchProject(catalog, corpora, embedder),
  ),
  part(
    Explore,
    [CATALOG, CORPUS_REGISTRY, EMBEDDER, LLM_CLIENT],
    (catalog: CatalogDb, corpora: CorpusRegistry, embedder: ConfiguredEmbedder, llm: (LlmClient & ToolCallingLlm) | null) =>
      new Explore(catalog, corpora, embedder, llm),
  ),
  part(IngestDocument, [DOCUMENT_INTAKE], (intake: DocumentIntake) => new IngestDocument(intake)),
  part(
    DocumentProgressQuery,
    [CATALOG, CORPUS_REGISTRY],
    (catalog: CatalogDb, corpora: CorpusRegistry) => new DocumentProgressQuery(catalog, corpora),
  ),
  part(
    ExportProject,
    [CATALOG, CORPUS_REGISTRY, OBJECT_STORE],
    (catalog: CatalogDb, corpora: CorpusRegistry, store: ObjectStore) => new ExportProject(catalog, corpora, store),
  ),
  part(
    ImportProject,
    [LECTERN_CONFIG, CATALOG, CORPUS_REGISTRY, OBJECT_STORE, EMBEDDER, ReembedProject],
    (
      config: LecternConfig,
      catalog: CatalogDb,
      corpora: CorpusRegistry,
      store: ObjectStore,
      embedder: ConfiguredEmbedder,
      reembed: ReembedProject,
    ) => new ImportProject(config, catalog, corpora, store, embedder, reembed),
  ),
  part(
    BackupInstance,
    [LECTERN_CONFIG, CATALOG, CORPUS_REGISTRY, OBJECT_STORE],
    (config: LecternConfig, catalog: CatalogDb, corpora: CorpusRegistry, store: ObjectStore) =>
      new BackupInstance(config, catalog, corpora, store),
  ),
  part(
    RemoveDocument,
    [CATALOG, OBJECT_STORE, CORPUS_REGISTRY],
    (catalog: CatalogDb, store: ObjectStore, corpora: CorpusRegistry) => new RemoveDocument(catalog, store, corpora),
  ),
  part(
    ReembedProject,
    [LECTERN_CONFIG, CATALOG, CORPUS_REGISTRY],
    (config: LecternConfig, catalog: CatalogDb, corpora: CorpusRegistry) => new ReembedProject(config, catalog, corpora),
  ),
  part(RetryDocument, [DOCUMENT_INTAKE], (intake: DocumentIntake) => new RetryDocument(intake)),
  part(
    CheckDataDir,
    [LECTERN_CONFIG, CATALOG, CORPUS_REGISTRY],
    (config: LecternConfig, catalog: CatalogDb, corpora: CorpusRegistry) => new CheckDataDir(config, catalog, corpora),
  ),
  part(
    DocumentsQuery,
    [CATALOG, CORPUS_REGISTRY, OBJECT_STORE],
    (catalog: CatalogDb, corpora: CorpusRegistry, store: ObjectStore) => new DocumentsQuery(catalog, corpora, store),
  ),
  part(
    ProjectCatalog,
    [CATALOG, CORPUS_REGISTRY, OBJECT_STORE],
    (catalog: CatalogDb, corpora: CorpusRegistry, store: ObjectStore) => new ProjectCatalog(catalog, corpora, store),
  ),
  part(
    ServiceHealth,
    [LECTERN_CONFIG, EMBEDDER, PARSE_SERVICES, JOB_QUEUE],
    (config: LecternConfig, embedder: ConfiguredEmbedder, services: ParseServices, queue: JobQueue) =>
      new ServiceHealth(config, embedder, services, queue),
  ),
];
