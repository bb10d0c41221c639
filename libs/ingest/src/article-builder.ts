import type { ArticleInput } from '@lectern/corpus';
import type { Embedder, EmbedderConfig } from '@lectern/embeddings';
import type { OcrSettings, PageStep, ParseLimits } from '@lectern/parsing';
import type { ObjectStore } from '@lectern/storage';
import { fanOutSignal } from './fan-out-signal';
import type { IngestPool } from './ingest.pool';
import type { ParseServices } from './parse-services';
import { textsToEmbed, toArticleInput } from './run-ingest';

/** What the build stage hands to the commit stage: the document's article, ready to store. */
export interface BuiltArticle {
  /** Sections, contexts and one vector per context, in reading order. */
  article: ArticleInput;
  parsers: string[];
  warnings: string[];
}

/** The stage a document is in while it is built; reported to the catalog (embedded) or through the queue. */
export type BuildStage = 'parsing' | 'embedding';

/** Where a document's PDF is, and what it is built as. */
export interface BuildSource {
  documentId: string;
  storageKey: string;
}

export interface BuildContext {
  /** For the log: `document=… job=…`. */
  tag: string;
  /** Aborted when the work is to be abandoned (its job's lease was lost). */
  signal: AbortSignal;
  /** Wraps each awaited step, so an abandoned build stops at once instead of at the next step. */
  guard<T>(work: Promise<T>): Promise<T>;
  /** Reports the stage the build enters; throws (and so stops the build) when the work is to be abandoned. */
  onStage(stage: BuildStage): Promise<void>;
  /** Called after each page the embedded parser read (page of pages, and whether by OCR); must not throw. */
  onPage?(page: number, pages: number, step: PageStep): void;
}

export interface ArticleBuilderDeps {
  store: ObjectStore;
  services: ParseServices;
  pool: IngestPool;
  /** The embedder the pool threads rebuild, and the model the corpus records. */
  embedder: { config: EmbedderConfig; instance: Embedder };
  maxTokens: number;
  parseLimits?: ParseLimits;
  embedBatchSize: number;
  /** Which pages the embedded parser reads by OCR (default: `auto`, English). */
  ocr?: OcrSettings;
}

/**
 * The build stage of ingestion: fetch the PDF, ask the parse services, parse and chunk, embed. It reads nothing but
 * the object store and writes nothing, so it can run on any machine that reaches the store.
 */
export class ArticleBuilder {
  constructor(private readonly deps: ArticleBuilderDeps) {}

  async build(source: BuildSource, context: BuildContext): Promise<BuiltArticle> {
    const { store, services, pool, maxTokens, parseLimits: limits } = this.deps;
    const { guard, signal } = context;
    await context.onStage('parsing');
    const data = await guard(store.get(source.storageKey));
    const { outputs, warnings: serviceWarnings } = await guard(services.collect(data, context.tag, signal));
    const onPage = context.onPage?.bind(context);
    const parsed = await guard(pool.parse({ data, outputs, maxTokens, limits, ocr: this.deps.ocr }, { signal, onPage }));
    await context.onStage('embedding');
    const vectors = await guard(this.embed(textsToEmbed(parsed.article), signal));
    const article = toArticleInput(source.documentId, parsed.article, vectors, this.deps.embedder.instance.modelId);
    return { article, parsers: parsed.parsers, warnings: [...serviceWarnings, ...parsed.warnings] };
  }

  private async embed(texts: string[], signal: AbortSignal): Promise<Float32Array[]> {
    const { pool, embedder, embedBatchSize } = this.deps;
    const batches: string[][] = [];
    for (let i = 0; i < texts.length; i += embedBatchSize) batches.push(texts.slice(i, i + embedBatchSize));
    const fanned = fanOutSignal(signal, batches.length);
    try {
      const embedded = batches.map((batch) => pool.embed({ embedder: embedder.config, texts: batch }, { signal: fanned.signal }));
      return (await Promise.all(embedded)).flat();
    } finally {
      fanned.release();
    }
  }
}
