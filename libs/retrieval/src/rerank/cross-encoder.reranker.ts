import * as fs from 'node:fs';
import * as path from 'node:path';
import { RerankerUnavailableError, type Reranker } from './reranker';

/** A 22M-parameter MS MARCO cross-encoder: fast enough on CPU for the top few dozen hits. */
export const CROSS_ENCODER_MODEL = 'Xenova/ms-marco-MiniLM-L-6-v2';
const BATCH_SIZE = 16;

export interface CrossEncoderOptions {
  /** `<modelsDir>/<org>/<name>/` holds the model (config.embeddings.modelsDir). */
  modelsDir: string;
  /** May download the model into `modelsDir` when it is missing (ALLOW_MODEL_DOWNLOAD). */
  allowDownload: boolean;
  model?: string;
}

/** The ONNX weights transformers.js would load for `dtype`, in order of preference. */
const WEIGHTS = [
  { file: 'onnx/model.onnx', dtype: 'fp32' },
  { file: 'onnx/model_quantized.onnx', dtype: 'q8' },
] as const;

/** Which weights of `model` are present under `modelsDir`, or null when the model is not there complete. */
export function localCrossEncoderWeights(modelsDir: string, model = CROSS_ENCODER_MODEL): 'fp32' | 'q8' | null {
  const dir = path.join(modelsDir, ...model.split('/'));
  const has = (file: string) => fs.existsSync(path.join(dir, file));
  if (!has('config.json') || !has('tokenizer.json')) return null;
  return WEIGHTS.find((weights) => has(weights.file))?.dtype ?? null;
}

interface LoadedModel {
  tokenizer: (text: string[], options: { text_pair: string[]; padding: boolean; truncation: boolean }) => unknown;
  model: (inputs: unknown) => Promise<{ logits: { data: ArrayLike<number> } }>;
}

/**
 * Cross-encoder relevance via @huggingface/transformers: the tokenizer encodes (query, passage) pairs and the
 * sequence-classification head's single logit goes through a sigmoid, giving 0–1. (The text-classification pipeline
 * would softmax one logit into a constant 1, hence the model is called directly.) Loaded on first use; never
 * downloads unless allowed.
 */
export class CrossEncoderReranker implements Reranker {
  readonly name = 'cross-encoder' as const;
  private loading: Promise<LoadedModel> | null = null;

  constructor(private readonly options: CrossEncoderOptions) {}

  /** True when the model can be used without a download, or a download is allowed. */
  isAvailable(): boolean {
    return this.options.allowDownload || localCrossEncoderWeights(this.options.modelsDir, this.modelId) !== null;
  }

  async score(query: string, passages: readonly string[]): Promise<Array<number | null>> {
    const { tokenizer, model } = await this.load();
    const scores: number[] = [];
    for (let start = 0; start < passages.length; start += BATCH_SIZE) {
      const batch = passages.slice(start, start + BATCH_SIZE);
      const inputs = tokenizer(
        batch.map(() => query),
        { text_pair: [...batch], padding: true, truncation: true },
      );
      const { logits } = await model(inputs);
      for (let i = 0; i < batch.length; i++) scores.push(1 / (1 + Math.exp(-Number(logits.data[i]))));
    }
    return scores;
  }

  private get modelId(): string {
    return this.options.model ?? CROSS_ENCODER_MODEL;
  }

  private load(): Promise<LoadedModel> {
    this.loading ??= this.loadModel().catch((error: unknown) => {
      this.loading = null;
      throw new RerankerUnavailableError(`cannot load the cross-encoder ${this.modelId}: ${(error as Error).message}`);
    });
    return this.loading;
  }

  private async loadModel(): Promise<LoadedModel> {
    const { modelsDir, allowDownload } = this.options;
    const dtype = localCrossEncoderWeights(modelsDir, this.modelId) ?? (allowDownload ? 'q8' : null);
    if (dtype === null) throw new Error(`not found under ${modelsDir} and ALLOW_MODEL_DOWNLOAD is false`);
    // Loaded lazily: the library and onnxruntime cost seconds to load, and most requests never rerank.
    const transformers = await import('@huggingface/transformers');
    // cache_dir lays files out as <modelsDir>/<org>/<name>/, the layout the rest of Lectern uses.
    const common = { cache_dir: modelsDir, local_files_only: !allowDownload };
    const tokenizer = await transformers.AutoTokenizer.from_pretrained(this.modelId, common);
    const model = await transformers.AutoModelForSequenceClassification.from_pretrained(this.modelId, { ...common, dtype });
    return {
      tokenizer: (text, options) => tokenizer(text, options),
      model: (inputs) => model(inputs as Record<string, unknown>) as Promise<{ logits: { data: ArrayLike<number> } }>,
    };
  }
}
