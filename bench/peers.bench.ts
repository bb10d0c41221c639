import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import type { ArticleInput } from '@lectern/corpus';
import { type Embedder, LexicalEmbedder } from '@lectern/embeddings';
import { type BenchSystem, LecternSystem, MiniSearchSystem, OramaSystem, type PeerMode } from './peers/peer-systems';
import { syntheticArticles, syntheticQueries } from './synthetic-corpus';

export interface PeerBenchRow {
  system: string;
  contexts: number;
  buildSeconds: number;
  rssDeltaMb: number;
  /** V8 heap plus array buffers (typed-array vectors live outside the heap). */
  heapDeltaMb: number;
  /** p50 / p95 in ms per mode the system supports. */
  latency: Partial<Record<PeerMode, { p50Ms: number; p95Ms: number }>>;
}

export interface PeerBenchOptions {
  /** Corpus sizes in contexts, e.g. [10_000, 100_000]; 1M is a later step. */
  sizes: number[];
  queries: number;
  embedder?: Embedder;
  log?: (line: string) => void;
}

const WARM_UP_QUERIES = 5;

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
      const result = await inChild(system, contexts, options.queries);
      gc = result.gc;
      log(`${system} @ ${contexts}: built in ${result.row.buildSeconds} s, ${JSON.stringify(result.row.latency)}`);
      rows.push(result.row);
    }
  }
  return { rows, gc };
}

function inChild(system: SystemName, contexts: number, queries: number): Promise<{ row: PeerBenchRow; gc: GcSource }> {
  return new Promise((resolve, reject) => {
    // Orama holds ~2.3 GB at 100k contexts; node's default old space (~4 GB) would leave it thrashing in GC.
    const child = fork(__filename, [CHILD_FLAG, system, String(contexts), String(queries)], {
      stdio: 'inherit',
      execArgv: [...process.execArgv, `--max-old-space-size=${CHILD_HEAP_MB}`],
    });
    let result: { row: PeerBenchRow; gc: GcSource } | undefined;
    child.on('message', (message) => (result = message as { row: PeerBenchRow; gc: GcSource }));
    child.on('error', reject);
    child.on('exit', (code) => (result ? resolve(result) : reject(new Error(`${system} bench exited with ${code}`))));
  });
}

const CHILD_FLAG = '--peer-child';
const CHILD_HEAP_MB = 16_384;

/** Runs in the child: generate the corpus, then build and query one system with memory read around the build. */
export async function measureSystem(name: SystemName, contexts: number, queryCount: number, embedder: Embedder = new LexicalEmbedder()): Promise<{ row: PeerBenchRow; gc: GcSource }> {
  const { collect, source } = garbageCollector();
  const articles: ArticleInput[] = [];
  for await (const article of syntheticArticles(embedder, { contexts })) articles.push(article);
  const queries = syntheticQueries(queryCount + WARM_UP_QUERIES);
  const system: BenchSystem =
    name === 'Lectern' ? new LecternSystem(embedder) : name === 'Orama' ? new OramaSystem(embedder) : new MiniSearchSystem();
  try {
    collect();
    const before = process.memoryUsage();
    const started = performance.now();
    await system.build(articles);
    const buildSeconds = (performance.now() - started) / 1000;
    collect();
    const after = process.memoryUsage();
    const row: PeerBenchRow = {
      system: name,
      contexts,
      buildSeconds: round(buildSeconds, 2),
      rssDeltaMb: round((after.rss - before.rss) / 2 ** 20),
      heapDeltaMb: round((after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers) / 2 ** 20),
      latency: {},
    };
    for (const mode of system.modes) row.latency[mode] = percentiles(await timeEach(queries, (q) => system.search(mode, q)));
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

async function timeEach(queries: string[], run: (query: string) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (const [i, query] of queries.entries()) {
    const start = performance.now();
    await run(query);
    if (i >= WARM_UP_QUERIES) times.push(performance.now() - start);
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
  return rows.flatMap((row) => {
    const lectern = rows.find((r) => r.system === 'Lectern' && r.contexts === row.contexts)!;
    const ratio = (a: number, b: number) => (b === 0 ? '' : (a / b).toFixed(2));
    return Object.entries(row.latency).map(([mode, l]) => {
      const own = lectern.latency[mode as PeerMode]!;
      return {
        contexts: row.contexts,
        system: row.system,
        mode,
        'build s': row.buildSeconds,
        'RSS Δ MB': row.rssDeltaMb,
        'heap Δ MB': row.heapDeltaMb,
        'p50 ms': l.p50Ms,
        'p95 ms': l.p95Ms,
        'Lectern/peer p50': row.system === 'Lectern' ? '' : ratio(own.p50Ms, l.p50Ms),
        'Lectern/peer p95': row.system === 'Lectern' ? '' : ratio(own.p95Ms, l.p95Ms),
        'Lectern/peer build': row.system === 'Lectern' ? '' : ratio(lectern.buildSeconds, row.buildSeconds),
      };
    });
  });
}

if (require.main === module && process.argv[2] === CHILD_FLAG) {
  const [, , , name, contexts, queries] = process.argv;
  measureSystem(name as SystemName, Number(contexts), Number(queries))
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
