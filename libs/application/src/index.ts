export * from './lectern.tokens';
export { LECTERN_PARTS, type LecternPart, type PartToken } from './lectern.parts';
export { createLectern, type Lectern } from './lectern.factory';
export { createHandoffWorker, type HandoffWorker } from './handoff-worker';
export { LecternLifecycle } from './lectern.lifecycle';
export type { FieldLabel } from './command';
export * from './search-limits';
export * from './accounts';
export { FindProject } from './projects/find-project.query';
export { articleIdsProblem, FindPaper, MAX_SCOPE_ARTICLES, parseArticleIds, type PaperMatch } from './article-scope/article-scope';
export { ArticleNotInProjectError, ArticleScopeError } from './article-scope/article-scope.errors';
export { AskQuestionCommand, type AskQuestionInput } from './ask-question/ask-question.command';
export { AskQuestion, type QuestionTurn } from './ask-question/ask-question.usecase';
export { ProjectConversations, type ConversationWithMessages } from './conversations/project-conversations.service';
export { ConversationTitleCommand, MAX_CONVERSATION_TITLE, UNTITLED_CONVERSATION } from './conversations/conversation.command';
export { ConversationNotFoundError, InvalidConversationError } from './conversations/conversation.errors';
export {
  MAX_ANNOUNCED_SOURCES,
  type AnswerEvent,
  type AnswerResult,
  type AnswerSource,
  type RetrievalSummary,
} from './ask-question/ask-question.result';
export { SearchProjectCommand, type SearchProjectInput } from './search-project/search-project.command';
export { SearchProject, type SearchProjectResult } from './search-project/search-project.usecase';
export { ExploreCommand, type ExploreInput } from './explore/explore.command';
export { Explore, type ExploreOutcome, type ExploreRun } from './explore/explore.usecase';
export { IngestDocumentCommand, type IngestDocumentInput } from './ingest-document/ingest-document.command';
export { IngestDocument } from './ingest-document/ingest-document.usecase';
export { DocumentProgressQuery, type DocumentProgress } from './ingest-document/document-progress.query';
export { ExportProjectCommand, type ExportProjectInput } from './export-project/export-project.command';
export { ExportProject, type ExportProjectResult } from './export-project/export-project.usecase';
export { ImportProjectCommand, InvalidImportError, type ImportProjectInput } from './import-project/import-project.command';
export { ImportProject, ImportNeedsReembedError, type ImportOutcome } from './import-project/import-project.usecase';
export {
  BackupInstance,
  restoreInstance,
  type BackupManifest,
  type BackupResult,
  type RestoreResult,
} from './backup/backup-instance.usecase';
export { createLecternMcpServer, MCP_TOOL_NAMES, type LecternMcpDeps } from './mcp/lectern-mcp.server';
export { RemoveDocumentCommand } from './remove-document/remove-document.command';
export { RemoveDocument } from './remove-document/remove-document.usecase';
export { DocumentsQuery, type DocumentView, type ArticleOutline, type SectionContexts } from './documents/documents.query';
export { InvalidSectionIdError, SectionNotFoundError } from './documents/section.errors';
export { RetryDocument } from './documents/retry-document.usecase';
export { ProjectCatalog, type ProjectListing, type ProjectStats } from './projects/project-catalog.service';
export { ServiceHealth } from './health/service-health.query';
export { CheckDataDir, type CheckDataDirOptions, type DataDirReport } from './doctor/check-data-dir.usecase';
export {
  ReembedProjectCommand,
  InvalidReembedError,
  MAX_REEMBED_BATCH,
  type ReembedProjectInput,
} from './reembed-project/reembed-project.command';
export {
  ReembedProject,
  ProjectHasNoCorpusError,
  type ReembedListener,
  type ReembedOutcome,
  type ReembedTarget,
} from './reembed-project/reembed-project.usecase';

// What the apps need of the libs below, so that they reach them only through here: the named errors they catch
// from the use cases, and the types of what the use cases take and return.
export { ArticleNotFoundError, UploadRejectedError, type IngestWorker } from '@lectern/ingest';
export type {
  ArticleSummary,
  ContextKind,
  ConversationMessageRow,
  ConversationRow,
  ConversationTurnKind,
  DocumentRow,
  DocumentStatus,
  ProjectRow,
  ReembedProgress,
} from '@lectern/corpus';
export type { ApiKeyRow, AuditRow, InviteRow, MemberRow, MembershipRow, ProjectRole, UserRow } from '@lectern/corpus';
export { CONVERSATION_TURN_KINDS, PROJECT_ROLES } from '@lectern/corpus';
export type { Citation } from '@lectern/retrieval';
