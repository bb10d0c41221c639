import { ConflictError, DomainError, InvalidInputError, NotFoundError } from '@lectern/common';

/** Domain errors of ingestion; the API's exception filter maps each to an HTTP status. */
export class ProjectNotFoundError extends NotFoundError {
  override readonly name = 'ProjectNotFoundError';
  constructor(idOrName: string) {
    super(`no project ${JSON.stringify(idOrName)}`);
  }
}

export class DocumentNotFoundError extends NotFoundError {
  override readonly name = 'DocumentNotFoundError';
  constructor(id: string) {
    super(`no document ${JSON.stringify(id)}`);
  }
}

/** Retry re-queues a failed document only; a ready, queued or parsing one is refused rather than silently kept. */
export class DocumentNotRetryableError extends ConflictError {
  override readonly name = 'DocumentNotRetryableError';
  constructor(id: string, status: string) {
    super(`document ${JSON.stringify(id)} is ${status}; only a failed document can be retried`);
  }
}

export class ArticleNotFoundError extends NotFoundError {
  override readonly name = 'ArticleNotFoundError';
  constructor(id: string) {
    super(`no article ${JSON.stringify(id)}`);
  }
}

export class ContextNotFoundError extends NotFoundError {
  override readonly name = 'ContextNotFoundError';
  constructor(id: string) {
    super(`no context ${JSON.stringify(id)}`);
  }
}

export class InvalidFilenameError extends InvalidInputError {
  override readonly name = 'InvalidFilenameError';
}

/** One file over MAX_UPLOAD_MB: refused alone like any other bad file (422), the rest of the upload goes on. */
export class FileTooLargeError extends InvalidInputError {
  override readonly name = 'FileTooLargeError';
  override readonly status = 422;
}

/** Every file of an upload was refused; the message lists why, file by file. */
export class UploadRejectedError extends InvalidInputError {
  override readonly name = 'UploadRejectedError';
  override readonly status = 422;
  constructor(readonly rejected: Array<{ filename: string; reason: string }>) {
    super(rejected.map((r) => `${r.filename}: ${r.reason}`).join('; '));
  }
}

/** The job queue's server (Redis) does not answer: the service cannot take uploads, so it does not start. */
export class QueueUnavailableError extends DomainError {
  override readonly name = 'QueueUnavailableError';
  override readonly status = 503;
  override readonly permanent = false;
}

/** The PDF has a text layer but nothing of it became a passage: it fails with that reason rather than ending ready and empty. */
export class NoPassagesError extends InvalidInputError {
  override readonly name = 'NoPassagesError';
  override readonly status = 422;
  constructor() {
    super('the text of the PDF gave no passages to search (only a title or page furniture?)');
  }
}
