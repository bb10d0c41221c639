import { DomainError } from '@lectern/common';

/** Named errors of the embedding providers; the API maps each to an HTTP status in its exception filter. */

/** The configured local model is not where it was looked for, and downloading it was not allowed (or failed). */
export class EmbeddingModelUnavailableError extends DomainError {
  override readonly name = 'EmbeddingModelUnavailableError';
  constructor(
    readonly model: string,
    /** The folder the model's files were looked for in: `<modelsDir>/<org>/<name>`. */
    readonly directory: string,
    detail: string,
  ) {
    super(`embedding model "${model}" is not available in ${directory}: ${detail}`);
  }
}

/** An OpenAI-compatible embeddings endpoint failed (after retries) or answered something unusable. */
export class EmbeddingProviderError extends DomainError {
  override readonly name = 'EmbeddingProviderError';
  override readonly permanent = false;
  constructor(
    message: string,
    /** HTTP status of the last failed call, when there was one (not `status`: that is the API's own status). */
    readonly upstreamStatus?: number,
  ) {
    super(message);
  }
}

/** The installed ONNX Runtime cannot run models in this thread without crashing the process (see ortThreadProblem). */
export class OnnxRuntimeThreadError extends DomainError {
  override readonly name = 'OnnxRuntimeThreadError';
}
