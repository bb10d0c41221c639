import { DomainError, reviveError } from '@lectern/common';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { MessageChannel, type TransferListItem } from 'node:worker_threads';
import type { PageListener, PageStep } from '@lectern/parsing';
import Piscina from 'piscina';
import type { TaskFailure } from './ingest.task';
import { embedTexts, parseAndChunk, type EmbedTask, type ParseResult, type ParseTask } from './run-ingest';

/** Where the CPU stages of ingestion run: a piscina thread pool, or the calling thread. */
export interface IngestPool {
  readonly threads: number;
  parse(task: ParseTask, options?: ParseTaskOptions): Promise<ParseResult>;
  embed(task: EmbedTask, options?: PoolTaskOptions): Promise<Float32Array[]>;
  close(): Promise<void>;
}

export interface PoolTaskOptions {
  /** Aborts the task (its job's lease was lost): a pool thread running it is stopped and replaced. */
  signal?: AbortSignal;
}

export interface ParseTaskOptions extends PoolTaskOptions {
  /** Called on the calling thread after each page the embedded parser read (not with a GROBID skeleton). */
  onPage?: PageListener;
}

/** Raised when a pool thread dies (out of memory, a native crash) while working on one document. */
export class PoolThreadCrashError extends DomainError {
  override readonly name = 'PoolThreadCrashError';
  override readonly exposable = true;
}

/** A document's parse ran past PARSE_TIMEOUT_SECONDS: its thread is stopped (and replaced); retrying cannot help. */
export class ParseTimeoutError extends DomainError {
  override readonly name = 'ParseTimeoutError';
  override readonly status = 422;
  override readonly exposable = true;
  constructor(timeoutMs: number) {
    super(
      `parsing took longer than the ${Math.round(timeoutMs / 1000)} s limit (PARSE_TIMEOUT_SECONDS): the PDF is too large or malformed`,
    );
  }
}

/** The deadline of one parse, and the lease's signal (if any) with it: the first to fire aborts the task. */
function parseDeadline(timeoutMs: number | undefined, signal?: AbortSignal): { signal?: AbortSignal; expired: () => boolean } {
  if (!timeoutMs) return { signal, expired: () => false };
  const deadline = AbortSignal.timeout(timeoutMs);
  return { signal: signal ? AbortSignal.any([signal, deadline]) : deadline, expired: () => deadline.aborted };
}

export class InlinePool implements IngestPool {
  readonly threads = 0;
  constructor(private readonly parseTimeoutMs?: number) {}
  /** Without threads nothing can stop a parse: past its deadline the document fails, and the work is left to finish. */
  parse(task: ParseTask, options: ParseTaskOptions = {}): Promise<ParseResult> {
    const work = parseAndChunk(task, options.onPage);
    const timeoutMs = this.parseTimeoutMs;
    if (!timeoutMs) return work;
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new ParseTimeoutError(timeoutMs)), timeoutMs)));
    return Promise.race([work, expired]).finally(() => clearTimeout(timer));
  }
  embed(task: EmbedTask): Promise<Float32Array[]> {
    return embedTexts(task);
  }
  async close(): Promise<void> {}
}

export class PiscinaPool implements IngestPool {
  private readonly pool: Piscina;

  constructor(
    readonly threads: number,
    private readonly options: { maxMemoryMb: number; taskFile?: string; parseTimeoutMs?: number },
  ) {
    this.pool = new Piscina({
      filename: options.taskFile ?? compiledTaskFile(),
      minThreads: 1,
      maxThreads: threads,
      idleTimeout: 30_000,
      // A PDF that blows the heap kills its thread, not the process; piscina starts a fresh thread.
      resourceLimits: { maxOldGenerationSizeMb: options.maxMemoryMb, maxYoungGenerationSizeMb: Math.min(64, options.maxMemoryMb / 4) },
    });
  }

