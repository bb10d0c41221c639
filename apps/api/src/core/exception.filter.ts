import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { DomainError } from '@lectern/common';
import { randomBytes } from 'node:crypto';
import type { Response } from 'express';

/** body-parser's error for a JSON body over the limit set in app.factory.ts: not a DomainError, so matched by its type. */
const isBodyTooLarge = (error: Error) => (error as { type?: unknown }).type === 'entity.too.large';

@Catch()
export class LecternExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger(LecternExceptionFilter.name);

  constructor(private readonly maxUploadBytes: number) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const body = exception.getResponse();
      let message = typeof body === 'string' ? body : ((body as { message?: unknown }).message ?? exception.message);
      // Multer stops an oversize upload mid-stream with a bare "File too large"; say which limit it hit.
      if (status === HttpStatus.PAYLOAD_TOO_LARGE) {
        message = `a file is larger than the ${Math.round(this.maxUploadBytes / 1048576)} MB upload limit (MAX_UPLOAD_MB)`;
      }
      response.status(status).json({ statusCode: status, error: exception.name, message: flatten(message) });
      return;
    }
    const error = exception instanceof Error ? exception : new Error(String(exception));
    if ((error instanceof DomainError && error.exposable) || isBodyTooLarge(error)) {
      const status = error instanceof DomainError ? error.status : HttpStatus.PAYLOAD_TOO_LARGE;
      const extra = 'rejected' in error ? { rejected: (error as { rejected: unknown }).rejected } : {};
      response.status(status).json({ statusCode: status, error: error.name, message: error.message, ...extra });
      return;
    }
    // Anything else keeps its message in the log: the caller gets its status (500 unless a DomainError says) and an id.
    const status = error instanceof DomainError ? error.status : HttpStatus.INTERNAL_SERVER_ERROR;
    const errorId = randomBytes(6).toString('hex');
    this.logger.error(`error ${errorId}: ${error.stack ?? error.message}`);
    response.status(status).json({ statusCode: status, error: 'InternalServerError', message: 'internal error', errorId });
  }
}

function flatten(message: unknown): string {
  return Array.isArray(message) ? message.join('; ') : String(message);
}
