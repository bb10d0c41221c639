import { DomainError } from '@lectern/common';

export type RerankerName = 'cross-encoder' | 'llm';

/** Scores (query, passage) pairs; one of several, tried in order of preference by the retrieval pipeline. */
export interface Reranker {
  readonly name: RerankerName;
  /**
   * Relevance of each passage to the query on one scale for every reranker, 0 (unrelated) to 1 (answers it), in
   * input order; null where this passage could not be scored. Throws RerankerUnavailableError when it cannot score
   * anything (model missing or broken, LLM down), so the pipeline moves on to the next reranker.
   */
  score(query: string, passages: readonly string[], signal?: AbortSignal): Promise<Array<number | null>>;
}

/** A reranker that cannot run at all right now; the pipeline falls back to the next one, or to none. */
export class RerankerUnavailableError extends DomainError {
  override readonly name = 'RerankerUnavailableError';
  override readonly permanent = false;
}
