/** Domain errors of ingestion; the API's exception filter maps each to an HTTP status. */
export class ProjectNotFoundError extends Error {
  override readonly name = 'ProjectNotFoundError';
  constructor(idOrName: string) {
    super(`no project ${JSON.stringify(idOrName)}`);
  }
}

export class DocumentNotFoundError extends Error {
  override readonly name = 'DocumentNotFoundError';
  constructor(id: string) {
    super(`no document ${JSON.stringify(id)}`);
  }
}

export class ArticleNotFoundError extends Error {
  override readonly name = 'ArticleNotFoundError';
  constructor(id: string) {
    super(`no article ${JSON.stringify(id)}`);
  }
}

export class ContextNotFoundError extends Error {
  override readonly name = 'ContextNotFoundError';
  constructor(id: string) {
    super(`no context ${JSON.stringify(id)}`);
  }
}

export class InvalidFilenameError extends Error {
  override readonly name = 'InvalidFilenameError';
}

export class FileTooLargeError extends Error {
  override readonly name = 'FileTooLargeError';
}

/** Every file of an upload was refused; the message lists why, file by file. */
export class UploadRejectedError extends Error {
  override readonly name = 'UploadRejectedError';
  constructor(readonly rejected: Array<{ filename: string; reason: string }>) {
    super(rejected.map((r) => `${r.filename}: ${r.reason}`).join('; '));
  }
}
