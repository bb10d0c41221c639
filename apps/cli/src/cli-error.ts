import { InvalidInputError } from '@lectern/common';

/** An error the CLI reports as one line and a non-zero exit, without a stack trace. */
export class CliError extends InvalidInputError {
  override readonly name = 'CliError';
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
  }
}
