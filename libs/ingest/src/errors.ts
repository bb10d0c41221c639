import { DomainError } from '@lectern/common';

/** Domain errors of ingestion; the API's exception filter maps each to an HTTP status. */
export class ProjectNotFoundError extends DomainError {
  override readonly name = 'ProjectNotFoundError';
  override readonly status = 404;
  override readonly exposable = true;
  constructor(idOrName: string) {
    super(`no project ${JSON.stringify(idOrName)}`);
  }
}

export class DocumentNotFoundError extends DomainError {
  override readonly name = 'DocumentNotFoundError';
  override readonly status = 404;
  override readonly exposable = true;
  constructor(id: string) {
    super(`no document ${JSON.stringify(id)}`);
  }
}

export class ArticleNotFoundError extends DomainError {
  override readonly name = 'ArticleNotFoundError';
  override readonly status = 404;
  override readonly exposable = true;
  constructor(id: string) {
    super(`no article ${JSON.stringify(id)}`);
  }
}

export class ContextNotFoundError extends DomainError {
  override readonly name = 'ContextNotFoundError';
  override readonly status = 404;
  override readonly exposable = true;
  constructor(id: string) {
    super(`no context ${JSON.stringify(id)}`);
  }
}

export class InvalidFilenameError extends DomainError {
  override readonly name = 'InvalidFilenameError';
  override readonly status = 400;
  override readonly exposable = true;
}

export class FileTooLargeError extends DomainError {
  override readonly name = 'FileTooLargeError';
  override readonly status = 413;
  override readonly exposable = true;
}

/** Every file of an upload was refused; the message lists why, file by file. */
export class UploadRejectedError extends DomainError {
  override readonly name = 'UploadRejectedError';
  override readonly status = 422;
  override readonly exposable = true;
  constructor(readonly rejected: Array<{ filename: string; reason: string }>) {
    super(rejected.map((r) => `${r.filename}: ${r.reason}`).join('; '));
  }
}
