import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadConfig } from '@lectern/config';
import { CATALOG, createLectern, DOCUMENT_INTAKE, EMBEDDER, INGEST_POOL, INGEST_WORKER } from '@lectern/application';
import type { CatalogDb } from '@lectern/corpus';
import type { ConfiguredEmbedder, DocumentIntake, IngestWorker, LazyIngestPool } from '@lectern/ingest';
import { startGrobidReplay } from '../test/replay/grobid.replay-server';

export interface PoolBenchRow {
  parsers: string;
  threads: number;
  documents: number;
  pages: number;
  seconds: number;
  docsPerSecond: number;
  pagesPerSecond: number;
  speedUp: number;
  /** Highest resident set of the process (main thread and pool threads) while the batch ran, and before it. */
  peakRssMb: number;
  rssBeforeMb: number;
  /** CPU time of the whole process (main thread, pool threads, V8's GC threads) over wall time: cores kept busy. */
  coresBusy: number;
}

/**
 * End-to-end ingest through the real worker (queue, object store, pool threads, corpus writes) with 1, 2 …
 * `maxThreads` pool threads: every corpus PDF with the embedded parser alone, and the PDFs that have a recorded
 * GROBID TEI with GROBID (the replay server) as the skeleton. Speed-up is against one thread of the same
 * configuration, measured in the same run.
 */
export async function runPoolBench(corpusDir: string, maxThreads: number): Promise<PoolBenchRow[]> {
  const files: string[] = [];
  for (const dir of [path.join(corpusDir, 'pdf'), path.join(corpusDir, 'pdf', 'extra')]) {
    for (const name of (await fs.readdir(dir)).sort()) if (name.endsWith('.pdf')) files.push(path.join(dir, name));
  }
  const pdfs = await Promise.all(files.map(async (f) => ({ name: path.basename(f), data: await fs.readFile(f) })));
  const recorded = new Set((await fs.readdir(path.join(corpusDir, 'grobid'))).map((f) => f.replace(/\.tei\.xml$/, '.pdf')));
  const withTei = pdfs.filter((p) => recorded.has(p.name));
  const threadCounts = [...new Set([1, 2, maxThreads])].filter((n) => n <= Math.max(2, maxThreads));
  const grobid = await startGrobidReplay();
  const rows: PoolBenchRow[] = [];
  try {
    for (const [label, env, set] of [
      ['embedded (pdf.js), all PDFs', {}, pdfs],
      ['GROBID replay skeleton, PDFs with a TEI', { GROBID_URL: grobid.url }, withTei],
    ] as const) {
      let single = 0;
      for (const threads of threadCounts) {
        const row = await ingestOnce(set, threads, env);
        if (threads === 1) single = row.seconds;
        rows.push({ parsers: label, ...row, speedUp: single / row.seconds });
      }
    }
  } finally {
    await grobid.close();
  }
  return rows;
}

async function ingestOnce(pdfs: Array<{ name: string; data: Buffer }>, threads: number, env: Record<string, string>) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lectern-bench-pool-'));
  const config = loadConfig({
    LECTERN_DATA_DIR: dataDir,
    WORKERS: String(threads),
    MAX_CONCURRENT_DOCUMENTS: String(threads * 2),
    ...env,
  });
  const lectern = await createLectern(config);
  const runtime = {
    catalog: lectern.get<CatalogDb>(CATALOG),
    intake: lectern.get<DocumentIntake>(DOCUMENT_INTAKE),
    worker: lectern.get<IngestWorker>(INGEST_WORKER),
    warmUp: () => lectern.get<LazyIngestPool>(INGEST_POOL).warmUp(lectern.get<ConfiguredEmbedder>(EMBEDDER).poolConfig),
  };
  try {
    const project = runtime.catalog.projects.create('bench');
    for (const pdf of pdfs) await runtime.intake.submit(project.id, [{ originalName: pdf.name, data: pdf.data }]);
    // Warm the pool's threads (module loading, JIT) outside the timed part, as a long-running server would be.
    await runtime.warmUp();
    const rssBefore = process.memoryUsage.rss();
    let peakRss = rssBefore;
    // The pool threads live in this process, so its RSS holds their heaps too; the main thread only awaits here.
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 10);
    const cpuBefore = process.cpuUsage();
    const start = process.hrtime.bigint();
    try {
      await runtime.worker.drain();
    } finally {
      clearInterval(sampler);
    }
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    const cpu = process.cpuUsage(cpuBefore);
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
    const docs = runtime.catalog.documents.listByProject(project.id);
    const failed = docs.filter((d) => d.status !== 'ready');
    if (failed.length > 0) throw new Error(`bench ingest failed for ${failed.map((d) => `${d.filename}: ${d.error}`).join('; ')}`);
    // A benchmark of GROBID that silently fell back to the embedded parser would measure the wrong thing.
    const degraded = docs.filter((d) => d.warnings.length > 0);
    if (degraded.length > 0)
      throw new Error(`bench ingest degraded: ${degraded.map((d) => `${d.filename}: ${d.warnings.join(', ')}`).join('; ')}`);
    const pages = docs.reduce((n, d) => n + (d.pageCount ?? 0), 0);
    const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
    return {
      threads,
      documents: docs.length,
      pages,
      seconds,
      docsPerSecond: docs.length / seconds,
      pagesPerSecond: pages / seconds,
      peakRssMb: mb(peakRss),
      rssBeforeMb: mb(rssBefore),
      coresBusy: (cpu.user + cpu.system) / 1e6 / seconds,
    };
  } finally {
    await lectern.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
