import type { PreTrainedModel, PreTrainedTokenizer, Tensor } from '@huggingface/transformers';
import type { Embedder } from '../embedder';
import type { TokenCounter } from '@lectern/text';
import { EmbeddingModelUnavailableError } from '../errors';
import { normalizeInPlace, poolRow } from '../vector-math';
import { modelConventions } from './model-prefixes';
import {
  buildTokenizer,
  downloadModel,
  loadModel,
  missingFiles,
  modelDirectory,
  modelShape,
  readLocalModel,
  transformers,
  type LocalModel,
  type OnnxDtype,
} from './transformers.loader';

export interface TransformersEmbedderOptions {
  /** Hugging Face id, `<org>/<name>`; the files live in `<modelsDir>/<org>/<name>/`. */
  model: string;
  modelsDir: string;
  /** Whether a model missing from `modelsDir` may be fetched from the Hugging Face hub into it. */
  allowDownload: boolean;
  /** Prefer `onnx/model_quantized.onnx` (q8, the default) over `onnx/model.onnx`; either falls back to the other. */
  quantized?: boolean;
  /** Texts per ONNX run (default 16): larger batches pad more and hold more activations. */
  batchSize?: number;
  /** Override the known-model prefix table (see modelConventions); '' turns a prefix off. */
  documentPrefix?: string;
  queryPrefix?: string;
  /** ONNX Runtime intra-op threads; pool threads should pass 1 so N threads do not each spawn N more. */
  threads?: number;
  /** A Hugging Face hub mirror to download from (default https://huggingface.co/). */
  remoteHost?: string;
}

/** Used when neither config.json nor the tokenizer states a limit (BERT's). */
const FALLBACK_WINDOW = 512;
/** Tokenizers without a limit report a huge sentinel (1e30) as model_max_length. */
const NO_LIMIT = 1_000_000;

/**
 * Sentence embeddings from a local ONNX encoder through transformers.js: the model's own tokenizer, its task
 * prefixes, truncation at its window (keeping the closing [SEP]), mean (or CLS) pooling, L2 normalisation.
 */
export class TransformersEmbedder implements Embedder {
  readonly modelId: string;
  readonly dimension: number;
  /** Text tokens (no special tokens, no prefix) that fit the window: contexts up to this embed whole. */
  readonly maxTokens: number;
  /** The model's window in tokens, special tokens and prefix included. */
  readonly window: number;
  readonly dtype: OnnxDtype;
  readonly documentPrefix: string;
  readonly queryPrefix: string;
  readonly pooling: 'mean' | 'cls';
  /** Counts tokens as this model does, for the chunker (a `TokenCounter`). */
  readonly tokenCounter: TokenCounter;
  private readonly tokenizer: PreTrainedTokenizer;
  private readonly specialIds: Set<number>;
  private readonly padId: number;
  private readonly batchSize: number;
  private session: Promise<PreTrainedModel> | null = null;

  private constructor(
    private readonly options: TransformersEmbedderOptions,
    local: LocalModel,
  ) {
    this.modelId = options.model;
    this.dtype = local.dtype;
    this.tokenizer = buildTokenizer(local);
    const shape = modelShape(local.config);
    this.dimension = shape.hidden;
    // RoBERTa-family position tables start after the padding index, so two rows are not usable positions.
    const positions =
      shape.positions !== null && /roberta|camembert/.test(String(local.config.model_type ?? '')) ? shape.positions - 2 : shape.positions;
    const declared = Number(this.tokenizer.model_max_length);
    const tokenizerLimit = Number.isFinite(declared) && declared > 0 && declared < NO_LIMIT ? declared : null;
    this.window = Math.min(positions ?? Infinity, tokenizerLimit ?? Infinity);
    if (!Number.isFinite(this.window)) this.window = FALLBACK_WINDOW;

    const conventions = modelConventions(options.model);
    this.documentPrefix = options.documentPrefix ?? conventions.documentPrefix;
    this.queryPrefix = options.queryPrefix ?? conventions.queryPrefix;
    this.pooling = conventions.pooling;
    this.specialIds = new Set(this.tokenizer.all_special_ids);
    this.padId = this.tokenizer.pad_token_id ?? 0;
    this.batchSize = Math.max(1, options.batchSize ?? 16);
    this.tokenCounter = { count: (text: string) => this.countTokens(text) };
    const specials = this.tokenizer.encode('').length;
    this.maxTokens = Math.max(1, this.window - specials - this.countTokens(this.documentPrefix));
  }

