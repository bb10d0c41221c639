/**
 * A real ingested corpus for retrieval specs: shared-corpus PDFs parsed by the embedded PDF.js parser (parsed once
 * and cached on disk, see test/support/parsed-corpus.ts), chunked, embedded with the offline lexical embedder and
 * stored — the ingest pipeline's steps, without the ingest lib (retrieval sits below it).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chunkArticle } from '@lectern/chunking';
import { TiktokenCounter } from '@lectern/text';
import { CorpusDb } from '@lectern/corpus';
import { LexicalEmbedder } from '@lectern/embeddings';
import { parsedCorpusPdf } from '../../../../test/support/parsed-corpus';

export interface PdfCorpus {
  dir: string;
  corpus: CorpusDb;
  embedder: LexicalEmbedder;
  /** Article id by PDF file name. */
  articleIds: Map<string, string>;
  dispose(): void;
}

export async function buildPdfCorpus(pdfNames: string[], maxTokens = 160): Promise<PdfCorpus> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-retrieval-pdf-'));
  const embedder = new LexicalEmbedder();
  const corpus = CorpusDb.open(path.join(dir, 'corpus.sqlite'), embedder);
  const counter = new TiktokenCounter();
  const articleIds = new Map<string, string>();
  for (const name of pdfNames) {
    const parsed = await parsedCorpusPdf(name);
    const article = chunkArticle(parsed, { maxTokens, counter });
    const texts = article.sections.flatMap((s) => s.contexts.map((c) => (s.title ? `${s.title}\n${c.text}` : c.text)));
    const vectors = await embedder.embedDocuments(texts);
    let next = 0;
    const { articleId } = corpus.insertArticle({
      documentId: `doc-${name}`,
      title: article.title,
      authors: article.authors,
      abstract: article.abstract,
      datePublished: article.datePublished,
      journal: article.journal,
      doi: article.doi,
      pageCount: article.pageCount,
      numTokens: article.numTokens,
      embeddingModel: embedder.modelId,
      sections: article.sections.map((section) => ({
        number: section.number,
        title: section.title,
        level: section.level,
        numTokens: section.numTokens,
        contexts: section.contexts.map((context) => ({ ...context, embedding: vectors[next++] })),
      })),
    });
    articleIds.set(name, articleId);
  }
  return {
    dir,
    corpus,
    embedder,
    articleIds,
    dispose() {
      corpus.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
