import { DomainError } from '@lectern/common';

/** The LLM seen by the rest of Lectern: an OpenAI-compatible chat endpoint with a large and a small model. */

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface CompletionOptions {
  /** `large` answers questions (LLM_MODEL); `small` writes query variants and judges relevance (LLM_SMALL_MODEL). */
  model?: 'large' | 'small';
  maxTokens?: number;
  temperature?: number;
  signal?: AbortSignal;
}

export interface LlmClient {
  readonly largeModel: string;
  readonly smallModel: string;
  /** The whole answer as one string. */
  complete(messages: ChatMessage[], options?: CompletionOptions): Promise<string>;
  /** The answer as it is generated, one text delta at a time. */
  stream(messages: ChatMessage[], options?: CompletionOptions): AsyncIterable<string>;
  /**
   * Asks for JSON (response_format json_object where the server supports it) and checks it with `validate`;
   * non-JSON or invalid JSON throws LlmOutputError.
   */
  completeJson<T>(messages: ChatMessage[], validate: (value: unknown) => T, options?: CompletionOptions): Promise<T>;
}

/** The LLM could not be reached, timed out, or kept answering 429/5xx after the retries. */
export class LlmUnavailableError extends DomainError {
  override readonly name = 'LlmUnavailableError';
  override readonly status = 503;
  override readonly permanent: boolean = false;
  override readonly exposable = true;
}

/** The LLM answered, but not with what was asked for (not JSON, wrong shape). */
export class LlmOutputError extends DomainError {
  override readonly name = 'LlmOutputError';
  override readonly status = 502;
  override readonly permanent = false;
  override readonly exposable = true;
}
