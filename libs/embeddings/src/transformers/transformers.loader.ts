import * as fs from 'node:fs';
import * as path from 'node:path';
import { isMainThread } from 'node:worker_threads';
import type { PreTrainedModel, PreTrainedTokenizer } from '@huggingface/transformers';
import { EmbeddingModelUnavailableError, OnnxRuntimeThreadError } from '../errors';

type TransformersLibrary = typeof import('@huggingface/transformers');

let library: TransformersLibrary | undefined;
/** Required on first use: loading transformers.js and onnxruntime costs ~150 ms that lexical-only processes skip. */
export function transformers(): TransformersLibrary {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- on first use and synchronously; an import would load it at start
  library ??= require('@huggingface/transformers') as TransformersLibrary;
  return library;
}

export type OnnxDtype = 'q8' | 'fp32';
const ONNX_FILE: Record<OnnxDtype, string> = { q8: 'model_quantized.onnx', fp32: 'model.onnx' };

export interface LocalModel {
  /** `<modelsDir>/<org>/<name>`: where transformers.js's file cache keeps a model's files. */
  dir: string;
  config: Record<string, unknown>;
  tokenizerJson: object;
  tokenizerConfig: Record<string, unknown>;
  dtype: OnnxDtype;
}

export function modelDirectory(modelsDir: string, model: string): string {
  return path.join(modelsDir, ...model.split('/'));
}

/** Which weights to load: the preferred kind when present, else whichever one is there; null when neither is. */
export function pickDtype(dir: string, quantized: boolean): OnnxDtype | null {
  const order: OnnxDtype[] = quantized ? ['q8', 'fp32'] : ['fp32', 'q8'];
  return order.find((dtype) => fs.existsSync(path.join(dir, 'onnx', ONNX_FILE[dtype]))) ?? null;
}

/** What is missing from a local model folder, for the error message; empty when it is complete. */
export function missingFiles(dir: string): string[] {
  const missing = ['config.json', 'tokenizer.json', 'tokenizer_config.json'].filter((f) => !fs.existsSync(path.join(dir, f)));
  if (pickDtype(dir, true) === null) missing.push(`onnx/${ONNX_FILE.q8} or onnx/${ONNX_FILE.fp32}`);
  return missing;
}

/** Reads a complete local model's JSON files synchronously (pool threads rebuild embedders without awaiting). */
export function readLocalModel(modelsDir: string, model: string, quantized: boolean): LocalModel {
  const dir = modelDirectory(modelsDir, model);
  const missing = missingFiles(dir);
  if (missing.length > 0) {
    throw new EmbeddingModelUnavailableError(model, dir, `missing ${missing.join(', ')}`);
  }
  const read = (file: string) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>;
  return {
    dir,
    config: read('config.json'),
    tokenizerJson: read('tokenizer.json'),
    tokenizerConfig: read('tokenizer_config.json'),
    dtype: pickDtype(dir, quantized) as OnnxDtype,
  };
}

/** The same class AutoTokenizer would pick, built from files already read. */
export function buildTokenizer(local: LocalModel): PreTrainedTokenizer {
  const { AutoTokenizer, PreTrainedTokenizer: BaseTokenizer } = transformers();
  const className = String(local.tokenizerConfig.tokenizer_class ?? '').replace(/Fast$/, '');
  const classes = AutoTokenizer.TOKENIZER_CLASS_MAPPING as unknown as Record<string, typeof BaseTokenizer | undefined>;
  const TokenizerClass = classes[className] ?? BaseTokenizer;
  return new TokenizerClass(local.tokenizerJson, local.tokenizerConfig);
}

/** Hidden size and position limit under the names the common architectures use (nomic_bert: n_embd, n_positions). */
export function modelShape(config: Record<string, unknown>): { hidden: number; positions: number | null } {
  const number = (...keys: string[]) => keys.map((k) => config[k]).find((v): v is number => typeof v === 'number') ?? null;
  const hidden = number('hidden_size', 'n_embd', 'd_model', 'dim');
  if (hidden === null) throw new RangeError('model config.json has no hidden_size (or n_embd / d_model)');
  return { hidden, positions: number('max_position_embeddings', 'n_positions') };
}

export interface SessionOptions {
  modelsDir: string;
  allowDownload: boolean;
  /** ONNX Runtime intra-op threads; default: ORT's own choice (all cores). */
  threads?: number;
  /** A Hugging Face hub mirror to download from (default https://huggingface.co/). */
  remoteHost?: string;
}

