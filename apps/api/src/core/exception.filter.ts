import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { Response } from 'express';

/** Domain errors by name → HTTP status. Anything else is a 500 with an error id that is also in the log. */
const STATUS_BY_ERROR: Record<string, number> = {
  ProjectNotFoundError: HttpStatus.NOT_FOUND,
  DocumentNotFoundError: HttpStatus.NOT_FOUND,
  ArticleNotFoundError: HttpStatus.NOT_FOUND,
  ContextNotFoundError: HttpStatus.NOT_FOUND,
  ObjectNotFoundError: HttpStatus.NOT_FOUND,
  ProjectNameTakenError: HttpStatus.CONFLICT,
  InvalidSearchError: HttpStatus.BAD_REQUEST,
  InvalidFilenameError: HttpStatus.BAD_REQUEST,
  UploadRejectedError: HttpStatus.UNPROCESSABLE_ENTITY,
  UnsupportedFileError: HttpStatus.UNSUPPORTED_MEDIA_TYPE,
  CorruptPdfError: HttpStatus.UNPROCESSABLE_ENTITY,
  EncryptedPdfError: HttpStatus.UNPROCESSABLE_ENTITY,
  NoTextLayerError: HttpStatus.UNPROCESSABLE_ENTITY,
  FileTooLargeError: HttpStatus.PAYLOAD_TOO_LARGE,
  EmbeddingModelMismatchError: HttpStatus.CONFLICT,
  LlmUnavailableError: HttpStatus.SERVICE_UNAVAILABLE,
  LlmRejectedError: HttpStatus.SERVICE_UNAVAILABLE,
  LlmOutputError: HttpStatus.BAD_GATEWAY,
  InvalidExploreError: HttpStatus.BAD_REQUEST,
  // body-parser's error for a JSON body over the limit set in app.factory.ts.
  PayloadTooLargeError: HttpStatus.PAYLOAD_TOO_LARGE,
};

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
    const status = STATUS_BY_ERROR[error.name];
    if (status !== undefined) {
      const extra = 'rejected' in error ? { rejected: (error as { rejected: unknown }).rejected } : {};
      response.status(status).json({ statusCode: status, error: error.name, message: error.message, ...extra });
      return;
    }
    const errorId = randomBytes(6).toString('hex');
    this.logger.error(`error ${errorId}: ${error.stack ?? error.message}`);
    response.status(500).json({ statusCode: 500, error: 'InternalServerError', message: 'internal error', errorId });
  }
}

function flatten(message: unknown): string {
  return Array.isArray(message) ? message.join('; ') : String(message);
}
