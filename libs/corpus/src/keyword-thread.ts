import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { KeywordMatch } from './keyword-index';
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

/**
 * The keyword (FTS5) leg of a hybrid search on a worker thread with its own read-only connection, so it runs while
 * the main thread embeds the query and scans vectors: better-sqlite3 is synchronous, so a second connection on the
 * same thread would not overlap with the first. It reads the latest committed state, as another process would.
 * Started on first use; a failed or exited thread is replaced on the next search.
 */
export class KeywordThread {
  private worker: Worker | null = null;
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (matches: KeywordMatch[]) => void; reject: (error: Error) => void }>();

  constructor(
    private readonly file: string,
    private readonly workerFile: string,
  ) {}

  /** A thread for the database file `file`, or null where none can run (an in-memory database, no compiled worker). */
  static for(file: string): KeywordThread | null {
    const workerFile = compiledKeywordThreadFile();
    return workerFile && file !== '' && file !== ':memory:' ? new KeywordThread(file, workerFile) : null;
  }

  top(terms: readonly string[], k: number): Promise<KeywordMatch[]> {
    const worker = this.started();
    const id = this.nextId++;
    return new Promise<KeywordMatch[]>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, terms: [...terms], k } satisfies KeywordThreadRequest);
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
    const worker = new Worker(this.workerFile, { workerData: { file: this.file } });
    // Never what keeps a process alive (the CLI exits once its search is done).
    worker.unref();
    worker.on('message', (reply: KeywordThreadReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (reply.error !== undefined || !reply.matches) waiting.reject(new Error(reply.error ?? 'no reply'));
      else waiting.resolve(toMatches(reply.matches));
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

function toMatches(flat: Float64Array): KeywordMatch[] {
  const matches: KeywordMatch[] = [];
  for (let i = 0; i < flat.length; i += 2) matches.push({ rowid: flat[i], score: flat[i + 1] });
  return matches;
}
