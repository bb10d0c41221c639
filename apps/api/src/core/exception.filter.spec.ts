import { ConflictError, DomainError } from '@lectern/common';
import { InvalidSearchError } from '@lectern/retrieval';
import { UploadRejectedError } from '@lectern/ingest';
import { Logger, NotFoundException, type ArgumentsHost } from '@nestjs/common';
import { LecternExceptionFilter } from './exception.filter';

/** A DomainError no list ever named: it must map by its own fields. */
class ShelfTakenError extends ConflictError {
  override readonly name = 'ShelfTakenError';
}

class SlowShelfError extends DomainError {
  override readonly name = 'SlowShelfError';
  override readonly status = 503;
  override readonly permanent = false;
}

function respond(exception: unknown): { status: number; body: Record<string, unknown> } {
  const sent = { status: 0, body: {} as Record<string, unknown> };
  const response = {
    status(code: number) {
      sent.status = code;
      return response;
    },
    json(body: Record<string, unknown>) {
      sent.body = body;
    },
  };
  const host = { switchToHttp: () => ({ getResponse: () => response }) } as unknown as ArgumentsHost;
  new LecternExceptionFilter(20 * 1048576).catch(exception, host);
  return sent;
}

describe(LecternExceptionFilter.name, () => {
  let logged: jest.SpyInstance;
  beforeEach(() => (logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined)));
  afterEach(() => logged.mockRestore());

  it('answers an exposable domain error with its own status, name and message', () => {
    expect(respond(new InvalidSearchError('k must be at most 200'))).toEqual({
      status: 400,
      body: { statusCode: 400, error: 'InvalidSearchError', message: 'k must be at most 200' },
    });
    expect(respond(new ShelfTakenError('shelf 3 is taken'))).toMatchObject({ status: 409, body: { error: 'ShelfTakenError' } });
  });

  it('passes on the per-file reasons of a rejected upload', () => {
    const { status, body } = respond(new UploadRejectedError([{ filename: 'a.txt', reason: 'not a PDF' }]));
    expect(status).toBe(422);
    expect(body.rejected).toEqual([{ filename: 'a.txt', reason: 'not a PDF' }]);
  });

  it('hides the message of any other error behind an error id that is also logged', () => {
    for (const [error, status] of [
      [new Error('SQLITE_BUSY at /var/lib/secret.db'), 500],
      [new SlowShelfError('upstream at 10.0.0.3 timed out'), 503],
    ] as const) {
      const sent = respond(error);
      expect(sent).toMatchObject({ status, body: { statusCode: status, error: 'InternalServerError', message: 'internal error' } });
      expect(JSON.stringify(sent.body)).not.toContain(error.message);
      expect(logged).toHaveBeenLastCalledWith(expect.stringContaining(`error ${String(sent.body.errorId)}: `));
    }
  });

  it("answers body-parser's oversize JSON body with 413", () => {
    const tooLarge = Object.assign(new Error('request entity too large'), { name: 'PayloadTooLargeError', type: 'entity.too.large' });
    expect(respond(tooLarge)).toMatchObject({ status: 413, body: { error: 'PayloadTooLargeError' } });
  });

  it('keeps Nest HTTP exceptions as they are', () => {
    expect(respond(new NotFoundException('no route'))).toMatchObject({ status: 404, body: { message: 'no route' } });
  });
});
