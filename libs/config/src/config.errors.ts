import { DomainError } from '@lectern/common';

/** Raised at start when an environment variable is wrong; the message names every bad variable. */
export class InvalidConfigError extends DomainError {
  override readonly name = 'InvalidConfigError';
}
