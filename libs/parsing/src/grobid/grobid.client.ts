import * as fs from 'node:fs';
import * as path from 'node:path';
import { ParserOutputError, ParserUnavailableError } from '../service-errors';
import { backoffDelay, sleep } from '@lectern/common';

export interface GrobidClientOptions {
  /** e.g. `http://localhost:8070`; the `/api/...` paths are appended. */
  baseUrl: string;
  /** Per request, including reading the answer. GROBID needs tens of seconds for a long paper. */
  timeoutMs?: number;
  /** Further attempts after the first when GROBID is busy (503), errs (5xx) or the connection fails. */
  retries?: number;
  /** First wait between attempts; doubles each time. */
  backoffMs?: number;
}

const SERVICE = 'grobid';
const ALIVE_TIMEOUT_MS = 5000;
/** Elements GROBID should give `coords` for: everything that becomes a block, plus heads and sentences. */
const TEI_COORDINATES = ['p', 'head', 's', 'formula', 'figure', 'biblStruct'];
/** GROBID error codes that describe the PDF itself: asking again gives the same answer. */
const PERMANENT_ERRORS = /\[(NO_BLOCKS|TOO_MANY_BLOCKS|TOO_MANY_TOKENS)\]/;

/** Why one attempt failed, and whether another attempt may succeed. */
interface AttemptFailure {
  retryable: boolean;
  message: string;
  retryAfterMs?: number;
}

/** Talks to a GROBID server (`/api/processFulltextDocument`), retrying while it is busy. */
export class GrobidClient {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly backoffMs: number;

  constructor(options: GrobidClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 120_000;
    this.retries = options.retries ?? 4;
    this.backoffMs = options.backoffMs ?? 500;
  }

  /** True when `GET /api/isalive` answers `true`; any failure (refused, timeout, error status) is false. */
  async isAlive(): Promise<boolean> {
    try {
      const response = await fetch(`${this.baseUrl}/api/isalive`, {
        signal: AbortSignal.timeout(Math.min(ALIVE_TIMEOUT_MS, this.timeoutMs)),
      });
      const body = await response.text();
      return response.ok && body.trim() === 'true';
    } catch {
      return false;
    }
  }

  /**
   * The TEI of the whole document, with coordinates and sentence segmentation. Throws `ParserUnavailableError`
   * when GROBID cannot be reached, stays busy or failing through every retry, or times out, and
   * `ParserOutputError` when it answers with something that is not TEI (or 204: nothing extracted).
   * Aborting `signal` rejects with the signal's reason.
   */
  async processFulltext(pdfPath: string, signal?: AbortSignal): Promise<string> {
    const url = `${this.baseUrl}/api/processFulltextDocument`;
    let failure: AttemptFailure | null = null;
    for (let attempt = 0; attempt <= this.retries; attempt++) {
      if (failure) await sleep(backoffDelay(attempt - 1, this.backoffMs, failure.retryAfterMs), signal);
      signal?.throwIfAborted();
      const form = await this.buildForm(pdfPath);
      const result = await this.attempt(url, form, signal);
      if (typeof result === 'string') return result;
      failure = result;
      if (!failure.retryable) break;
    }
    const attempts = this.retries + 1;
    throw new ParserUnavailableError(
      SERVICE,
      `${failure?.message ?? 'no answer'} (gave up after ${attempts} attempt${attempts > 1 ? 's' : ''})`,
    );
  }

  private async buildForm(pdfPath: string): Promise<FormData> {
    // openAsBlob reports a missing file only as "Unable to open file as blob"; stat names the problem (ENOENT).
    await fs.promises.stat(pdfPath);
    // Streams the file from disk instead of loading it: PDFs of scanned books run to hundreds of megabytes.
    const file = await fs.openAsBlob(pdfPath, { type: 'application/pdf' });
    const form = new FormData();
    form.append('input', file, path.basename(pdfPath));
    for (const element of TEI_COORDINATES) form.append('teiCoordinates', element);
    form.append('segmentSentences', '1');
    form.append('consolidateHeader', '0');
    form.append('includeRawCitations', '1');
    return form;
  }

  /** One request: the TEI, or why it failed. Throws directly for failures retrying cannot fix. */
  private async attempt(url: string, form: FormData, callerSignal?: AbortSignal): Promise<string | AttemptFailure> {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), this.timeoutMs);
    const signal = callerSignal ? AbortSignal.any([callerSignal, timeout.signal]) : timeout.signal;
    try {
      const response = await fetch(url, { method: 'POST', body: form, headers: { Accept: 'application/xml' }, signal });
      const body = await response.text();
      return this.interpret(response, body);
    } catch (error) {
      if (callerSignal?.aborted) throw callerSignal.reason;
      if (timeout.signal.aborted) {
        // Not retried: GROBID is still working on the document, and a second try would wait just as long.
        throw new ParserUnavailableError(SERVICE, `timed out after ${this.timeoutMs} ms waiting for ${url}`);
      }
      if (error instanceof ParserOutputError) throw error;
      return { retryable: true, message: `could not reach ${url}: ${describeNetworkError(error)}` };
    } finally {
      clearTimeout(timer);
    }
  }

  private interpret(response: Response, body: string): string | AttemptFailure {
    const { status } = response;
    if (status === 200) {
      if (!/<TEI[\s>]/.test(body)) {
        throw new ParserOutputError(
          SERVICE,
          `answered 200 without a TEI document (${body.length} bytes: ${JSON.stringify(body.slice(0, 80))})`,
        );
      }
      return body;
    }
    if (status === 204) throw new ParserOutputError(SERVICE, 'answered 204: no content could be extracted from the PDF');
    const detail = body.trim().slice(0, 300);
    if (status === 503) {
      return {
        retryable: true,
        message: 'busy (503: all GROBID threads in use)',
        retryAfterMs: parseRetryAfter(response.headers.get('retry-after')),
      };
    }
    if (status >= 500) {
      if (PERMANENT_ERRORS.test(detail)) throw new ParserOutputError(SERVICE, `cannot process this PDF (${status}): ${detail}`);
      return { retryable: true, message: `server error ${status}${detail ? `: ${detail}` : ''}` };
    }
    // 4xx: the request itself is wrong; repeating it changes nothing.
    return { retryable: false, message: `rejected the request (${status})${detail ? `: ${detail}` : ''}` };
  }
}

/** `Retry-After` as seconds or an HTTP date, in milliseconds; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
  if (cause?.code) return `${cause.code}${cause.message ? ` (${cause.message})` : ''}`;
  return error instanceof Error ? error.message : String(error);
}
