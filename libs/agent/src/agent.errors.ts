import { DomainError, InvalidInputError } from '@lectern/common';

/** A tool call the agent cannot run as asked: bad JSON, a missing or mistyped argument, an unknown section. */
export class InvalidToolCallError extends DomainError {
  override readonly name = 'InvalidToolCallError';
}

/** An explore request that cannot start: an empty question, an unknown article, a budget out of range. */
export class InvalidExploreError extends InvalidInputError {
  override readonly name = 'InvalidExploreError';
}
