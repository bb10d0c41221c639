import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CorpusDb } from '@lectern/corpus';
import { LexicalEmbedder } from '@lectern/embeddings';
import { runIngest } from '@lectern/ingest';
import { withPdfDocument } from '@lectern/parsing';

export interface IngestBenchRow {
  what: string;
  documents: number;
  pages: number;
  seconds: number;
  pagesPerSecond: number;
}

/**
 * Ingest speed on the real corpus, single-threaded (so pages/s is pages/s per core): the full pipeline
 * (PDF.js parse → chunk → embed → one SQLite transaction per article) against a baseline measured in the
 * same run: bare PDF.js text extraction of the same pages, the least any PDF.js-based reader must do.
 */
export async function runIngestBench(corpusDir: string, options: { rounds: number }): Promise<IngestBenchRow[]> {
  const files = await listPdfs(corpusDir);
  const pdfs = await Promise.all(files.map(async (f) => new Uint8Array(await fs.readFile(f))));
  const pagesOf: number[] = [];

  const baseline = await timed(options.rounds, async () => {
    pagesOf.length = 0;
    for (const data of pdfs) pagesOf.push(await extractTextOnly(data));
  });

  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lectern-bench-ingest-'));
  const embedder = new LexicalEmbedder();
  let round = 0;
  const full = await timed(options.rounds, async () => {
    const corpus = CorpusDb.open(path.join(dir, `corpus-${round++}.sqlite`), embedder);
    try {
      for (const [i, data] of pdfs.entries()) {
        const { article } = await runIngest({
          documentId: `doc-${i}`,
          data,
          embedder: { kind: 'lexical', modelId: embedder.modelId },
          maxTokens: 512,
        });
        corpus.insertArticle(article);
      }
    } finally {
      corpus.close();
    }
  });
  await fs.rm(dir, { recursive: true, force: true });

  const pages = pagesOf.reduce((a, b) => a + b, 0);
  const row = (what: string, seconds: number): IngestBenchRow => ({
    what,
    documents: pdfs.length,
    pages,
    seconds,
    pagesPerSecond: pages / seconds,
  });
  return [row('pdf.js text extraction only (baseline)', baseline), row('Lectern ingest: parse+chunk+embed+store', full)];
}

async function listPdfs(corpusDir: string): Promise<string[]> {
  const found: string[] = [];
  for (const dir of [path.join(corpusDir, 'pdf'), path.join(corpusDir, 'pdf', 'extra')]) {
    for (const name of (await fs.readdir(dir)).sort()) if (name.endsWith('.pdf')) found.push(path.join(dir, name));
  }
  return found;
}

/** Median seconds over `rounds` runs (after one warm-up run that loads fonts and JIT-compiles). */
async function timed(rounds: number, work: () => Promise<void>): Promise<number> {
  await work();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = process.hrtime.bigint();
    await work();
    times.push(Number(process.hrtime.bigint() - start) / 1e9);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
}

function extractTextOnly(data: Uint8Array): Promise<number> {
  return withPdfDocument(data, async (doc) => {
    for (let p = 1; p <= doc.numPages; p++) await (await doc.getPage(p)).getTextContent();
    return doc.numPages;
  });
}
