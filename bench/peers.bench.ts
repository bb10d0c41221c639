import * as fs from 'node:fs';
import * as os from 'node:os';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import type { ArticleInput } from '@lectern/corpus';
import { type Embedder, LexicalEmbedder } from '@lectern/embeddings';
import { type BenchSystem, LecternSystem, MiniSearchSystem, OramaSystem, type PeerMode, TextOnlyEmbedder } from './peers/peer-systems';
import { syntheticArticles, syntheticQueries } from './synthetic-corpus';
import { warmPageCache } from './search.bench';

export interface PeerBenchRow {
  system: string;
  contexts: number;
  /** Set instead of numbers when the system was not run at this size (memory guard). */
  skipped?: string;
  buildSeconds: number;
  rssDeltaMb: number;
  /** The child's whole RSS after the build: what the memory guard extrapolates. */
  rssAfterMb: number;
  /** V8 heap plus array buffers (typed-array vectors live outside the heap). */
  heapDeltaMb: number;
  /** The index file on disk (Lectern), 0 for in-memory systems: memory too, once the OS has it in its page cache. */
  diskMb: number;
  /** p50 / p95 in ms per mode the system supports, over `queries` timed queries. */
  latency: Partial<Record<PeerMode, { p50Ms: number; p95Ms: number; queries: number }>>;
}

/** A Lectern corpus built by the search bench, opened instead of built again (1M contexts take ~9 minutes). */
export interface PrebuiltCorpus {
  file: string;
  buildSeconds: number;
}

export interface PeerBenchOptions {
  /** Corpus sizes in contexts, ascending, e.g. [10_000, 100_000, 1_000_000]. */
  sizes: number[];
  queries: number;
  /** Stop timing a mode after this long (at least MIN_TIMED_QUERIES queries): Orama needs seconds a query at 100k. */
  modeBudgetSeconds?: number;
  /** Lectern corpora already built, by size. */
  prebuilt?: Map<number, PrebuiltCorpus>;
  log?: (line: string) => void;
}

const WARM_UP_QUERIES = 5;
const MIN_TIMED_QUERIES = 20;
/** Never let one bench child hold more than this (the machine is shared with tests and a browser). */
export const MEMORY_CAP_MB = 12 * 1024;
/** Share of the memory available at the time that a projected peer may take. */
const AVAILABLE_SHARE = 0.6;

export type SystemName = 'Lectern' | 'Orama' | 'MiniSearch';
export const SYSTEMS: readonly SystemName[] = ['Lectern', 'Orama', 'MiniSearch'];

/**
 * Lectern, Orama and MiniSearch, each in a fresh child process (so one system's freed heap cannot hide another's
 * memory), built from the same seeded synthetic articles and vectors and asked the same queries sequentially at
 * the same k. Orama and MiniSearch live in memory; Lectern is on-disk SQLite.
 */
export async function runPeersBench(options: PeerBenchOptions): Promise<{ rows: PeerBenchRow[]; gc: GcSource }> {
  const log = options.log ?? (() => undefined);
  const rows: PeerBenchRow[] = [];
  let gc: GcSource = 'none';
  for (const contexts of options.sizes) {
    for (const system of SYSTEMS) {
      const skipped = memoryGuard(
        rows.filter((r) => r.system === system && !r.skipped),
        contexts,
      );
      if (skipped) {
        log(`${system} @ ${contexts}: ${skipped}`);
        rows.push({ system, contexts, skipped, buildSeconds: 0, rssDeltaMb: 0, rssAfterMb: 0, heapDeltaMb: 0, diskMb: 0, latency: {} });
        continue;
      }
      const prebuilt = system === 'Lectern' ? options.prebuilt?.get(contexts) : undefined;
      const budget = options.modeBudgetSeconds ?? 60;
      const args = [
        system,
        String(contexts),
        String(options.queries),
        String(budget),
        prebuilt?.file ?? '',
        String(prebuilt?.buildSeconds ?? 0),
      ];
      const result = await inChild(args).catch((error: Error) => error);
      if (result instanceof Error) {
        // A peer that runs out of heap at this size is a finding, not a reason to lose the rest of the run.
        const failed = `failed: ${result.message}`;
        log(`${system} @ ${contexts}: ${failed}`);
        rows.push({
          system,
          contexts,
          skipped: failed,
          buildSeconds: 0,
          rssDeltaMb: 0,
          rssAfterMb: 0,
          heapDeltaMb: 0,
          diskMb: 0,
          latency: {},
        });
        continue;
      }
      gc = result.gc;
      log(`${system} @ ${contexts}: built in ${result.row.buildSeconds} s, ${JSON.stringify(result.row.latency)}`);
      rows.push(result.row);
    }
  }
  return { rows, gc };
}