  /**
   * Loads tokenizer and ONNX weights now, downloading them into `modelsDir` first when they are missing and
   * downloads are allowed. A missing model otherwise raises EmbeddingModelUnavailableError naming the folder.
   */
  static async load(options: TransformersEmbedderOptions): Promise<TransformersEmbedder> {
    const dir = modelDirectory(options.modelsDir, options.model);
    const missing = missingFiles(dir);
    if (missing.length > 0) {
      if (!options.allowDownload) {
        throw new EmbeddingModelUnavailableError(
          options.model,
          dir,
          `missing ${missing.join(', ')}, and downloads are disallowed (set ALLOW_MODEL_DOWNLOAD=true or copy the model there)`,
        );
      }
      await downloadModel(options.model, options.quantized ?? true, options);
    }
    const embedder = TransformersEmbedder.fromLocalFiles(options);
    await embedder.ready();
    return embedder;
  }

  /**
   * Synchronous construction from files already in `modelsDir` (dimension, window and tokenizer are known at
   * once); the ONNX session loads on first use. Pool threads rebuild embedders this way from a cloneable config.
   */
  static fromLocalFiles(options: TransformersEmbedderOptions): TransformersEmbedder {
    return new TransformersEmbedder(options, readLocalModel(options.modelsDir, options.model, options.quantized ?? true));
  }

  /** Resolves once the ONNX session is loaded. */
  async ready(): Promise<void> {
    await this.model();
  }

  /** Tokens of `text` alone, as this model counts them (no special tokens, no prefix). */
  countTokens(text: string): number {
    return text.length === 0 ? 0 : this.tokenizer.encode(text, { add_special_tokens: false }).length;
  }

  /** The token ids the model sees for `text`: prefix added, special tokens added, truncated to the window. */
  encode(text: string, role: 'document' | 'query'): number[] {
    const prefix = role === 'query' ? this.queryPrefix : this.documentPrefix;
    const ids = this.tokenizer.encode(prefix + text);
    if (ids.length <= this.window) return ids;
    // Keep the closing special tokens ([SEP], </s>): the model never saw a sequence without them.
    let tail = 0;
    while (tail < ids.length - 1 && this.specialIds.has(ids[ids.length - 1 - tail])) tail++;
    return [...ids.slice(0, this.window - tail), ...ids.slice(ids.length - tail)];
  }

  embedDocuments(texts: string[]): Promise<Float32Array[]> {
    return this.embed(texts, 'document');
  }

  async embedQuery(text: string): Promise<Float32Array> {
    const [vector] = await this.embed([text], 'query');
    return vector;
  }

  /** Releases the ONNX session. */
  async dispose(): Promise<void> {
    const session = this.session;
    this.session = null;
    if (session) await (await session).dispose();
  }

  private model(): Promise<PreTrainedModel> {
    this.session ??= loadModel(this.modelId, this.dtype, this.options);
    this.session.catch(() => (this.session = null)); // a failed load may be retried
    return this.session;
  }

  private async embed(texts: string[], role: 'document' | 'query'): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const encoded = texts.map((text) => this.encode(text, role));
    // Similar lengths share a batch, so little compute goes to padding.
    const order = encoded.map((_, i) => i).sort((a, b) => encoded[a].length - encoded[b].length);
    const model = await this.model();
    const vectors = new Array<Float32Array>(texts.length);
    for (let start = 0; start < order.length; start += this.batchSize) {
      const batch = order.slice(start, start + this.batchSize);
      const pooled = await this.runBatch(
        model,
        batch.map((i) => encoded[i]),
      );
      batch.forEach((index, j) => (vectors[index] = pooled[j]));
    }
    return vectors;
  }

  private async runBatch(model: PreTrainedModel, rows: number[][]): Promise<Float32Array[]> {
    const { Tensor: TensorClass } = transformers();
    const width = Math.max(...rows.map((row) => row.length));
    const ids = new BigInt64Array(rows.length * width).fill(BigInt(this.padId));
    const mask = new BigInt64Array(rows.length * width);
    rows.forEach((row, r) => {
      row.forEach((id, t) => {
        ids[r * width + t] = BigInt(id);
        mask[r * width + t] = 1n;
      });
    });
    const dims = [rows.length, width];
    const output = (await model.forward({
      input_ids: new TensorClass('int64', ids, dims),
      attention_mask: new TensorClass('int64', mask, dims),
    })) as Record<string, Tensor>;
    const states = output.last_hidden_state ?? output.token_embeddings ?? Object.values(output)[0];
    try {
      const [, sequence, hidden] = states.dims;
      const data = states.data as Float32Array;
      return rows.map((_, r) => normalizeInPlace(poolRow(data, r, sequence, hidden, mask, this.pooling)));
    } finally {
      for (const tensor of Object.values(output)) tensor.dispose();
    }
  }
}
