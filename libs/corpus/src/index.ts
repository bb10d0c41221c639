export { openDatabase, loadSqliteVec, type OpenDatabaseOptions } from './database';
export { runMigrations, migrationsDir, type MigrationSeries } from './migrator';
export * from './errors';
export * from './catalog.types';
export * from './corpus.types';
export { CatalogDb, CATALOG_FILE_NAME } from './catalog.db';
export { ProjectsRepository } from './projects.repository';
export { DocumentsRepository } from './documents.repository';
export { JobsRepository, DEFAULT_MAX_JOB_ATTEMPTS, type JobsRepositoryOptions } from './jobs.repository';
export { CorpusDb, type CorpusOpenOptions } from './corpus.db';
export { toFtsQuery } from './fts-query';
export {
  EXACT_SCAN_MAX_CONTEXTS,
  DEFAULT_RESCORE_CANDIDATES,
  DEFAULT_VECTOR_SEARCH,
  VECTOR_PREFILTERS,
  type VectorPrefilter,
  type VectorSearchSettings,
} from './vector-index';
export { reembedText, type ReembedEmbedder, type ReembedOptions, type ReembedProgress, type ReembedResult } from './reembed';
export { checkCorpusFile, type CorpusCheck } from './corpus-check';