/**
 * Null when the system may run at `contexts`; otherwise why not. The child's RSS after the build is extrapolated
 * linearly from the two largest sizes measured in this run and must stay under 60% of the memory available now
 * and under MEMORY_CAP_MB.
 */
export function memoryGuard(measured: PeerBenchRow[], contexts: number, availableMb = availableMemoryMb()): string | null {
  const [a, b] = [...measured].sort((x, y) => x.contexts - y.contexts).slice(-2);
  if (!a || !b || contexts <= b.contexts) return null;
  const slope = (b.rssAfterMb - a.rssAfterMb) / (b.contexts - a.contexts);
  const projectedMb = b.rssAfterMb + slope * (contexts - b.contexts);
  const limitMb = Math.min(MEMORY_CAP_MB, AVAILABLE_SHARE * availableMb);
  if (projectedMb <= limitMb) return null;
  const gb = (mb: number) => (mb / 1024).toFixed(1);
  return `not run: projected ${gb(projectedMb)} GB RSS (from ${a.contexts.toLocaleString('en')} and ${b.contexts.toLocaleString('en')} contexts) > limit ${gb(limitMb)} GB`;
}

/** MemAvailable (free plus reclaimable cache), which os.freemem() under-reports on Linux with a warm page cache. */
function availableMemoryMb(): number {
  try {
    const line = /MemAvailable:\s+(\d+) kB/.exec(fs.readFileSync('/proc/meminfo', 'utf8'));
    if (line) return Number(line[1]) / 1024;
  } catch {
    // not Linux
  }
  return os.freemem() / 2 ** 20;
}

function inChild(args: string[]): Promise<{ row: PeerBenchRow; gc: GcSource }> {
  return new Promise((resolve, reject) => {
    // Orama holds ~2.3 GB at 100k contexts; node's default old space (~4 GB) would leave it thrashing in GC.
    const child = fork(__filename, [CHILD_FLAG, ...args], {
      stdio: 'inherit',
      execArgv: [...process.execArgv, `--max-old-space-size=${CHILD_HEAP_MB}`],
    });
    let result: { row: PeerBenchRow; gc: GcSource } | undefined;
    child.on('message', (message) => (result = message as { row: PeerBenchRow; gc: GcSource }));
    child.on('error', reject);
    child.on('exit', (code) => (result ? resolve(result) : reject(new Error(`${args[0]} bench exited with ${code}`))));
  });
}

const CHILD_FLAG = '--peer-child';
/** Under MEMORY_CAP_MB: typed-array vectors live outside the heap. */
const CHILD_HEAP_MB = 10_240;

interface ChildJob {
  name: SystemName;
  contexts: number;
  queries: number;
  budgetSeconds: number;
  prebuilt?: PrebuiltCorpus;
}

/** Runs in the child: generate the corpus, then build and query one system with memory read around the build. */
export async function measureSystem(
  job: ChildJob,
  embedder: Embedder = new LexicalEmbedder(),
): Promise<{ row: PeerBenchRow; gc: GcSource }> {
  const { collect, source } = garbageCollector();
  const { name, contexts } = job;
  // MiniSearch indexes text only: generating vectors for it would spend minutes and GBs on data it never reads.
  const corpusEmbedder = name === 'MiniSearch' ? new TextOnlyEmbedder() : embedder;
  const articles: ArticleInput[] = [];
  if (!job.prebuilt) for await (const article of syntheticArticles(corpusEmbedder, { contexts })) articles.push(article);
  const queries = syntheticQueries(job.queries + WARM_UP_QUERIES);
  const system: BenchSystem =
    name === 'Lectern'
      ? new LecternSystem(embedder, job.prebuilt?.file)
      : name === 'Orama'
        ? new OramaSystem(embedder)
        : new MiniSearchSystem();
  try {
    // As in the search bench: the file in the page cache, as the peers hold their index in memory.
    if (job.prebuilt) warmPageCache(job.prebuilt.file);
    collect();
    const before = process.memoryUsage();
    const started = performance.now();
    await system.build(articles);
    // A prebuilt corpus is opened, and its first search loads the in-memory codes: that is its memory to count.
    if (job.prebuilt) await system.search('vector', queries[0]);
    const buildSeconds = job.prebuilt ? job.prebuilt.buildSeconds : (performance.now() - started) / 1000;
    collect();
    const after = process.memoryUsage();
    const row: PeerBenchRow = {
      system: name,
      contexts,
      buildSeconds: round(buildSeconds, 2),
      rssDeltaMb: round((after.rss - before.rss) / 2 ** 20),
      rssAfterMb: round(after.rss / 2 ** 20),
      heapDeltaMb: round((after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers) / 2 ** 20),
      diskMb: round((system.diskBytes?.() ?? 0) / 2 ** 20),
      latency: {},
    };
    for (const mode of system.modes) {
      const times = await timeEach(queries, (q) => system.search(mode, q), job.budgetSeconds * 1000);
      row.latency[mode] = { ...percentiles(times), queries: times.length };
    }
    return { row, gc: source };
  } finally {
    system.close();
  }
}

