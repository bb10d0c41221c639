export type { TokenCounter } from './token-counter';
export { TiktokenCounter } from './tiktoken.counter';
export { chunkArticle } from './article.chunker';
export { splitSentences } from './sentence.splitter';
export type { ChunkedArticle, ChunkedContext, ChunkedSection, ChunkOptions, StopReason } from './chunked-article';
export { DEFAULT_CONTEXT_MAX_TOKENS, MIN_CONTEXT_MAX_TOKENS } from './chunked-article';
export { InvalidContextBudgetError } from './errors';
