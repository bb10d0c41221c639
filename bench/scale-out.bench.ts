import { promises as fs, readFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadConfig } from '@lectern/config';
import { CATALOG, createLectern, DOCUMENT_INTAKE, LecternLifecycle } from '@lectern/application';
import type { CatalogDb } from '@lectern/corpus';
import type { DocumentIntake, IngestLogger } from '@lectern/ingest';
import { startRedisServer, type RedisServer } from '../test/support/redis-server';
import { startWorkerProcess, WORKER_ENTRY, type WorkerProcess as SpawnedWorker } from '../test/support/worker-process';
import { buildTextPdf } from '../test/fixtures/pdf-fixtures';
import { cpuSecondsFromProcStat, medianBySeconds } from './scale-out.math';

export interface ScaleOutRow {
  setup: string;
  /** Worker processes (the embedded row: the one process that uploads and ingests). */
  processes: number;
  documents: number;
  pages: number;
  seconds: number;
  pagesPerSecond: number;
  /** CPU time of the ingesting processes over wall time. */
  coresBusy: number;
  pagesPerSecondPerCore: number;
  /** redis-server's CPU seconds over the same window (Redis rows only). */
  redisCpuSeconds?: number;
  /** Claims of a document after its first (a failed attempt retried), and failures that said `database is locked`. */
  retries: number;
  lockedErrors: number;
  /** Wall seconds of every round; the row's other numbers are from the median round. */
  rounds?: number[];
}

export interface ScaleOutOptions {
  /** The PDFs, each uploaded once per row into a fresh data dir. */
  pdfs: string[];
  processCounts: number[];
  /** Pool threads per worker process (WORKERS). */
  threadsPerProcess: number;
  /** Runs of every setup, each in a fresh data dir; the median run (by wall time) is reported. */
  rounds: number;
  log?: (line: string) => void;
}

/** Every row uses the same embedder, the one `EMBEDDINGS=auto` picks here when no model is installed. */
const EMBEDDINGS = 'lexical';
const START_TIMEOUT_MS = 60_000;
/** Warm-up documents per process (its MAX_CONCURRENT_DOCUMENTS), before the timed part. */
const WARM_UP_PER_PROCESS = 2;
const INGEST_TIMEOUT_MS = 10 * 60_000;

/**
 * Ingest throughput of the embedded default (SQLite queue, the worker in the uploading process) against 1, 2 … N
 * `npm run worker` processes claiming from a real redis-server, on the same PDFs. Each run: a fresh data dir, the
 * workers started and idle, every PDF uploaded once, timed from the first claim to the last document settled.
 * CPU time is read from /proc for exactly the processes that ingest. Each setup's row is its median run.
 */
export async function runScaleOutBench(options: ScaleOutOptions): Promise<ScaleOutRow[]> {
  await fs.access(WORKER_ENTRY).catch(() => {
    throw new Error(`${WORKER_ENTRY} is missing: run \`npm run build\` first (npm run bench does)`);
  });
  const pdfs = await Promise.all(options.pdfs.map(async (f) => ({ name: path.basename(f), data: await fs.readFile(f) })));
  const log = options.log ?? (() => undefined);
  // The same process with a worker process's settings: tells the queue's share of a difference from the threads'.
  const perProcess = workerSettings(options.threadsPerProcess);
  const setups: Array<{ name: string; run: () => Promise<ScaleOutRow> }> = [
    { name: 'embedded default', run: () => embeddedRow(pdfs, 'embedded default (QUEUE=sqlite, worker in the API process)', {}) },
    {
      name: `embedded, WORKERS=${perProcess.WORKERS}`,
      run: () => embeddedRow(pdfs, `embedded, WORKERS=${perProcess.WORKERS} as each worker process`, perProcess),
    },
    ...options.processCounts.map((processes) => ({
      name: `QUEUE=redis, ${processes} worker process${processes > 1 ? 'es' : ''}`,
      run: () => redisRow(pdfs, processes, options.threadsPerProcess),
    })),
  ];
  // Rounds go through every setup in turn, so load from outside this bench that comes and goes hits them alike.
  const measured: ScaleOutRow[][] = setups.map(() => []);
  for (let round = 1; round <= options.rounds; round++) {
    for (const [i, setup] of setups.entries()) {
      log(`scale-out bench: round ${round}/${options.rounds}, ${setup.name}, ${pdfs.length} PDFs`);
      measured[i].push(await setup.run());
    }
  }
  return measured.map((runs) => ({ ...medianBySeconds(runs), rounds: runs.map((r) => r.seconds) }));
}

type Pdf = { name: string; data: Buffer };

