import { DomainError } from '@lectern/common';

/** An error the CLI reports as one line and a non-zero exit, without a stack trace. */
export class CliError extends DomainError {
  override readonly name = 'CliError';
  override readonly status = 400;
  override readonly exposable = true;
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
  }
}
