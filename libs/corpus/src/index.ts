export { openDatabase, loadSqliteVec, backupDatabase, type OpenDatabaseOptions } from './database';
export { runMigrations, migrationsDir, listMigrations, type MigrationSeries } from './migrator';
export { EXPORT_DOCUMENTS_TABLE, EXPORT_PDFS_TABLE, ExportPdfWriter, type ExportedDocument } from './corpus-export';
export { CorpusImportSource, DEFAULT_IMPORT_LIMITS, type ImportInspection, type ImportLimits } from './corpus-import';
export * from './errors';
export * from './catalog.types';
export * from './corpus.types';
export { CatalogDb, CATALOG_FILE_NAME } from './catalog.db';
export { ProjectsRepository } from './projects.repository';
export * from './accounts';
export { DocumentsRepository } from './documents.repository';
export {
  CONVERSATION_TURN_KINDS,
  ConversationsRepository,
  type ConversationMessageRow,
  type ConversationRole,
  type ConversationTurnKind,
  type ConversationRow,
  type NewConversationMessage,
} from './conversations.repository';
export { JobsRepository, DEFAULT_MAX_JOB_ATTEMPTS, type JobsRepositoryOptions } from './jobs.repository';
export { CorpusDb, type BenchSeams, type CorpusOpenOptions, type CorpusSearchOptions, type VectorPasses } from './corpus.db';
export { ReferencesRepository, type CitationLinkRow } from './references.repository';
export { findCitationLinks, type CitationLink } from './citation-links';
export { toFtsQuery } from './fts-query';
export { MAX_COUNTED_ROWS, type TermRarity } from './term-rarity';
export { outlineTree, outlineDepths, type OutlineNode } from './outline-tree';
export type { RankedContext, SearchScope } from './context-search.repository';
export { KeywordIndex, MAX_SCORED_ROWS, MAX_SCORED_SHARE, PRUNE_FROM_CONTEXTS, type KeywordMatch } from './keyword-index';
export {
  EXACT_SCAN_MAX_CONTEXTS,
  DEFAULT_RESCORE_CANDIDATES,
  DEFAULT_SHORTLIST,
  DEFAULT_VECTOR_SEARCH,
  VECTOR_PREFILTERS,
  type VectorPrefilter,
  type VectorSearchSettings,
} from './vector-index';
export { reembedText, type ReembedEmbedder, type ReembedOptions, type ReembedProgress, type ReembedResult } from './reembed';
export { checkCorpusFile, type CorpusCheck } from './corpus-check';
