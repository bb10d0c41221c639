import { ConflictError, DomainError, InvalidInputError } from '@lectern/common';

/** Named domain errors of the storage layer; the API maps each to an HTTP status in one exception filter. */

export class MigrationError extends DomainError {
  override readonly name = 'MigrationError';
}

export class ProjectNameTakenError extends ConflictError {
  override readonly name = 'ProjectNameTakenError';
  constructor(readonly projectName: string) {
    super(`a project named "${projectName}" already exists`);
  }
}

export class DuplicateDocumentError extends DomainError {
  override readonly name = 'DuplicateDocumentError';
  constructor(
    readonly projectId: string,
    readonly sha256: string,
  ) {
    super(`project ${projectId} already has a document with sha256 ${sha256}`);
  }
}

export class JobNotFoundError extends DomainError {
  override readonly name = 'JobNotFoundError';
}

export class EmbeddingModelMismatchError extends ConflictError {
  override readonly name = 'EmbeddingModelMismatchError';
  constructor(
    readonly stored: { modelId: string; dimension: number },
    readonly requested: { modelId: string; dimension: number },
    projectName = '<name>',
  ) {
    super(
      `this corpus was embedded with "${stored.modelId}" (${stored.dimension} dimensions) but the configured ` +
        `embedding model is "${requested.modelId}" (${requested.dimension} dimensions); run ` +
        `\`lectern reembed --project ${projectName}\` to re-embed it, or set EMBEDDING_MODEL=${stored.modelId}`,
    );
  }
}

export class ArticleAlreadyStoredError extends DomainError {
  override readonly name = 'ArticleAlreadyStoredError';
  constructor(readonly documentId: string) {
    super(`document ${documentId} already has an article in this corpus; delete it before storing it again`);
  }
}

export class InvalidVectorError extends DomainError {
  override readonly name = 'InvalidVectorError';
}

export class EmailTakenError extends ConflictError {
  override readonly name = 'EmailTakenError';
  constructor(email: string) {
    super(`a user with the email "${email}" already exists`);
  }
}

/** An imported file that is not a Lectern corpus export Lectern can take (see CorpusImportSource): nothing was written. */
export class ImportRefusedError extends InvalidInputError {
  override readonly name = 'ImportRefusedError';
  override readonly status = 422;
  override readonly permanent = true;
}