  async parse(task: ParseTask, options: ParseTaskOptions = {}): Promise<ParseResult> {
    // A private copy can be transferred safely: the caller's buffer may be a slice of a shared pool.
    const data = new Uint8Array(task.data);
    // A parse waits for a free thread before its deadline starts: time spent queued behind a bomb is not its own.
    await this.parseSlot();
    const deadline = parseDeadline(this.options.parseTimeoutMs, options.signal);
    try {
      return await this.parseBefore(task, data, options.onPage, deadline.signal);
    } catch (error) {
      if (deadline.expired()) throw new ParseTimeoutError(this.options.parseTimeoutMs as number);
      throw error;
    } finally {
      this.releaseParseSlot();
    }
  }

  private parsing = 0;
  private readonly waitingForSlot: Array<() => void> = [];

  private async parseSlot(): Promise<void> {
    if (this.parsing < this.threads) {
      this.parsing++;
      return;
    }
    await new Promise<void>((resolve) => this.waitingForSlot.push(resolve));
  }

  /** Hands the slot to the next parse waiting, if any (the count stays), else frees it. */
  private releaseParseSlot(): void {
    const next = this.waitingForSlot.shift();
    if (next) next();
    else this.parsing--;
  }

  private async parseBefore(
    task: ParseTask,
    data: Uint8Array<ArrayBuffer>,
    onPage?: PageListener,
    signal?: AbortSignal,
  ): Promise<ParseResult> {
    if (!onPage) return this.run({ kind: 'parse', ...task, data }, { transferList: [data.buffer], signal });
    // Pages travel on a port of their own, transferred with the task; the thread ends them with `null`, which is
    // awaited so that every page is reported before the result (the result comes back on piscina's own port).
    const { port1, port2 } = new MessageChannel();
    let ended!: () => void;
    const allReported = new Promise<void>((resolve) => (ended = resolve));
    port1.on('message', (message: [number, number, PageStep] | null) => (message ? onPage(message[0], message[1], message[2]) : ended()));
    try {
      const result = await this.run<ParseResult>(
        { kind: 'parse', ...task, data, pagePort: port2 },
        { transferList: [data.buffer, port2], signal },
      );
      await allReported;
      return result;
    } finally {
      port1.close();
    }
  }

  embed(task: EmbedTask, options: PoolTaskOptions = {}): Promise<Float32Array[]> {
    return this.run({ kind: 'embed', ...task }, { signal: options.signal });
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }

  private async run<T>(task: object, options: { transferList?: TransferListItem[]; signal?: AbortSignal }): Promise<T> {
    let result: unknown;
    try {
      result = await this.pool.run(task, options);
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      if (code === 'ERR_WORKER_OUT_OF_MEMORY') {
        throw new PoolThreadCrashError(
          `the document exhausted its parsing thread's memory (WORKER_MAX_MEMORY_MB=${this.options.maxMemoryMb})`,
        );
      }
      if (code.startsWith('ERR_WORKER') || /worker (terminated|exited)/i.test((error as Error).message)) {
        throw new PoolThreadCrashError(`the parsing thread crashed on this document (${code || (error as Error).message})`);
      }
      throw error;
    }
    if (isFailure(result)) throw reviveError(result);
    return result as T;
  }
}

function isFailure(value: unknown): value is TaskFailure {
  return typeof value === 'object' && value !== null && (value as TaskFailure).failed === true;
}

/**
 * The task file must be JavaScript. From the build it sits beside this file; under ts-jest (sources) the
 * build's copy is used — `npm test` builds first.
 */
export function compiledTaskFile(): string {
  const beside = path.join(__dirname, 'ingest.task.js');
  if (existsSync(beside)) return beside;
  const built = path.resolve(__dirname, '..', '..', '..', 'dist', 'libs', 'ingest', 'src', 'ingest.task.js');
  if (existsSync(built)) return built;
  throw new Error('the compiled ingest task is missing: run `npm run build` first');
}

export function createPool(threads: number, maxMemoryMb: number, parseTimeoutMs?: number): IngestPool {
  return threads > 0 ? new PiscinaPool(threads, { maxMemoryMb, parseTimeoutMs }) : new InlinePool(parseTimeoutMs);
}
