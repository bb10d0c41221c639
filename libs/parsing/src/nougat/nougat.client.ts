import { openAsBlob } from 'node:fs';
import * as path from 'node:path';
import { ParserOutputError } from '../service-errors';
import { requestWithRetries } from '../unstructured/service-request';

export interface NougatClientOptions {
  /** e.g. `http://localhost:8503` (Nougat's `app.py`, `nougat_api`). */
  baseUrl: string;
  /** Per attempt; Nougat reads every page with a vision model, minutes per paper on a GPU. Default 600000. */
  timeoutMs?: number;
  /** Extra attempts after a 5xx or a network error. Default 1: Nougat's 5xx (CUDA out of memory, a PDF
   * fitz cannot open) rarely clear up, and each attempt can cost minutes. */
  retries?: number;
}

export interface NougatPredictOptions {
  /** 1-based first and last page; Nougat honours them only when both are given. */
  start?: number;
  stop?: number;
  signal?: AbortSignal;
}

/** What the ingest pipeline depends on, so another deployment can stand in for the HTTP client. */
export interface NougatPredictor {
  isAlive(): Promise<boolean>;
  predict(pdfPath: string, options?: NougatPredictOptions): Promise<string>;
}

const SERVICE = 'nougat';
const HEALTH_TIMEOUT_MS = 5000;

/** Client of the Nougat API, used for the LaTeX of displayed equations (Mathpix Markdown, `.mmd`). */
export class NougatClient implements NougatPredictor {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly retries: number;

  constructor(options: NougatClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 600_000;
    this.retries = options.retries ?? 1;
  }

  /** True when `GET /` answers 2xx; never throws. */
  async isAlive(): Promise<boolean> {
    try {
      const res = await fetch(`${this.baseUrl}/`, { signal: AbortSignal.timeout(Math.min(this.timeoutMs, HEALTH_TIMEOUT_MS)) });
      await res.arrayBuffer();
      return res.ok;
    } catch {
      return false;
    }
  }

  /**
   * The document (or pages `start`..`stop`) as Mathpix Markdown. Throws ParserUnavailableError (down, 5xx
   * after retries, timeout) or ParserOutputError (document rejected, empty or unreadable answer).
   */
  async predict(pdfPath: string, options: NougatPredictOptions = {}): Promise<string> {
    const { start, stop, signal } = options;
    for (const [name, value] of [
      ['start', start],
      ['stop', stop],
    ] as const) {
      if (value !== undefined && !(Number.isInteger(value) && value >= 1))
        throw new RangeError(`${name} must be a page number from 1, got ${value}`);
    }
    // app.py declares start/stop as plain parameters, which FastAPI reads from the query string; they are
    // sent as form fields too for deployments that wrap the API. The route is `/predict/`: `/predict` costs
    // a 307 redirect.
    const query = new URLSearchParams();
    if (start !== undefined) query.set('start', String(start));
    if (stop !== undefined) query.set('stop', String(stop));
    const suffix = query.toString() ? `?${query}` : '';
    const response = await requestWithRetries({
      service: SERVICE,
      url: `${this.baseUrl}/predict/${suffix}`,
      method: 'POST',
      headers: { accept: 'application/json' },
      body: async () => {
        const form = new FormData();
        form.append('file', await openAsBlob(pdfPath, { type: 'application/pdf' }), path.basename(pdfPath));
        for (const [name, value] of query) form.append(name, value);
        return form;
      },
      timeoutMs: this.timeoutMs,
      retries: this.retries,
      signal,
    });
    return decodeMarkdown(response.body, response.contentType);
  }
}

/**
 * The API returns the Markdown as a JSON string (`"# Title\n\n…"`); a proxy or an older build may send it
 * raw. A JSON body that is not a string, or an HTML page, is not Nougat output.
 */
export function decodeMarkdown(body: string, contentType: string): string {
  const declaredJson = /\bjson\b/i.test(contentType);
  const looksJson = body.trimStart().startsWith('"');
  let markdown: string;
  if (declaredJson || looksJson) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      if (declaredJson)
        throw new ParserOutputError(SERVICE, body.trim() ? 'the answer is not valid JSON (truncated?)' : 'the answer is empty');
      parsed = body;
    }
    if (typeof parsed !== 'string')
      throw new ParserOutputError(SERVICE, `expected a JSON string of Markdown, got ${parsed === null ? 'null' : typeof parsed}`);
    markdown = parsed;
  } else if (/\bhtml\b/i.test(contentType) || /^\s*<(?:!doctype|html)\b/i.test(body)) {
    throw new ParserOutputError(SERVICE, 'the answer is an HTML page, not Markdown');
  } else {
    markdown = body;
  }
  if (!markdown.trim()) throw new ParserOutputError(SERVICE, 'the answer is empty');
  return markdown;
}
