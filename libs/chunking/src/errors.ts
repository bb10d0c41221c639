import { MIN_CONTEXT_MAX_TOKENS } from './chunked-article';

/** A context budget chunking cannot honour; a RangeError, so generic number validation catches it too. */
export class InvalidContextBudgetError extends RangeError {
  override readonly name = 'InvalidContextBudgetError';
  constructor(readonly maxTokens: number) {
    super(`maxTokens must be an integer >= ${MIN_CONTEXT_MAX_TOKENS} (got ${String(maxTokens)})`);
  }
}
