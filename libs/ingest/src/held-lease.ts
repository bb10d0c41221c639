import type { IngestLogger } from './ingest.logger';
import type { JobLease, JobProgress, JobQueue } from './queue/job-queue';

/** The job's lease was lost (it expired and another claimer took the job): this worker's work on it is void. */
export class LeaseLostError extends Error {
  override readonly name = 'LeaseLostError';

  constructor(jobId: string) {
    super(`the lease on job ${jobId} was lost; the job's new owner finishes it`);
  }
}

/**
 * A worker's hold on one job: renewed in the background while the document is built, confirmed right before
 * anything is committed. Once the queue says the lease is lost, `signal` aborts and the work is abandoned
 * without touching the document, which belongs to the job's new owner.
 */
export class HeldLease {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | null = null;
  private renewing = false;

  constructor(
    private readonly queue: JobQueue,
    readonly lease: JobLease,
    private readonly logger: IngestLogger,
    private readonly tag: string,
  ) {}

  /** Aborted once the lease is known to be lost. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get lost(): boolean {
    return this.controller.signal.aborted;
  }

  /** Renews the lease every `everyMs` until `release`. */
  keepAlive(everyMs: number): void {
    this.timer ??= setInterval(() => void this.renewInBackground(), everyMs);
    this.timer.unref();
  }

  /**
   * Renews the lease now: true when the job is still ours, for a full lease from now — the window in which to
   * commit. Throws what the queue throws: without an answer nothing may be committed.
   */
  async confirm(): Promise<boolean> {
    if (this.lost) return false;
    if (await this.queue.renew(this.lease)) return true;
    this.markLost();
    return false;
  }

  /** Reports the job's progress through the queue, which refuses it once the lease is lost: false then. */
  async progress(progress: JobProgress): Promise<boolean> {
    if (this.lost) return false;
    if (await this.queue.progress(this.lease, progress)) return true;
    this.markLost();
    return false;
  }

  /** `work`'s outcome, or a LeaseLostError as soon as the lease is lost (the work is then left to settle unobserved). */
  race<T>(work: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const onLost = () => reject(new LeaseLostError(this.lease.jobId));
      if (this.lost) onLost();
      this.signal.addEventListener('abort', onLost, { once: true });
      work.then(
        (value) => {
          this.signal.removeEventListener('abort', onLost);
          resolve(value);
        },
        (error: unknown) => {
          this.signal.removeEventListener('abort', onLost);
          reject(error);
        },
      );
    });
  }

  release(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async renewInBackground(): Promise<void> {
    // A slow renewal (a busy database) is not stacked upon.
    if (this.renewing || this.lost) return;
    this.renewing = true;
    try {
      if (!(await this.queue.renew(this.lease))) this.markLost();
    } catch (error) {
      // A passing failure (SQLITE_BUSY, Redis briefly away) is not a lost lease: the next renewal, or the
      // confirmation before committing, decides. It must never become an unhandled rejection.
      this.logger.warn(`${this.tag} could not renew the lease (will try again): ${(error as Error).message}`);
    } finally {
      this.renewing = false;
    }
  }

  private markLost(): void {
    if (this.lost) return;
    this.logger.warn(`${this.tag} lost its lease: another worker owns the job now; abandoning it`);
    this.controller.abort(new LeaseLostError(this.lease.jobId));
  }
}
