import { openAsBlob } from 'node:fs';
import * as path from 'node:path';
import { ParserOutputError } from '../service-errors';
import { requestWithRetries } from './service-request';
import type { UnstructuredElement, UnstructuredMetadata, UnstructuredPartitioner } from './unstructured.types';

export interface UnstructuredClientOptions {
  /** e.g. `http://localhost:8000` (the unstructured-api container). */
  baseUrl: string;
  /** Per attempt; hi_res with table inference takes minutes on a long paper. Default 300000. */
  timeoutMs?: number;
  /** Extra attempts after a 5xx or a network error. Default 2. */
  retries?: number;
  /** Sent as `unstructured-api-key` (the hosted API needs it; a self-hosted container ignores it). */
  apiKey?: string;
}

const SERVICE = 'unstructured';
const HEALTH_TIMEOUT_MS = 5000;

/** Client of the Unstructured API (`/general/v0/general`), used for the tables it recovers as HTML. */
export class UnstructuredClient implements UnstructuredPartitioner {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly apiKey: string | undefined;

  constructor(options: UnstructuredClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 300_000;
    this.retries = options.retries ?? 2;
    this.apiKey = options.apiKey;
  }

  /** True when `GET /healthcheck` answers 2xx; never throws. */
  async isAlive(): Promise<boolean> {
    try {
      const res = await fetch(`${this.baseUrl}/healthcheck`, { signal: AbortSignal.timeout(Math.min(this.timeoutMs, HEALTH_TIMEOUT_MS)) });
      await res.arrayBuffer();
      return res.ok;
    } catch {
      return false;
    }
  }

  /**
   * Partitions the PDF with the `hi_res` strategy and table structure inference, so `Table` elements carry
   * `text_as_html`. Throws ParserUnavailableError (down, 5xx after retries, timeout) or ParserOutputError
   * (document rejected, or an answer that is not a JSON array of elements).
   */
  async partition(pdfPath: string, signal?: AbortSignal): Promise<UnstructuredElement[]> {
    const fileName = path.basename(pdfPath);
    const response = await requestWithRetries({
      service: SERVICE,
      url: `${this.baseUrl}/general/v0/general`,
      method: 'POST',
      headers: { accept: 'application/json', ...(this.apiKey ? { 'unstructured-api-key': this.apiKey } : {}) },
      body: async () => {
        const form = new FormData();
        form.append('files', await openAsBlob(pdfPath, { type: 'application/pdf' }), fileName);
        form.append('strategy', 'hi_res');
        form.append('pdf_infer_table_structure', 'true');
        return form;
      },
      timeoutMs: this.timeoutMs,
      retries: this.retries,
      signal,
    });
    return parseElements(response.body);
  }
}

/** Checks the answer's shape at the boundary so the rest of the code can trust the types. */
export function parseElements(body: string): UnstructuredElement[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    const start = body.trim().slice(0, 60);
    throw new ParserOutputError(
      SERVICE,
      body.trim() ? `the answer is not JSON (starts with ${JSON.stringify(start)})` : 'the answer is empty',
    );
  }
  if (!Array.isArray(parsed)) throw new ParserOutputError(SERVICE, `expected a JSON array of elements, got ${typeLabel(parsed)}`);
  return parsed.map((item: unknown, index) => toElement(item, index));
}

function toElement(item: unknown, index: number): UnstructuredElement {
  if (!item || typeof item !== 'object' || typeof (item as { type?: unknown }).type !== 'string') {
    throw new ParserOutputError(SERVICE, `element ${index} has no type`);
  }
  const raw = item as { type: string; element_id?: unknown; text?: unknown; metadata?: unknown };
  const meta = (raw.metadata && typeof raw.metadata === 'object' ? raw.metadata : {}) as Record<string, unknown>;
  const metadata: UnstructuredMetadata = {};
  if (typeof meta.page_number === 'number' && Number.isInteger(meta.page_number)) metadata.page_number = meta.page_number;
  if (typeof meta.text_as_html === 'string') metadata.text_as_html = meta.text_as_html;
  if (typeof meta.parent_id === 'string') metadata.parent_id = meta.parent_id;
  if (meta.coordinates && typeof meta.coordinates === 'object')
    metadata.coordinates = meta.coordinates as UnstructuredMetadata['coordinates'];
  return {
    type: raw.type,
    ...(typeof raw.element_id === 'string' ? { element_id: raw.element_id } : {}),
    text: typeof raw.text === 'string' ? raw.text : '',
    metadata,
  };
}

function typeLabel(value: unknown): string {
  if (value === null) return 'null';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
