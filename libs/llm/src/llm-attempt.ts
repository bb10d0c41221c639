import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { LlmUnavailableError } from './llm.types';

/** The server refused the request itself (4xx other than 408/429): asking again unchanged gives the same answer. */
export class LlmRejectedError extends LlmUnavailableError {
  override readonly permanent = true;
  constructor(
    /** The LLM server's HTTP status (not `status`: that is the API's own, 503 as for any unavailable LLM). */
    readonly upstreamStatus: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * One attempt's abort signal: fires when the caller aborts or when `timeoutMs` passes without `touch()`. A stream
 * touches it on every chunk, so the limit bounds silence, not the length of a long answer.
 */
export class AttemptDeadline {
  private readonly timeoutController = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  readonly signal: AbortSignal;

  constructor(
    private readonly timeoutMs: number,
    private readonly callerSignal?: AbortSignal,
  ) {
    this.signal = callerSignal ? AbortSignal.any([callerSignal, this.timeoutController.signal]) : this.timeoutController.signal;
    this.touch();
  }

  get timedOut(): boolean {
    return this.timeoutController.signal.aborted && !this.callerSignal?.aborted;
  }

  touch(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.timeoutController.abort(), this.timeoutMs);
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}

/** Why one attempt failed, and whether another attempt may succeed. */
export interface AttemptFailure {
  retryable: boolean;
  error: Error;
  retryAfterMs?: number;
}

const retryAfterMs = (headers: Headers | undefined): number | undefined => {
  const ms = Number(headers?.get('retry-after-ms'));
  if (Number.isFinite(ms) && ms > 0) return ms;
  const seconds = Number(headers?.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
};

/**
 * Sorts an error thrown by one attempt. The caller's abort is rethrown as the signal's reason; a timeout is final
 * (the caller's time budget is spent); 408/429/5xx and connection failures are worth another attempt.
 */
export function classifyFailure(
  error: unknown,
  deadline: AttemptDeadline,
  callerSignal: AbortSignal | undefined,
  timeoutMs: number,
): AttemptFailure {
  if (callerSignal?.aborted) throw callerSignal.reason;
  if (deadline.timedOut || error instanceof APIConnectionTimeoutError) {
    return { retryable: false, error: new LlmUnavailableError(`LLM did not answer within ${timeoutMs} ms`) };
  }
  if (error instanceof APIUserAbortError) return { retryable: false, error: new LlmUnavailableError('LLM request was aborted') };
  if (error instanceof APIConnectionError) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return { retryable: true, error: new LlmUnavailableError(`LLM connection failed${cause}`, { cause: error }) };
  }
  if (error instanceof APIError && typeof error.status === 'number') {
    const status = error.status;
    const message = `LLM request failed with ${error.message}`;
    if (status === 408 || status === 429 || status >= 500) {
      return { retryable: true, error: new LlmUnavailableError(message, { cause: error }), retryAfterMs: retryAfterMs(error.headers) };
    }
    return { retryable: false, error: new LlmRejectedError(status, message) };
  }
  if (error instanceof LlmUnavailableError) return { retryable: false, error };
  // A body that is not JSON (an HTML error page from a proxy, an empty 200) means this is no OpenAI-compatible endpoint.
  const detail = error instanceof Error ? error.message : String(error);
  return { retryable: false, error: new LlmUnavailableError(`LLM answer could not be read: ${detail}`, { cause: error }) };
}
