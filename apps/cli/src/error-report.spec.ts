import { PassThrough } from 'node:stream';
import { ArticleNotFoundError, ProjectHasNoCorpusError } from '@lectern/application';
import { DomainError } from '@lectern/common';
import { InvalidConfigError } from '@lectern/config';
import { CliError } from './cli-error';
import { reportError } from './error-report';

/** An internal failure (status 500, not exposable): still a DomainError, so the operator reads it plainly. */
class DiskFullError extends DomainError {
  override readonly name = 'DiskFullError';
}

function report(error: unknown): { code: number; text: string } {
  const err = new PassThrough();
  let text = '';
  err.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const code = reportError(error, err);
  return { code, text };
}

describe(reportError.name, () => {
  it.each([
    new ArticleNotFoundError('a1'),
    new ProjectHasNoCorpusError('bio'),
    new InvalidConfigError('Invalid environment variables: WORKERS'),
    new DiskFullError('no space left for the corpus'),
  ])('shows a DomainError (%p) as its message alone, exit 2', (error) => {
    const { code, text } = report(error);
    expect(code).toBe(2);
    expect(text).toBe(`lectern: ${error.message}\n`);
  });

  it("exits with a CliError's own code", () => {
    expect(report(new CliError('three files failed', 3))).toEqual({ code: 3, text: 'lectern: three files failed\n' });
  });

  it('shows any other error with its stack, exit 1', () => {
    const error = new TypeError("Cannot read properties of undefined (reading 'id')");
    const { code, text } = report(error);
    expect(code).toBe(1);
    expect(text).toBe(`lectern: ${error.stack}\n`);
    expect(text).toMatch(/\n\s+at /);
  });
});