export type GcSource = 'global.gc' | 'v8 flag' | 'none';

/** Plain `node` hides `gc`; turning the flag on at run time and reading it from a fresh context exposes it. */
function garbageCollector(): { collect: () => void; source: GcSource } {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return { collect: exposed, source: 'global.gc' };
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    return { collect: gc, source: 'v8 flag' };
  } catch {
    return { collect: () => undefined, source: 'none' };
  }
}

/** Times each query after the warm-up ones; stops once `budgetMs` is spent and MIN_TIMED_QUERIES are timed. */
async function timeEach(queries: string[], run: (query: string) => Promise<unknown>, budgetMs: number): Promise<number[]> {
  const times: number[] = [];
  const started = performance.now();
  for (const [i, query] of queries.entries()) {
    const start = performance.now();
    await run(query);
    if (i >= WARM_UP_QUERIES) times.push(performance.now() - start);
    if (times.length >= MIN_TIMED_QUERIES && performance.now() - started > budgetMs) break;
  }
  return times;
}

function percentiles(times: number[]): { p50Ms: number; p95Ms: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  return { p50Ms: round(at(0.5), 2), p95Ms: round(at(0.95), 2) };
}

function round(value: number, digits = 1): number {
  return Number(value.toFixed(digits));
}

/** One printable row per system, mode and size, with Lectern's numbers divided by the peer's (< 1: Lectern ahead). */
export function peerTable(rows: PeerBenchRow[]): Array<Record<string, string | number>> {
  return rows.flatMap((row): Array<Record<string, string | number>> => {
    if (row.skipped) return [{ contexts: row.contexts, system: row.system, mode: '—', 'build s': row.skipped }];
    const lectern = rows.find((r) => r.system === 'Lectern' && r.contexts === row.contexts && !r.skipped);
    const ratio = (a: number | undefined, b: number) => (a === undefined || b === 0 ? '' : (a / b).toFixed(2));
    return Object.entries(row.latency).map(([mode, l]) => {
      const own = lectern?.latency[mode as PeerMode];
      const peer = row.system !== 'Lectern';
      return {
        contexts: row.contexts,
        system: row.system,
        mode,
        'build s': row.buildSeconds,
        'RSS Δ MB': row.rssDeltaMb,
        'heap Δ MB': row.heapDeltaMb,
        'on disk MB': row.diskMb || '',
        queries: l.queries,
        'p50 ms': l.p50Ms,
        'p95 ms': l.p95Ms,
        'Lectern/peer p50': peer ? ratio(own?.p50Ms, l.p50Ms) : '',
        'Lectern/peer p95': peer ? ratio(own?.p95Ms, l.p95Ms) : '',
        'Lectern/peer build': peer ? ratio(lectern?.buildSeconds, row.buildSeconds) : '',
        // Lectern's side counts its whole file as if held in memory (the page cache), the worst case for it.
        'Lectern/peer memory': peer && lectern ? ratio(lectern.rssDeltaMb + lectern.diskMb, row.rssDeltaMb) : '',
      };
    });
  });
}

if (require.main === module && process.argv[2] === CHILD_FLAG) {
  const [, , , name, contexts, queries, budget, prebuiltFile, prebuiltSeconds] = process.argv;
  const prebuilt = prebuiltFile ? { file: prebuiltFile, buildSeconds: Number(prebuiltSeconds) } : undefined;
  measureSystem({ name: name as SystemName, contexts: Number(contexts), queries: Number(queries), budgetSeconds: Number(budget), prebuilt })
    .then((result) => process.send!(result, () => process.exit(0)))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
} else if (require.main === module) {
  const [sizes = '10000', queries = '100'] = process.argv.slice(2);
  runPeersBench({ sizes: sizes.split(',').map(Number), queries: Number(queries), log: console.log })
    .then(({ rows, gc }) => {
      console.log(`gc between builds: ${gc}`);
      console.table(peerTable(rows));
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
