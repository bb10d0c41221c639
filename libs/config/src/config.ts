import { LOOPBACK_NAMES } from '@lectern/common';
import * as os from 'node:os';
import * as path from 'node:path';
import { z } from 'zod';
import { AUTH_ENV, readAuthConfig, type AuthConfig } from './auth.config';
import { InvalidConfigError } from './config.errors';
import { intInRange, optionalText } from './env-fields';

const optionalUrl = z
  .string()
  .trim()
  .regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, 'must be an http(s) URL such as http://localhost:8070')
  .transform((url) => url.replace(/\/+$/, ''))
  .optional();
const cores = Math.max(1, os.availableParallelism?.() ?? os.cpus().length);

const schema = z.object({
  LECTERN_DATA_DIR: z.string().trim().min(1).default('./storage'),
  PORT: intInRange(0, 65535, 3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  // Host names the API answers to (DNS rebinding); `*` for any. Default: HOST, localhost and the loopback addresses.
  ALLOWED_HOSTS: z.string().trim().min(1).optional(),
  EMBEDDINGS: z.enum(['auto', 'lexical', 'transformers', 'openai']).default('auto'),
  EMBEDDING_MODEL: z.string().trim().min(1).default('nomic-ai/nomic-embed-text-v1.5'),
  MODELS_DIR: z.string().trim().min(1).default('./models'),
  ALLOW_MODEL_DOWNLOAD: z.enum(['true', 'false']).default('false'),
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_API_KEY: optionalText,
  LLM_MODEL: optionalText,
  LLM_SMALL_MODEL: optionalText,
  LLM_TIMEOUT_SECONDS: intInRange(1, 3600, 120),
  CONTEXT_MAX_TOKENS: intInRange(32, 8192, 512),
  WORKERS: intInRange(0, 64, cores),
  MAX_CONCURRENT_DOCUMENTS: intInRange(1, 256, Math.max(2, cores)),
  WORKER_MAX_MEMORY_MB: intInRange(64, 65536, 2048),
  MAX_UPLOAD_MB: intInRange(1, 2048, 100),
  IMPORT_MAX_MB: intInRange(1, 1_048_576, 4096),
  // One upload request: files (multer's parts limit is 1000) and bytes in all, streamed to temp files as they arrive.
  MAX_UPLOAD_FILES: intInRange(1, 1000, 500),
  MAX_REQUEST_MB: intInRange(1, 65_536, 1024),
  INGEST_WORKER: z.enum(['on', 'off']).default('on'),
  LOG_FORMAT: z.enum(['text', 'json']).default('text'),
  JOB_LEASE_SECONDS: intInRange(1, 3600, 30),
  SHUTDOWN_GRACE_SECONDS: intInRange(0, 3600, 30),
  QUEUE: z.enum(['sqlite', 'redis']).default('sqlite'),
  INGEST_COMMIT: z.enum(['local', 'handoff']).default('local'),
  REDIS_URL: z
    .string()
    .trim()
    .regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL such as redis://localhost:6379')
    .optional(),
  GROBID_URL: optionalUrl,
  UNSTRUCTURED_URL: optionalUrl,
  UNSTRUCTURED_API_KEY: optionalText,
  NOUGAT_URL: optionalUrl,
  PARSER_TIMEOUT_SECONDS: intInRange(1, 3600, 300),
  // One hostile PDF must fail alone (issue 20): a deadline per document and caps on what its parse may inflate.
  PARSE_TIMEOUT_SECONDS: intInRange(1, 86_400, 300),
  PARSE_MAX_CONTENT_MB: intInRange(1, 65_536, 128),
  PARSE_MAX_PAGE_ITEMS: intInRange(100, 10_000_000, 50_000),
  MINIO_ENDPOINT: optionalText,
  MINIO_PORT: intInRange(1, 65535, 9000),
  MINIO_USE_SSL: z.enum(['true', 'false']).default('false'),
  MINIO_ACCESS_KEY: optionalText,
  MINIO_SECRET_KEY: optionalText,
  // Vector search over large corpora: where the SimHash first pass runs and how many candidates are re-scored.
  VECTOR_PREFILTER: z.enum(['memory', 'sql']).default('memory'),
  VECTOR_RESCORE_CANDIDATES: intInRange(10, 100_000, 2000),
  OCR: z.enum(['auto', 'off', 'force']).default('auto'),
  OCR_LANGS: z
    .string()
    .trim()
    .regex(/^[a-z_]{3,}(\+[a-z_]{3,})*$/i, 'must be Tesseract language codes joined by +, such as eng or eng+deu')
    .default('eng'),
  MINIO_BUCKET: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid S3 bucket name')
    .default('lectern'),
  ...AUTH_ENV,
});

export interface ParserServicesConfig {
  readonly grobidUrl?: string;
  readonly unstructuredUrl?: string;
  readonly unstructuredApiKey?: string;
  readonly nougatUrl?: string;
  readonly timeoutMs: number;
}

export interface MinioConfig {
  readonly endPoint: string;
  readonly port: number;
  readonly useSSL: boolean;
  readonly accessKey: string;
  readonly secretKey: string;
  readonly bucket: string;
}

export interface EmbeddingsConfig {
  readonly kind: 'auto' | 'lexical' | 'transformers' | 'openai';
  /** Hugging Face model id (transformers) or the served model name (openai). */
  readonly model: string;
  /** Where local transformers models live: `<modelsDir>/<org>/<name>/`. */
  readonly modelsDir: string;
  /** Whether transformers may download a model that is not in `modelsDir`. */
  readonly allowDownload: boolean;
}

export interface LlmConfig {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly model: string;
  readonly smallModel: string;
  readonly timeoutMs: number;
}

/** How vector search treats corpora above the exact-scan size (see VectorIndex in libs/corpus). */
export interface VectorSearchConfig {
  /** `memory`: WebAssembly scan of an in-memory copy of the codes (~128 MB per 1M contexts); `sql`: scan in SQLite. */
  readonly prefilter: 'memory' | 'sql';
  /** First-pass candidates re-scored exactly; more: better recall, ~8 ms per 1,000 at 1M contexts. */
  readonly rescoreCandidates: number;
}

/** Where ingestion jobs wait: the catalog's jobs table (embedded default) or BullMQ on Redis (several machines). */
export type QueueConfig = { readonly kind: 'sqlite' } | { readonly kind: 'redis'; readonly url: string };

export interface LecternConfig {
  /** Absolute path of the data directory (catalog, object store, per-project corpora). */
  readonly dataDir: string;
  readonly port: number;
  readonly host: string;
  /** Host names (the `Host` header, port aside) the API answers to; `*`: any. */
  readonly allowedHosts: readonly string[] | '*';
  readonly embeddings: EmbeddingsConfig;
  /** Null when no OPENAI_BASE_URL is set: answers are then extractive and the agent uses its heuristic navigator. */
  readonly llm: LlmConfig | null;
  readonly contextMaxTokens: number;
  readonly vectorSearch: VectorSearchConfig;
  /** Threads of the CPU pool (parse, chunk, embed); 0 runs that work on the main thread. */
  readonly workers: number;
  /** Documents one worker process has in flight at once (service calls overlap CPU work). */
  readonly maxConcurrentDocuments: number;
  /** Heap limit of one pool thread: a PDF that needs more fails alone instead of taking the process down. */
  readonly workerMaxMemoryMb: number;
  readonly maxUploadBytes: number;
  /** Largest corpus export `lectern import` / `POST /projects/import` accepts. */
  readonly importMaxBytes: number;
  readonly maxUploadFiles: number;
  readonly maxRequestBytes: number;
  /** What parsing one document may cost: its deadline in the pool, inflated content, text items per page. */
  readonly parseLimits: { readonly timeoutMs: number; readonly maxContentBytes: number; readonly maxItemsPerPage: number };
  /** Whether the API process also runs the ingestion worker (the default). */
  readonly inProcessWorker: boolean;
  readonly logFormat: 'text' | 'json';
  /** A claimed job whose worker stops renewing it (a crash) is retried after this long. */
  readonly jobLeaseMs: number;
  /** On SIGTERM, how long documents in flight may take before they are stopped and handed back to the queue. */
  readonly shutdownGraceMs: number;
  readonly queue: QueueConfig;
  /**
   * Who commits built articles: `local`, the process that built them (it shares the data directory), or `handoff`:
   * workers store the result in the object store and the corpora's owner (the API) commits it (docs/scaling.md).
   */
  readonly ingestCommit: 'local' | 'handoff';
  readonly parserServices: ParserServicesConfig;
  /** Set when MINIO_ENDPOINT is; otherwise PDFs live in the local filesystem store. */
  readonly minio: MinioConfig | null;
  /** Accounts, sessions, rate limits, CORS and OIDC (AUTH=off: no sign-in, loopback only). */
  readonly auth: AuthConfig;
  readonly ocr: OcrConfig;
}

/** Which pages the embedded parser reads by OCR: `auto` those without a usable text layer, `force` all, `off` none. */
export interface OcrConfig {
  readonly mode: 'auto' | 'off' | 'force';
  /** Tesseract languages; each one's `@tesseract.js-data/<lang>` package is installed (checked at start). */
  readonly langs: string[];
}

/** Reads and validates the environment once. Nothing else in Lectern reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): LecternConfig {
  // Blank variables count as unset, so `PORT= npm start` means the default, not an error.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new InvalidConfigError(`Invalid environment variables: ${problems}`);
  }
  const v = parsed.data;
  if (v.MINIO_ENDPOINT && (!v.MINIO_ACCESS_KEY || !v.MINIO_SECRET_KEY)) {
    throw new InvalidConfigError('Invalid environment variables: MINIO_ACCESS_KEY, MINIO_SECRET_KEY: required when MINIO_ENDPOINT is set');
  }
  if (v.QUEUE === 'redis' && !v.REDIS_URL) {
    throw new InvalidConfigError('Invalid environment variables: REDIS_URL: required when QUEUE=redis (e.g. redis://localhost:6379)');
  }
  if (v.INGEST_COMMIT === 'handoff' && (v.QUEUE !== 'redis' || !v.MINIO_ENDPOINT)) {
    throw new InvalidConfigError(
      'Invalid environment variables: INGEST_COMMIT: handoff needs QUEUE=redis and MINIO_ENDPOINT (an object store every machine reaches)',
    );
  }
  const auth = readAuthConfig(v);
  const ocrLangs = v.OCR_LANGS.split('+');
  const missing = v.OCR === 'off' ? [] : ocrLangs.filter((lang) => !hasOcrData(lang));
  if (missing.length) {
    throw new InvalidConfigError(
      `Invalid environment variables: OCR_LANGS: no OCR data for ${missing.join(', ')}; install ${missing.map((l) => `@tesseract.js-data/${l}`).join(' ')} (npm install) or set OCR_LANGS to installed languages`,
    );
  }
  return {
    dataDir: path.resolve(v.LECTERN_DATA_DIR),
    port: v.PORT,
    host: v.HOST,
    allowedHosts: allowedHostsFrom(v.ALLOWED_HOSTS, v.HOST),
    embeddings: {
      kind: v.EMBEDDINGS,
      model: v.EMBEDDING_MODEL,
      modelsDir: path.resolve(v.MODELS_DIR),
      allowDownload: v.ALLOW_MODEL_DOWNLOAD === 'true',
    },
    llm: v.OPENAI_BASE_URL
      ? {
          baseUrl: v.OPENAI_BASE_URL,
          // Local servers (Ollama, llama.cpp, vLLM) ignore the key, but the openai client insists on one.
          apiKey: v.OPENAI_API_KEY ?? 'not-needed',
          model: v.LLM_MODEL ?? 'llama3.2',
          smallModel: v.LLM_SMALL_MODEL ?? v.LLM_MODEL ?? 'llama3.2',
          timeoutMs: v.LLM_TIMEOUT_SECONDS * 1000,
        }
      : null,
    contextMaxTokens: v.CONTEXT_MAX_TOKENS,
    vectorSearch: { prefilter: v.VECTOR_PREFILTER, rescoreCandidates: v.VECTOR_RESCORE_CANDIDATES },
    workers: v.WORKERS,
    maxConcurrentDocuments: v.MAX_CONCURRENT_DOCUMENTS,
    workerMaxMemoryMb: v.WORKER_MAX_MEMORY_MB,
    maxUploadBytes: v.MAX_UPLOAD_MB * 1024 * 1024,
    importMaxBytes: v.IMPORT_MAX_MB * 1024 * 1024,
    maxUploadFiles: v.MAX_UPLOAD_FILES,
    maxRequestBytes: v.MAX_REQUEST_MB * 1024 * 1024,
    parseLimits: {
      timeoutMs: v.PARSE_TIMEOUT_SECONDS * 1000,
      maxContentBytes: v.PARSE_MAX_CONTENT_MB * 1024 * 1024,
      maxItemsPerPage: v.PARSE_MAX_PAGE_ITEMS,
    },
    inProcessWorker: v.INGEST_WORKER === 'on',
    logFormat: v.LOG_FORMAT,
    jobLeaseMs: v.JOB_LEASE_SECONDS * 1000,
    shutdownGraceMs: v.SHUTDOWN_GRACE_SECONDS * 1000,
    queue: v.QUEUE === 'redis' ? { kind: 'redis', url: v.REDIS_URL as string } : { kind: 'sqlite' },
    ingestCommit: v.INGEST_COMMIT,
    parserServices: {
      grobidUrl: v.GROBID_URL,
      unstructuredUrl: v.UNSTRUCTURED_URL,
      unstructuredApiKey: v.UNSTRUCTURED_API_KEY,
      nougatUrl: v.NOUGAT_URL,
      timeoutMs: v.PARSER_TIMEOUT_SECONDS * 1000,
    },
    minio: v.MINIO_ENDPOINT
      ? {
          endPoint: v.MINIO_ENDPOINT,
          port: v.MINIO_PORT,
          useSSL: v.MINIO_USE_SSL === 'true',
          accessKey: v.MINIO_ACCESS_KEY as string,
          secretKey: v.MINIO_SECRET_KEY as string,
          bucket: v.MINIO_BUCKET,
        }
      : null,
    auth,
    ocr: { mode: v.OCR, langs: ocrLangs },
  };
}

/** Whether a language's OCR model package is installed: models come with the install, never downloaded at run time. */
function hasOcrData(lang: string): boolean {
  try {
    require.resolve(`@tesseract.js-data/${lang}/package.json`);
    return true;
  } catch {
    return false;
  }
}

/** ALLOWED_HOSTS as a list (`*`: any host); unset: the bind address, localhost and the loopback addresses. */
function allowedHostsFrom(value: string | undefined, host: string): readonly string[] | '*' {
  if (value === '*') return '*';
  if (value)
    return value
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean);
  return [...new Set([host.toLowerCase(), ...LOOPBACK_NAMES])];
}
