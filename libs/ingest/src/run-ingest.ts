import type { ArticleInput } from '@lectern/corpus';
import { chunkArticle, type ChunkedArticle } from '@lectern/chunking';
import { createEmbedder, type Embedder, type EmbedderConfig } from '@lectern/embeddings';
import { buildArticle, type OcrSettings, type PageListener, type ParseLimits, type ServiceOutputs } from '@lectern/parsing';
import { TiktokenCounter } from '@lectern/text';
import { NoPassagesError } from './errors';

/** What the CPU stage needs; structured-cloneable so it can cross into a pool thread. */
export interface ParseTask {
  data: Uint8Array;
  outputs: ServiceOutputs;
  maxTokens: number;
  /** Caps on inflated content and text items per page (PARSE_MAX_CONTENT_MB, PARSE_MAX_PAGE_ITEMS). */
  limits?: ParseLimits;
  /** Which pages are read by OCR, and in which languages (default: `auto`, English). */
  ocr?: OcrSettings;
}

export interface ParseResult {
  article: ChunkedArticle;
  parsers: string[];
  warnings: string[];
}

export interface EmbedTask {
  embedder: EmbedderConfig;
  texts: string[];
}

const counters = new Map<string, TiktokenCounter>();
const embedders = new Map<string, Embedder>();

/** Parse (merging whatever the services returned) and chunk: the first CPU stage of ingestion. */
export async function parseAndChunk(task: ParseTask, onPage?: PageListener): Promise<ParseResult> {
  const parsed = await buildArticle(task.data, task.outputs, { onPage, limits: task.limits, ocr: task.ocr });
  let counter = counters.get('cl100k');
  if (!counter) counters.set('cl100k', (counter = new TiktokenCounter()));
  const article = chunkArticle(parsed, { maxTokens: task.maxTokens, counter });
  if (!article.sections.some((s) => s.contexts.length > 0)) throw new NoPassagesError();
  return { article, parsers: parsed.parsers, warnings: parsed.warnings ?? [] };
}

/** Embed a batch of texts; the embedder is built once per thread from its (cloneable) configuration. */
export async function embedTexts(task: EmbedTask): Promise<Float32Array[]> {
  const key = JSON.stringify(task.embedder);
  let embedder = embedders.get(key);
  if (!embedder) embedders.set(key, (embedder = createEmbedder(task.embedder)));
  return embedder.embedDocuments(task.texts);
}

/** Section titles go into the embedded text: a context is about its section even when it never names it. */
export function textsToEmbed(article: ChunkedArticle): string[] {
  return article.sections.flatMap((s) => s.contexts.map((c) => (s.title ? `${s.title}\n${c.text}` : c.text)));
}

/** The corpus row for a chunked article and its vectors (one per context, in reading order). */
export function toArticleInput(documentId: string, article: ChunkedArticle, vectors: Float32Array[], embeddingModel: string): ArticleInput {
  let next = 0;
  const { sections: _chunked, ...metadata } = article;
  return {
    ...metadata,
    documentId,
    embeddingModel,
    sections: article.sections.map((section) => ({
      number: section.number,
      title: section.title,
      level: section.level,
      numTokens: section.numTokens,
      contexts: section.contexts.map((context) => ({ ...context, embedding: vectors[next++] })),
    })),
  };
}

export interface IngestInput {
  documentId: string;
  data: Uint8Array;
  outputs?: ServiceOutputs;
  embedder: EmbedderConfig & { modelId: string };
  maxTokens: number;
  ocr?: OcrSettings;
}

/** The whole CPU pipeline on the calling thread — parse → chunk → embed — for tests and benchmarks. */
export async function runIngest(input: IngestInput): Promise<{ article: ArticleInput; parsers: string[]; warnings: string[] }> {
  const parsed = await parseAndChunk({ data: input.data, outputs: input.outputs ?? {}, maxTokens: input.maxTokens, ocr: input.ocr });
  const { modelId, ...embedder } = input.embedder;
  const vectors = await embedTexts({ embedder, texts: textsToEmbed(parsed.article) });
  return {
    article: toArticleInput(input.documentId, parsed.article, vectors, modelId),
    parsers: parsed.parsers,
    warnings: parsed.warnings,
  };
}
