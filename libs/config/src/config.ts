import * as os from 'node:os';
import * as path from 'node:path';
import { z } from 'zod';

/** Raised at start when an environment variable is wrong; the message names every bad variable. */
export class InvalidConfigError extends Error {
  override readonly name = 'InvalidConfigError';
}

const optionalUrl = z
  .string()
  .trim()
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));

const intInRange = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

const schema = z.object({
  LECTERN_DATA_DIR: z.string().trim().min(1).default('./storage'),
  PORT: intInRange(0, 65535, 3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  EMBEDDINGS: z.enum(['auto', 'lexical']).default('auto'),
  CONTEXT_MAX_TOKENS: intInRange(32, 8192, 512),
  WORKERS: intInRange(1, 64, Math.max(1, os.availableParallelism?.() ?? os.cpus().length)),
  MAX_UPLOAD_MB: intInRange(1, 2048, 100),
  INGEST_WORKER: z.enum(['on', 'off']).default('on'),
  LOG_FORMAT: z.enum(['text', 'json']).default('text'),
  JOB_LEASE_SECONDS: intInRange(1, 3600, 30),
  GROBID_URL: optionalUrl,
});

export interface LecternConfig {
  /** Absolute path of the data directory (catalog, object store, per-project corpora). */
  readonly dataDir: string;
  readonly port: number;
  readonly host: string;
  readonly embeddings: 'auto' | 'lexical';
  readonly contextMaxTokens: number;
  readonly workers: number;
  readonly maxUploadBytes: number;
  /** Whether the API process also runs the ingestion worker (the default). */
  readonly inProcessWorker: boolean;
  readonly logFormat: 'text' | 'json';
  /** A claimed job whose worker stops renewing it (a crash) is retried after this long. */
  readonly jobLeaseMs: number;
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
  if (v.GROBID_URL !== undefined) {
    throw new InvalidConfigError(
      'Invalid environment variables: GROBID_URL: the GROBID client is not part of this version; unset it to use the embedded parser',
    );
  }
  return {
    dataDir: path.resolve(v.LECTERN_DATA_DIR),
    port: v.PORT,
    host: v.HOST,
    embeddings: v.EMBEDDINGS,
    contextMaxTokens: v.CONTEXT_MAX_TOKENS,
    workers: v.WORKERS,
    maxUploadBytes: v.MAX_UPLOAD_MB * 1024 * 1024,
    inProcessWorker: v.INGEST_WORKER === 'on',
    logFormat: v.LOG_FORMAT,
    jobLeaseMs: v.JOB_LEASE_SECONDS * 1000,
  };
}
