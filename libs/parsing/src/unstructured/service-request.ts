import { backoffDelay, sleep } from '@lectern/common';
import { ParserOutputError, ParserUnavailableError } from '../service-errors';

/** One HTTP call to a parsing service, retried the way every service client here wants it. */
export interface ServiceRequest {
  /** Named in every error, e.g. `unstructured`. */
  service: string;
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Built again for every attempt: a multipart body is consumed by sending it. */
  body?: () => Promise<FormData>;
  /** Per attempt, covering the response body too. */
  timeoutMs: number;
  /** Extra attempts after a 5xx, 408, 429 or a network error. */
  retries: number;
  signal?: AbortSignal;
}

export interface ServiceResponse {
  status: number;
  contentType: string;
  body: string;
}

/** First pause between attempts; doubled each time, so two retries wait 0.25 s then 0.5 s. */
const FIRST_BACKOFF_MS = 250;
const MAX_DETAIL_CHARS = 200;

/**
 * Sends the request and returns the first 2xx answer with its body read.
 * Errors are split by who can fix them: unreachable, overloaded (5xx after the retries), timed out, or
 * refusing us (401/403/404: wrong key or URL) → ParserUnavailableError; any other 4xx means the service
 * rejected this document, which asking again will not change → ParserOutputError.
 * A timeout is not retried: a service too slow once is as slow again, and retrying multiplies the wait.
 * An abort by the caller's signal is rethrown as the signal's reason, untouched.
 */
export async function requestWithRetries(request: ServiceRequest): Promise<ServiceResponse> {
  const { service, retries } = request;
  let lastFailure = 'no attempt made';
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await backoff(attempt, request.signal);
    const outcome = await attemptOnce(request);
    if ('response' in outcome) return outcome.response;
    lastFailure = outcome.failure;
    if (!outcome.retryable) break;
  }
  const tries = retries > 0 ? ` (after ${retries + 1} attempts)` : '';
  throw new ParserUnavailableError(service, `${lastFailure}${tries}`);
}

function backoff(attempt: number, signal: AbortSignal | undefined): Promise<void> {
  return sleep(backoffDelay(attempt - 1, FIRST_BACKOFF_MS), signal);
}

type Attempt = { response: ServiceResponse } | { failure: string; retryable: boolean };

async function attemptOnce(request: ServiceRequest): Promise<Attempt> {
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  let status: number;
  let contentType: string;
  let body: string;
  try {
    const res = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body ? await request.body() : undefined,
      signal,
    });
    status = res.status;
    contentType = res.headers.get('content-type') ?? '';
    body = await res.text();
  } catch (error) {
    if (request.signal?.aborted) throw request.signal.reason;
    if (timeout.aborted) return { failure: `no answer within ${request.timeoutMs} ms`, retryable: false };
    return { failure: `cannot reach ${originOf(request.url)}: ${networkReason(error)}`, retryable: true };
  }
  if (status >= 200 && status < 300) return { response: { status, contentType, body } };
  const detail = describeStatus(status, body);
  if (status >= 500 || status === 408 || status === 429) return { failure: detail, retryable: true };
  if (status === 401 || status === 403 || status === 404) return { failure: detail, retryable: false };
  throw new ParserOutputError(request.service, `rejected the document: ${detail}`);
}

function describeStatus(status: number, body: string): string {
  const text = detailOf(body).replace(/\s+/g, ' ').trim();
  const shown = text.length > MAX_DETAIL_CHARS ? `${text.slice(0, MAX_DETAIL_CHARS)}…` : text;
  return shown ? `HTTP ${status}: ${shown}` : `HTTP ${status}`;
}

/** FastAPI services (Unstructured, Nougat) put the reason in `{"detail": …}`. */
function detailOf(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'detail' in parsed) {
      const detail = (parsed as { detail: unknown }).detail;
      return typeof detail === 'string' ? detail : JSON.stringify(detail);
    }
  } catch {
    // not JSON: the body itself is the best description there is
  }
  return body;
}

/** undici hides the useful part ("ECONNREFUSED", "other side closed") in `cause`. */
function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
