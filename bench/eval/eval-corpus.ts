import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadConfig, type LecternConfig } from '@lectern/config';
import type { CorpusDb } from '@lectern/corpus';
import { CATALOG, CORPUS_REGISTRY, createLectern, DOCUMENT_INTAKE, EMBEDDER, INGEST_WORKER, type Lectern } from '@lectern/application';
import type { CatalogDb } from '@lectern/corpus';
import type { ConfiguredEmbedder, CorpusRegistry, DocumentIntake, IngestWorker } from '@lectern/ingest';
import type { DatasetName, EvalDocument } from './eval.types';

/** One dataset ingested into its own project: retrieval for its questions searches only its documents. */
export interface IngestedDataset {
  name: DatasetName;
  corpus: CorpusDb;
  /** EvalDocument.key → article id, for documents that ingested. */
  articleOf: Map<string, string>;
  /** Documents that failed to ingest, with the reason: their questions can only miss. */
  failed: Array<{ key: string; error: string }>;
  contexts: number;
  sections: number;
  pages: number;
  seconds: number;
}

/** A temp data directory with every dataset ingested at one CONTEXT_MAX_TOKENS; close() removes it. */
export interface EvalCorpus {
  contextMaxTokens: number;
  /** The embedder the corpus was built with, why it was chosen, and its default search mode. */
  embedder: ConfiguredEmbedder;
  datasets: Map<DatasetName, IngestedDataset>;
  close(): Promise<void>;
}

/**
 * Ingests with the real pipeline (object store, queue, worker, piscina pool, PDF.js parse, chunk, embed, SQLite),
 * as the API would. `env` passes the caller's settings (EMBEDDINGS, OPENAI_BASE_URL …) through loadConfig, the
 * one reader of configuration; the data directory and token budget are the evaluation's own.
 */
export async function ingestForEval(
  env: NodeJS.ProcessEnv,
  contextMaxTokens: number,
  sets: Array<{ name: DatasetName; documents: EvalDocument[] }>,
): Promise<EvalCorpus> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `lectern-eval-${contextMaxTokens}-`));
  const config: LecternConfig = loadConfig({ ...env, LECTERN_DATA_DIR: dataDir, CONTEXT_MAX_TOKENS: String(contextMaxTokens) });
  const lectern = await createLectern(config);
  const close = async () => {
    await lectern.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  try {
    const datasets = new Map<DatasetName, IngestedDataset>();
    for (const set of sets) datasets.set(set.name, await ingestOne(lectern, set.name, set.documents));
    return { contextMaxTokens, embedder: lectern.get<ConfiguredEmbedder>(EMBEDDER), datasets, close };
  } catch (error) {
    await close();
    throw error;
  }
}

async function ingestOne(lectern: Lectern, name: DatasetName, documents: EvalDocument[]): Promise<IngestedDataset> {
  const runtime = {
    catalog: lectern.get<CatalogDb>(CATALOG),
    intake: lectern.get<DocumentIntake>(DOCUMENT_INTAKE),
    worker: lectern.get<IngestWorker>(INGEST_WORKER),
    corpora: lectern.get<CorpusRegistry>(CORPUS_REGISTRY),
  };
  const project = runtime.catalog.projects.create(`eval-${name}`);
  const keyOfFile = new Map<string, string>();
  for (const doc of documents) {
    const { accepted } = await runtime.intake.submit(project.id, [{ originalName: doc.filename, data: doc.pdf }]);
    for (const a of accepted) keyOfFile.set(a.document.id, doc.key);
  }
  const start = process.hrtime.bigint();
  await runtime.worker.drain();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const corpus = runtime.corpora.get(project.id);
  const articleOf = new Map<string, string>();
  const failed: IngestedDataset['failed'] = [];
  let pages = 0;
  for (const row of runtime.catalog.documents.listByProject(project.id)) {
    const key = keyOfFile.get(row.id) ?? row.filename;
    if (row.status === 'ready' && row.articleId) articleOf.set(key, row.articleId);
    else failed.push({ key, error: row.error ?? row.status });
    pages += row.pageCount ?? 0;
  }
  const stats = corpus.stats();
  return { name, corpus, articleOf, failed, contexts: stats.contexts, sections: stats.sections, pages, seconds };
}