let queue: Promise<unknown> = Promise.resolve();
/** transformers.js keeps its paths in one global `env`: loads are serialised so each sees its own settings. */
function serially<T>(work: () => Promise<T>): Promise<T> {
  const result = queue.then(work, work);
  queue = result.catch(() => undefined);
  return result;
}

let defaultRemoteHost: string | undefined;

function configureEnv(options: SessionOptions): void {
  const { env } = transformers();
  defaultRemoteHost ??= env.remoteHost;
  env.remoteHost = options.remoteHost ? `${options.remoteHost.replace(/\/+$/, '')}/` : defaultRemoteHost;
  env.localModelPath = options.modelsDir;
  env.allowLocalModels = true;
  env.allowRemoteModels = options.allowDownload;
}

/**
 * onnxruntime-node 1.21.x keeps one process-wide reference to its Tensor constructor, so a session run from a
 * second JS thread aborts the whole process (FATAL "HandleScope … without proper locking"); 1.20 and 1.22+
 * are fine. Refusing sessions off the main thread there turns that abort into an error naming the fix.
 */
export function ortThreadProblem(ortVersion: string, mainThread: boolean): string | null {
  if (mainThread || !/^1\.21\./.test(ortVersion)) return null;
  return (
    `onnxruntime-node ${ortVersion} aborts the process when models run in more than one thread; ` +
    'embed on the main thread (WORKERS=0) or install onnxruntime-node 1.22 or later (package.json "overrides")'
  );
}

function assertOrtUsableHere(): void {
  const { version } = JSON.parse(fs.readFileSync(require.resolve('onnxruntime-node/package.json'), 'utf8')) as { version: string };
  const problem = ortThreadProblem(version, isMainThread);
  if (problem) throw new OnnxRuntimeThreadError(problem);
}

/** Loads the ONNX session of a model whose files are in `modelsDir` (its file cache layout). */
export function loadModel(model: string, dtype: OnnxDtype, options: SessionOptions): Promise<PreTrainedModel> {
  return serially(async () => {
    assertOrtUsableHere();
    configureEnv(options);
    try {
      return await transformers().AutoModel.from_pretrained(model, {
        dtype,
        // The file cache is keyed `<model>/<file>` under cache_dir: a model in modelsDir is found whatever
        // env.localModelPath another load set, and a download lands where the next start looks.
        cache_dir: options.modelsDir,
        local_files_only: !options.allowDownload,
        session_options: options.threads ? { intraOpNumThreads: options.threads, interOpNumThreads: 1 } : undefined,
      });
    } catch (error) {
      throw new EmbeddingModelUnavailableError(
        model,
        modelDirectory(options.modelsDir, model),
        `could not load onnx/${ONNX_FILE[dtype]}: ${(error as Error).message}`,
      );
    }
  });
}

/**
 * Fetches a model's config, tokenizer and weights into `modelsDir` (quantized first, then fp32 when the
 * repository has no quantized export). Only called when downloads are allowed and the model is not local.
 */
export function downloadModel(model: string, quantized: boolean, options: SessionOptions): Promise<void> {
  return serially(async () => {
    configureEnv(options);
    const { AutoConfig, AutoTokenizer, AutoModel } = transformers();
    const fetchOptions = { cache_dir: options.modelsDir, local_files_only: false };
    const dir = modelDirectory(options.modelsDir, model);
    try {
      await AutoConfig.from_pretrained(model, fetchOptions);
      await AutoTokenizer.from_pretrained(model, fetchOptions);
    } catch (error) {
      throw new EmbeddingModelUnavailableError(model, dir, `download failed: ${(error as Error).message}`);
    }
    const failures: string[] = [];
    for (const dtype of (quantized ? ['q8', 'fp32'] : ['fp32', 'q8']) as OnnxDtype[]) {
      try {
        const loaded = await AutoModel.from_pretrained(model, { ...fetchOptions, dtype });
        await loaded.dispose();
        return;
      } catch (error) {
        failures.push(`onnx/${ONNX_FILE[dtype]}: ${(error as Error).message}`);
      }
    }
    throw new EmbeddingModelUnavailableError(model, dir, `download failed: ${failures.join('; ')}`);
  });
}
