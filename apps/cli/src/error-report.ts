import { DomainError } from '@lectern/common';
import { CliError } from './cli-error';

/**
 * Writes a failed command's error to `err` and returns the exit code. The CLI's user operates the machine, so
 * every DomainError's message is theirs to read, as one line with exit 2 (a CliError with its own code); any
 * other error is a bug, shown with its stack, exit 1.
 */
export function reportError(error: unknown, err: NodeJS.WritableStream): number {
  if (error instanceof DomainError) {
    err.write(`lectern: ${error.message}\n`);
    return error instanceof CliError ? error.exitCode : 2;
  }
  const e = error instanceof Error ? error : new Error(String(error));
  err.write(`lectern: ${e.stack ?? e.message}\n`);
  return 1;
}
