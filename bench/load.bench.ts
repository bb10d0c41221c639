import * as fs from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { CORPUS_DIR } from '../test/support/paths';
import { startApiProcess } from './api-process';
import { syntheticQueries } from './synthetic-corpus';

export interface LoadBenchRow {
  scenario: 'search only' | 'search while ingesting';
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  timeouts: number;
  /** How the ingest batch fared (settled in the window, then until all settled); null without ingest. */
  ingested: string | null;
}

export interface LoadBenchOptions {
  /** PDFs to take from: every other one is preloaded, the rest are the batch ingested under load. */
  pdfDir: string;
  seconds: number;
  connections?: number;
  log?: (line: string) => void;
}

const QUERY_COUNT = 40;

/**
 * The real API (`apps/api` main, ingest worker in the same process) on a temp data directory and a free loopback
 * port, driven by autocannon from this process: `connections` concurrent hybrid searches for `seconds`, first alone
 * (the baseline), then while a batch of PDFs, uploaded just before, is ingested into the same project.
 */
export async function runLoadBench(options: LoadBenchOptions): Promise<LoadBenchRow[]> {
  const log = options.log ?? (() => undefined);
  const pdfs = fs
    .readdirSync(options.pdfDir)
    .filter((file) => file.endsWith('.pdf'))
    .sort()
    .map((file) => path.join(options.pdfDir, file));
  const preload = pdfs.filter((_, i) => i % 2 === 0);
  const batch = pdfs.filter((_, i) => i % 2 === 1);
  const api = await startApiProcess({ env: { LOG_FORMAT: 'json' }, dataDirPrefix: 'lectern-bench-load-', stderr: true, graceMs: 10_000 });
  const { base } = api;
  try {
    const project = (await postJson(`${base}/projects`, { name: 'load-bench' })) as { id: string };
    const preloadStarted = performance.now();
    await upload(base, project.id, preload);
    await waitFor(async () => (await settled(base, project.id)) >= preload.length, 300_000, 'the preload to be ingested');
    const preloadSeconds = (performance.now() - preloadStarted) / 1000;
    log(
      `load: ${preload.length} PDFs preloaded in ${preloadSeconds.toFixed(1)} s, searching with ${options.connections ?? 50} connections`,
    );

    const searchAlone = await hammer(base, project.id, options);
    const rows: LoadBenchRow[] = [{ scenario: 'search only', ...searchAlone, ingested: null }];

    // Uploaded just before the window, not during it: with 50 connections busy, the upload request itself would
    // queue behind searches for the whole window and nothing would be ingested under load.
    const started = performance.now();
    await upload(base, project.id, batch);
    const acceptedSeconds = (performance.now() - started) / 1000;
    const underIngest = await hammer(base, project.id, options);
    const inWindow = (await settled(base, project.id)) - preload.length;
    await waitFor(async () => (await settled(base, project.id)) >= pdfs.length, 600_000, 'the ingest batch to settle');
    const settledSeconds = (performance.now() - started) / 1000;
    const ingested =
      `${inWindow} of ${batch.length} PDFs settled in the window; upload accepted after ${acceptedSeconds.toFixed(1)} s, ` +
      `all settled after ${settledSeconds.toFixed(1)} s (the preload's ${preload.length} PDFs, no searches: ${preloadSeconds.toFixed(1)} s)`;
    rows.push({ scenario: 'search while ingesting', ...underIngest, ingested });
    log(`load: ${ingested}`);
    return rows;
  } finally {
    await api.stop();
  }
}

/** Hybrid searches over rotating questions from every connection, bounded by time; no request leaves loopback. */
async function hammer(base: string, projectId: string, options: LoadBenchOptions): Promise<Omit<LoadBenchRow, 'scenario' | 'ingested'>> {
  const requests = syntheticQueries(QUERY_COUNT, 11).map((query) => ({
    method: 'POST' as const,
    path: `/projects/${projectId}/search`,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, mode: 'hybrid' }),
  }));
  const result = await autocannon({ url: base, connections: options.connections ?? 50, duration: options.seconds, requests });
  return {
    seconds: options.seconds,
    requests: result.requests.total,
    requestsPerSecond: Number(result.requests.average.toFixed(1)),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
  };
}

async function upload(base: string, projectId: string, files: string[]): Promise<void> {
  const form = new FormData();
  for (const file of files) form.append('files', new Blob([fs.readFileSync(file)], { type: 'application/pdf' }), path.basename(file));
  const response = await fetch(`${base}/projects/${projectId}/documents`, { method: 'POST', body: form });
  if (response.status !== 202) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
}

/** Documents of the project that are ready or failed. */
async function settled(base: string, projectId: string): Promise<number> {
  const documents = (await (await fetch(`${base}/projects/${projectId}/documents`)).json()) as Array<{ status: string }>;
  return documents.filter((d) => d.status === 'ready' || d.status === 'failed').length;
}

async function postJson(url: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
}

/** Ratio of the run under ingest to the baseline, for the table (throughput < 1 and latency > 1: ingest costs). */
export function loadTable(rows: LoadBenchRow[]): Array<Record<string, string | number>> {
  const baseline = rows[0];
  return rows.map((r) => ({
    scenario: r.scenario,
    s: r.seconds,
    requests: r.requests,
    'req/s': r.requestsPerSecond,
    'p50 ms': r.p50Ms,
    'p99 ms': r.p99Ms,
    errors: r.errors,
    'non-2xx': r.non2xx,
    timeouts: r.timeouts,
    'ingest batch settled': r.ingested ?? '',
    'req/s vs search only': (r.requestsPerSecond / baseline.requestsPerSecond).toFixed(2),
    'p99 vs search only': (r.p99Ms / baseline.p99Ms).toFixed(2),
  }));
}

if (require.main === module) {
  const seconds = Number(process.argv[2] ?? '10');
  runLoadBench({ pdfDir: path.join(CORPUS_DIR, 'pdf'), seconds, log: console.log })
    .then((rows) => console.table(loadTable(rows)))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