/** The default deployment: one process, SQLite queue, its own worker woken by each upload. */
async function embeddedRow(pdfs: Pdf[], setup: string, env: Record<string, string>): Promise<ScaleOutRow> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lectern-bench-scale-'));
  let firstClaim: bigint | null = null;
  let log = '';
  const logger: IngestLogger = {
    log: (message) => {
      if (firstClaim === null && / ingest started /.test(message)) firstClaim = process.hrtime.bigint();
      log += `${message}\n`;
    },
    warn: (message) => void (log += `${message}\n`),
    error: (message) => void (log += `${message}\n`),
  };
  const lectern = await createLectern(loadConfig({ LECTERN_DATA_DIR: dataDir, EMBEDDINGS, ...env }), { logger });
  try {
    const lifecycle = lectern.get(LecternLifecycle);
    await lifecycle.init();
    lifecycle.startWorker();
    await warmUp(lectern, WARM_UP_PER_PROCESS);
    firstClaim = null;
    const claimsFrom = log.length;
    const cpuBefore = cpuSeconds(process.pid);
    const { catalog, projectId, documents } = await upload(lectern, pdfs);
    const end = await settled(catalog, projectId, documents);
    const cpu = cpuSeconds(process.pid) - cpuBefore;
    return { ...row(setup, 1, catalog, projectId, firstClaim, end, cpu), ...retriesIn(log.slice(claimsFrom)) };
  } finally {
    await lectern.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/** QUEUE=redis: this process uploads (as an API with INGEST_WORKER=off would), `processes` worker processes ingest. */
async function redisRow(pdfs: Pdf[], processes: number, threads: number): Promise<ScaleOutRow> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lectern-bench-scale-'));
  let redis: RedisServer | null = null;
  const workers: WorkerProcess[] = [];
  let lectern: Awaited<ReturnType<typeof createLectern>> | null = null;
  try {
    redis = await startRedisServer();
    const shared = { QUEUE: 'redis', REDIS_URL: redis.url, LECTERN_DATA_DIR: dataDir, EMBEDDINGS };
    lectern = await createLectern(loadConfig({ ...shared, INGEST_WORKER: 'off' }));
    const workerEnv = { ...shared, ...workerSettings(threads) };
    for (let i = 0; i < processes; i++) workers.push(startWorker(workerEnv));
    await Promise.all(workers.map((w) => w.started));
    await warmUp(lectern, WARM_UP_PER_PROCESS * processes, () => checkAlive(workers));
    for (const worker of workers) {
      worker.firstClaim = null;
      worker.claimsFrom = worker.log.length;
    }
    const pids = workers.map((w) => w.child.pid as number);
    const cpuBefore = pids.map(cpuSeconds);
    const redisBefore = cpuSeconds(redis.pid);
    const { catalog, projectId, documents } = await upload(lectern, pdfs);
    const end = await settled(catalog, projectId, documents, () => checkAlive(workers));
    const cpu = pids.reduce((sum, pid, i) => sum + cpuSeconds(pid) - cpuBefore[i], 0);
    const redisCpu = cpuSeconds(redis.pid) - redisBefore;
    const firstClaim = workers
      .map((w) => w.firstClaim)
      .reduce<bigint | null>((a, b) => (a === null ? b : b === null ? a : a < b ? a : b), null);
    return {
      ...row(`QUEUE=redis, ${threads} pool thread per worker process`, processes, catalog, projectId, firstClaim, end, cpu),
      ...retriesIn(workers.map((w) => w.log.slice(w.claimsFrom)).join('\n')),
      redisCpuSeconds: redisCpu,
    };
  } finally {
    await Promise.all(workers.map(stopWorker));
    await lectern?.close();
    await redis?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/** A worker process's pool threads and documents in flight. */
export function workerSettings(threads: number): { WORKERS: string; MAX_CONCURRENT_DOCUMENTS: string } {
  return { WORKERS: String(threads), MAX_CONCURRENT_DOCUMENTS: String(Math.max(2, threads * 2)) };
}

function checkAlive(workers: WorkerProcess[]): void {
  const dead = workers.find((w) => w.child.exitCode !== null || w.child.signalCode !== null);
  if (dead) throw new Error(`a worker process exited during the bench:\n${dead.log.slice(-2000)}`);
}

/**
 * Before the timed part: small generated PDFs (not the corpus's, which are each uploaded once) in a project of their
 * own, so every process has started its pool thread and run the whole path once, as a long-running worker has.
 * Idle processes claim up to MAX_CONCURRENT_DOCUMENTS each, so `count` = 2 × processes spreads over them.
 */
async function warmUp(lectern: Awaited<ReturnType<typeof createLectern>>, count: number, check?: () => void): Promise<void> {
  const catalog = lectern.get<CatalogDb>(CATALOG);
  const intake = lectern.get<DocumentIntake>(DOCUMENT_INTAKE);
  const projectId = catalog.projects.create('warm-up').id;
  for (let i = 0; i < count; i++) {
    const pages = [0, 1, 2].map((page) => [
      { text: `Warm-up paper ${i}, section ${page + 1}`, size: 14, bold: true },
      ...Array.from(
        { length: 30 },
        (_, line) => `Line ${line} of page ${page + 1} in warm-up paper ${i}: text for the parser, chunker and embedder.`,
      ),
    ]);
    await intake.submit(projectId, [{ originalName: `warm-up-${i}.pdf`, data: buildTextPdf(pages) }]);
  }
  await settled(catalog, projectId, count, check);
}

async function upload(lectern: Awaited<ReturnType<typeof createLectern>>, pdfs: Pdf[]) {
  const catalog = lectern.get<CatalogDb>(CATALOG);
  const intake = lectern.get<DocumentIntake>(DOCUMENT_INTAKE);
  const projectId = catalog.projects.create('scale-out').id;
  for (const pdf of pdfs) await intake.submit(projectId, [{ originalName: pdf.name, data: pdf.data }]);
  return { catalog, projectId, documents: pdfs.length };
}

/** Polls the catalog until every document is ready or failed; resolves to the time it saw that. */
async function settled(catalog: CatalogDb, projectId: string, documents: number, check: () => void = () => undefined): Promise<bigint> {
  const deadline = Date.now() + INGEST_TIMEOUT_MS;
  for (;;) {
    const docs = catalog.documents.listByProject(projectId);
    if (docs.length === documents && docs.every((d) => d.status === 'ready' || d.status === 'failed')) return process.hrtime.bigint();
    check();
    if (Date.now() > deadline) throw new Error(`ingest did not finish within ${INGEST_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Retried claims and `database is locked` failures in worker log text. */
function retriesIn(log: string): { retries: number; lockedErrors: number } {
  return {
    retries: [...log.matchAll(/ ingest started \(attempt (\d+)\)/g)].filter((m) => Number(m[1]) > 1).length,
    lockedErrors: [...log.matchAll(/database is locked/g)].length,
  };
}

function row(
  setup: string,
  processes: number,
  catalog: CatalogDb,
  projectId: string,
  firstClaim: bigint | null,
  end: bigint,
  cpu: number,
): Omit<ScaleOutRow, 'retries' | 'lockedErrors'> {
  if (firstClaim === null) throw new Error('no worker logged a claim');
  const docs = catalog.documents.listByProject(projectId);
  const failed = docs.filter((d) => d.status !== 'ready');
  if (failed.length > 0) throw new Error(`scale-out bench: ingest failed for ${failed.map((d) => `${d.filename}: ${d.error}`).join('; ')}`);
  const pages = docs.reduce((n, d) => n + (d.pageCount ?? 0), 0);
  const seconds = Number(end - firstClaim) / 1e9;
  const coresBusy = cpu / seconds;
  return {
    setup,
    processes,
    documents: docs.length,
    pages,
    seconds,
    pagesPerSecond: pages / seconds,
    coresBusy,
    pagesPerSecondPerCore: pages / cpu,
  };
}

function cpuSeconds(pid: number): number {
  return cpuSecondsFromProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

/** A worker process as the bench watches it: when it has started, and when it first claimed a document. */
interface WorkerProcess extends SpawnedWorker {
  /** Resolves once the worker logged `worker … started`; rejects if it exits or stays silent. */
  started: Promise<void>;
  firstClaim: bigint | null;
  /** Where in `log` to look for the first claim (after the warm-up). */
  claimsFrom: number;
}

/** One `npm run worker` process (`startWorkerProcess`), watched for its start and its first claim. */
function startWorker(env: Record<string, string>): WorkerProcess {
  const spawned = startWorkerProcess(env);
  let onStarted: () => void = () => undefined;
  const worker: WorkerProcess = Object.assign(spawned, {
    firstClaim: null,
    claimsFrom: 0,
    started: new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`worker did not start within ${START_TIMEOUT_MS / 1000} s:\n${spawned.log}`)),
        START_TIMEOUT_MS,
      );
      onStarted = () => {
        clearTimeout(timer);
        resolve();
      };
      void spawned.exited.then(() => {
        clearTimeout(timer);
        reject(new Error(`worker exited before it started:\n${spawned.log}`));
      });
    }),
  });
  // Settled later by Promise.all; an unhandled rejection must not end the bench before the cleanup ran.
  worker.started.catch(() => undefined);
  // Registered after startWorkerProcess's own listeners, so `log` already holds the chunk.
  const watch = () => {
    if (worker.firstClaim === null && / ingest started /.test(worker.log.slice(worker.claimsFrom)))
      worker.firstClaim = process.hrtime.bigint();
    if (/worker \S+ started/.test(worker.log)) onStarted();
  };
  worker.child.stdout?.on('data', watch);
  worker.child.stderr?.on('data', watch);
  return worker;
}

/** SIGTERM (the worker finishes its document and closes its connections), SIGKILL after 15 s. */
async function stopWorker(worker: WorkerProcess): Promise<void> {
  const { child } = worker;
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await worker.exited;
    clearTimeout(timer);
  }
}
