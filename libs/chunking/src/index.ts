export { chunkArticle } from './article.chunker';
export type { ChunkedArticle, ChunkedContext, ChunkedSection, ChunkOptions, StopReason } from './chunked-article';
export { DEFAULT_CONTEXT_MAX_TOKENS, MIN_CONTEXT_MAX_TOKENS } from './chunked-article';
export { InvalidContextBudgetError } from './errors';
