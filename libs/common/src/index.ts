export { DomainError, classificationOf, serializeError, reviveError, type ErrorClassification, type SerializedError } from './domain-error';
export { backoffDelay, sleep, MAX_RETRY_WAIT_MS } from './retry-timing';
export type { ArticleMetadata, BibReference } from './article-metadata';
export { ConflictError, InvalidInputError, NotFoundError } from './error-kinds';
export { isLoopback, LOOPBACK_NAMES } from './loopback';
export { isIdShaped, MAX_ID_LENGTH } from './ids';
export {
  joinPageStarts,
  pageAtOffset,
  pagesOfSpan,
  pagesLabel,
  lastPageOf,
  type JoinedSpan,
  type PageStart,
  type SpanPages,
} from './page-starts';
export { CJK_LETTER, CJK_LETTERS, HAN_KANA, HAN_KANA_LETTER } from './cjk-script';
