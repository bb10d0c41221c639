import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { termCountBuffer } from './keyword-count-share';
import type { KeywordHalf, KeywordHalfAnswer } from './keyword-index';
import { type KeywordMatch, mergeSplit } from './keyword-plan';
import type { KeywordThreadReply, KeywordThreadRequest } from './keyword-thread.worker';

/**
 * The worker must be JavaScript: from the build it sits beside this file; under ts-jest (sources) the build's copy
 * is used when there is one. Null without either: the keyword leg then runs on the calling thread.
 */
export function compiledKeywordThreadFile(): string | null {
  const beside = path.join(__dirname, 'keyword-thread.worker.js');
  if (existsSync(beside)) return beside;
  const built = path.resolve(__dirname, '..', '..', '..', 'dist', 'libs', 'corpus', 'src', 'keyword-thread.worker.js');
  return existsSync(built) ? built : null;
}

/** KeywordIndex's thresholds for the workers' indexes (the defaults unless a test sets them). */
export interface KeywordThreadLimits {
  pruneFromContexts?: number;
  maxScoredRows?: number;
  /** Whether the two workers count a question's terms together (TermCountShare; default true; false only in tests and BenchSeams). */
  shareCounts?: boolean;
}

/**
 * The keyword (FTS5) leg of a hybrid search on worker threads with their own read-only connections, so it runs while
 * the main thread embeds the query and scans vectors: better-sqlite3 is synchronous, so a second connection on the
 * same thread would not overlap with the first. Two workers run the two queries of a split (KeywordIndex.half) at
 * the same time; they count the question's terms together, each term once (TermCountShare, in shared memory), and
 * each plans from its snapshot's counts, so both make the same plan when they read the same state.
 * When a commit lands between their reads (FTS5's totals differ), one worker answers the whole search instead. It
 * reads the latest committed state, as another process would. Started on first use; a failed or exited worker is
 * replaced on the next search.
 */
export class KeywordThread {
  private readonly workers: [KeywordWorker, KeywordWorker];
  private round = 0;

  constructor(file: string, workerFile: string, limits: KeywordThreadLimits = {}) {
    const counts = limits.shareCounts === false ? null : termCountBuffer();
    this.workers = [new KeywordWorker(file, workerFile, limits, counts), new KeywordWorker(file, workerFile, limits, counts)];
  }

  /** Threads for the database file `file`, or null where none can run (an in-memory database, no compiled worker). */
  static for(file: string, limits: KeywordThreadLimits = {}): KeywordThread | null {
    const workerFile = compiledKeywordThreadFile();
    return workerFile && file !== '' && file !== ':memory:' ? new KeywordThread(file, workerFile, limits) : null;
  }

  async top(terms: readonly string[], k: number): Promise<KeywordMatch[]> {
    // Rounds tag the shared count slots; they stay below 2^30 so that 2 × round + 1 fits the slots' Int32.
    this.round = (this.round % 0x3fff_ffff) + 1;
    const round = this.round;
    const [common, rare] = await Promise.all([
      this.workers[0].ask(terms, k, 'common', round),
      this.workers[1].ask(terms, k, 'rare', round),
    ]);
    return joinHalves(common, rare, k) ?? (await this.workers[0].ask(terms, k, 'whole', 0)).matches;
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.close()));
  }
}

/** One worker thread and its pending requests. */
class KeywordWorker {
  private worker: Worker | null = null;
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (answer: KeywordHalfAnswer) => void; reject: (error: Error) => void }>();

  constructor(
    private readonly file: string,
    private readonly workerFile: string,
    private readonly limits: KeywordThreadLimits,
    private readonly counts: SharedArrayBuffer | null,
  ) {}

  ask(terms: readonly string[], k: number, half: KeywordHalf | 'whole', round: number): Promise<KeywordHalfAnswer> {
    const worker = this.started();
    const id = this.nextId++;
    return new Promise<KeywordHalfAnswer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, terms: [...terms], k, half, round } satisfies KeywordThreadRequest);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.failAll(new Error('the keyword thread was closed'));
    if (worker) await worker.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.workerFile, { workerData: { file: this.file, limits: this.limits, counts: this.counts } });
    // Never what keeps a process alive (the CLI exits once its search is done).
    worker.unref();
    worker.on('message', (reply: KeywordThreadReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (reply.error !== undefined || !reply.matches) waiting.reject(new Error(reply.error ?? 'no reply'));
      else
        waiting.resolve({
          matches: toMatches(reply.matches),
          split: reply.split ?? false,
          totals: reply.totals ?? null,
          plan: reply.plan ?? '',
        });
    });
    const gone = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      this.failAll(error);
    };
    worker.on('error', gone);
    worker.on('exit', (code) => gone(new Error(`the keyword thread exited (code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private failAll(error: Error): void {
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}

/**
 * The search's answer from its two halves, or null when they cannot be joined: read from different states (a commit
 * in between), or planned from different counts (a guard: TermCountShare gives both threads the same counts).
 */
export function joinHalves(common: KeywordHalfAnswer, rare: KeywordHalfAnswer, k: number): KeywordMatch[] | null {
  if (!sameState(common.totals, rare.totals) || common.split !== rare.split || common.plan !== rare.plan) return null;
  return common.split ? mergeSplit(common.matches, rare.matches, k) : common.matches;
}

function sameState(a: Uint8Array | null, b: Uint8Array | null): boolean {
  if (a === null || b === null) return a === b;
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

function toMatches(flat: Float64Array): KeywordMatch[] {
  const matches: KeywordMatch[] = [];
  for (let i = 0; i < flat.length; i += 2) matches.push({ rowid: flat[i], score: flat[i + 1] });
  return matches;
}
