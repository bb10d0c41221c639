import { backoffDelay } from '@lectern/common';
import OpenAI, { APIConnectionError, APIError } from 'openai';
import type { Embedder } from '../embedder';
import { EmbeddingProviderError } from '../errors';
import { normalizeInPlace } from '../vector-math';

export interface OpenAiEmbedderOptions {
  /** Base URL including `/v1` (OpenAI, vLLM, Ollama, llama.cpp, LM Studio…). */
  baseUrl: string;
  /** Local servers ignore it, but the openai client insists on one. */
  apiKey?: string;
  /** The served model name, e.g. `text-embedding-3-small` or `nomic-embed-text`. */
  model: string;
  /** Expected vector length; when omitted it is learnt from the first answer (see `connect`). */
  dimension?: number;
  /** Texts per request (default 64). */
  batchSize?: number;
  /** Further attempts after the first on 429, 5xx and connection failures (default 3). */
  retries?: number;
  /** First wait between attempts, doubled each time unless the server sends Retry-After (default 500 ms). */
  backoffMs?: number;
  timeoutMs?: number;
  /** Longest input in the server's tokens (default 8191, OpenAI's limit). */
  maxTokens?: number;
}

const RETRYABLE = (status: number | undefined) => status === undefined || status === 408 || status === 429 || status >= 500;

/**
 * Embeddings from any OpenAI-compatible `/v1/embeddings` endpoint. Vectors are L2-normalised here because
 * not every server normalises (OpenAI does, Ollama's nomic-embed-text does not).
 */
export class OpenAiEmbedder implements Embedder {
  readonly modelId: string;
  readonly maxTokens: number;
  private knownDimension: number | undefined;
  private readonly client: OpenAI;
  private readonly batchSize: number;
  private readonly retries: number;
  private readonly backoffMs: number;

  constructor(private readonly options: OpenAiEmbedderOptions) {
    this.modelId = `openai:${options.model}`;
    this.knownDimension = options.dimension;
    this.maxTokens = options.maxTokens ?? 8191;
    this.batchSize = Math.max(1, options.batchSize ?? 64);
    this.retries = options.retries ?? 3;
    this.backoffMs = options.backoffMs ?? 500;
    // Explicit nulls keep the package from reading OPENAI_* variables: config comes only from loadConfig.
    this.client = new OpenAI({
      baseURL: options.baseUrl,
      apiKey: options.apiKey ?? 'not-needed',
      organization: null,
      project: null,
      webhookSecret: null,
      maxRetries: 0,
      timeout: options.timeoutMs ?? 60_000,
      logLevel: 'off',
    });
  }

  /** An embedder whose dimension is known: configured, or asked of the server with one short request. */
  static async connect(options: OpenAiEmbedderOptions): Promise<OpenAiEmbedder> {
    const embedder = new OpenAiEmbedder(options);
    if (embedder.knownDimension === undefined) await embedder.embedQuery('dimension probe');
    return embedder;
  }

  get dimension(): number {
    if (this.knownDimension === undefined) {
      throw new EmbeddingProviderError(`the dimension of ${this.modelId} is not known before its first answer; use OpenAiEmbedder.connect`);
    }
    return this.knownDimension;
  }

  async embedDocuments(texts: string[]): Promise<Float32Array[]> {
    const vectors: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += this.batchSize) {
      vectors.push(...(await this.request(texts.slice(start, start + this.batchSize))));
    }
    return vectors;
  }

  async embedQuery(text: string): Promise<Float32Array> {
    const [vector] = await this.request([text]);
    return vector;
  }

  private async request(texts: string[]): Promise<Float32Array[]> {
    // The API refuses empty strings; a blank text gets the vector of a space instead of failing its whole batch.
    const input = texts.map((text) => (text.trim() === '' ? ' ' : text));
    for (let attempt = 0; ; attempt++) {
      try {
        // Floats, not the package's default base64: several compatible servers ignore encoding_format.
        const response = await this.client.embeddings.create({ model: this.options.model, input, encoding_format: 'float' });
        return this.vectorsOf(response, texts.length);
      } catch (error) {
        const status = error instanceof APIError ? error.status : undefined;
        const transient = (error instanceof APIError && RETRYABLE(status)) || error instanceof APIConnectionError;
        if (!transient || attempt >= this.retries) throw this.describe(error, attempt + 1);
        await new Promise((resolve) => setTimeout(resolve, this.waitBefore(attempt, error as APIError)));
      }
    }
  }

  private vectorsOf(response: unknown, count: number): Float32Array[] {
    const data = (response as { data?: unknown } | null)?.data;
    if (!Array.isArray(data) || data.length !== count) {
      throw new EmbeddingProviderError(`${this.modelId}: the server answered without ${count} embeddings`);
    }
    const vectors = new Array<Float32Array>(count);
    for (const item of data as Array<{ index?: number; embedding?: unknown }>) {
      const index = item.index ?? 0;
      const vector = toFloats(item.embedding);
      if (!vector || index < 0 || index >= count || vector.length === 0 || !vector.every(Number.isFinite)) {
        throw new EmbeddingProviderError(`${this.modelId}: the server answered an unusable embedding`);
      }
      this.knownDimension ??= vector.length;
      if (vector.length !== this.knownDimension) {
        throw new EmbeddingProviderError(`${this.modelId} returned ${vector.length} dimensions, expected ${this.knownDimension}`);
      }
      vectors[index] = normalizeInPlace(vector);
    }
    if (vectors.some((v) => v === undefined)) throw new EmbeddingProviderError(`${this.modelId}: embedding indexes are incomplete`);
    return vectors;
  }

  private waitBefore(attempt: number, error: APIError): number {
    const header = Number(error.headers?.get?.('retry-after'));
    return backoffDelay(attempt, this.backoffMs, Number.isFinite(header) && header > 0 ? header * 1000 : undefined);
  }

  private describe(error: unknown, attempts: number): EmbeddingProviderError {
    if (error instanceof EmbeddingProviderError) return error;
    const status = error instanceof APIError ? error.status : undefined;
    const what = status ? `HTTP ${status}` : 'no answer';
    return new EmbeddingProviderError(
      `${this.options.baseUrl}/embeddings (${this.options.model}) failed after ${attempts} attempt(s): ${what}: ${(error as Error).message}`,
      status,
    );
  }
}

/** Floats from a JSON array, or from base64 little-endian float32s when a server answers that way regardless. */
function toFloats(embedding: unknown): Float32Array | null {
  if (Array.isArray(embedding) && embedding.every((v) => typeof v === 'number')) return Float32Array.from(embedding);
  if (typeof embedding === 'string') {
    const bytes = Buffer.from(embedding, 'base64');
    if (bytes.length === 0 || bytes.length % 4 !== 0) return null;
    return new Float32Array(new Uint8Array(bytes).buffer);
  }
  return null;
}
