import type { ArticleInput } from '@lectern/corpus';
import { chunkArticle, type ChunkedArticle, type TokenCounter } from '@lectern/chunking';
import type { Embedder } from '@lectern/embeddings';
import type { DocumentParser } from '@lectern/parsing';

export type IngestStage = 'parsing' | 'embedding';

export interface IngestInput {
  documentId: string;
  data: Uint8Array;
  parser: DocumentParser;
  counter: TokenCounter;
  embedder: Embedder;
  maxTokens: number;
  /** Called when the pipeline enters a stage, so the catalog can show progress. */
  onStage?: (stage: IngestStage) => void;
  embedBatchSize?: number;
}

export interface IngestOutput {
  article: ArticleInput;
  parsers: string[];
}

/**
 * The CPU part of ingestion — parse → chunk → embed — with no database writes, so it can run in a worker
 * thread and be called directly by tests. The caller writes the result in one transaction.
 */
export async function runIngest(input: IngestInput): Promise<IngestOutput> {
  input.onStage?.('parsing');
  const parsed = await input.parser.parse(input.data);
  const chunked = chunkArticle(parsed, { maxTokens: input.maxTokens, counter: input.counter });
  input.onStage?.('embedding');
  const vectors = await embedAll(chunked, input.embedder, input.embedBatchSize ?? 64);
  let next = 0;
  const article: ArticleInput = {
    documentId: input.documentId,
    title: chunked.title,
    authors: chunked.authors,
    abstract: chunked.abstract,
    datePublished: chunked.datePublished,
    journal: chunked.journal,
    doi: chunked.doi,
    pageCount: chunked.pageCount,
    numTokens: chunked.numTokens,
    embeddingModel: input.embedder.modelId,
    sections: chunked.sections.map((section) => ({
      number: section.number,
      title: section.title,
      level: section.level,
      numTokens: section.numTokens,
      contexts: section.contexts.map((context) => ({ ...context, embedding: vectors[next++] })),
    })),
  };
  return { article, parsers: parsed.parsers };
}

async function embedAll(article: ChunkedArticle, embedder: Embedder, batchSize: number): Promise<Float32Array[]> {
  // Section titles go into the embedded text: a context is about its section even when it never names it.
  const texts = article.sections.flatMap((s) => s.contexts.map((c) => (s.title ? `${s.title}\n${c.text}` : c.text)));
  const vectors: Float32Array[] = [];
  for (let i = 0; i < texts.length; i += batchSize) {
    vectors.push(...(await embedder.embedDocuments(texts.slice(i, i + batchSize))));
    // Yield between batches so an API sharing this process keeps answering during a long embed.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return vectors;
}
