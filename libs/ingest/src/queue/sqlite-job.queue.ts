import { randomBytes } from 'node:crypto';
import type { JobCounts, JobRow, JobsRepository } from '@lectern/corpus';
import {
  pageProgress,
  type ClaimedJob,
  type FailOutcome,
  type JobFailure,
  type JobLease,
  type JobProgress,
  type JobQueue,
  type JobTarget,
  type QueuedJob,
} from './job-queue';

export interface SqliteJobQueueOptions {
  /** How long a claim lasts without renewal (default 30 s). */
  leaseMs?: number;
  /**
   * Wait before a job that failed for a passing reason is claimed again, given the attempt that failed (1-based).
   * Without it every failure is final, as it was before the queue could retry.
   */
  retryBackoffMs?: (attempt: number) => number;
  /** The clock leases are measured on (epoch ms); tests move it instead of sleeping. */
  now?: () => number;
}

/**
 * The embedded job queue over the catalog's jobs table: several worker processes on one data directory share it,
 * and SQLite's write lock makes each claim exclusive. The SQL stays in `JobsRepository`.
 */
export class SqliteJobQueue implements JobQueue {
  readonly leaseMs: number;
  private readonly retryBackoffMs: ((attempt: number) => number) | undefined;
  private readonly now: () => number;

  constructor(
    private readonly jobs: JobsRepository,
    options: SqliteJobQueueOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 30_000;
    this.retryBackoffMs = options.retryBackoffMs;
    this.now = options.now ?? Date.now;
  }

  async enqueue(target: JobTarget): Promise<QueuedJob> {
    return toQueued(this.jobs.enqueue(target.documentId, target.projectId));
  }

  async claim(workerId: string): Promise<ClaimedJob | null> {
    // The lease is held under a token of its own, so a worker that claims a job again after losing it (a stalled
    // event loop) cannot finish it through the stale claim.
    const token = `${workerId}:${randomBytes(4).toString('hex')}`;
    const row = this.jobs.claim(token, this.leaseMs, this.now());
    return row ? { ...toQueued(row), lease: { jobId: row.id, token } } : null;
  }

  async renew(lease: JobLease): Promise<boolean> {
    return this.jobs.renew(lease.jobId, lease.token, this.leaseMs, this.now());
  }

  async progress(lease: JobLease, progress: JobProgress): Promise<boolean> {
    return this.jobs.reportStage(lease.jobId, lease.token, progress.stage, pageProgress(progress));
  }

  async complete(lease: JobLease): Promise<boolean> {
    return this.jobs.complete(lease.jobId, lease.token);
  }

  async fail(lease: JobLease, failure: JobFailure): Promise<FailOutcome> {
    if (!failure.permanent && this.retryBackoffMs) {
      const attempt = this.jobs.findById(lease.jobId)?.attempts ?? 0;
      const availableAt = this.now() + this.retryBackoffMs(attempt);
      if (this.jobs.retryLater(lease.jobId, lease.token, failure.reason, availableAt)) return 'retrying';
    }
    return this.jobs.fail(lease.jobId, lease.token, failure.reason) ? 'failed' : 'lost';
  }

  async retry(target: JobTarget): Promise<QueuedJob> {
    this.jobs.enqueue(target.documentId, target.projectId);
    return toQueued(this.jobs.requeue(target.documentId));
  }

  /** Its workers share the catalog and write the documents themselves: nothing to report. */
  async watch(): Promise<void> {}

  async counts(): Promise<JobCounts> {
    return this.jobs.counts();
  }

  /** The table is in the catalog, which is open: nothing to check. */
  async open(): Promise<void> {}

  /** Nothing to release: the catalog, which holds the table, is closed by its owner. */
  async close(): Promise<void> {}
}

function toQueued(row: JobRow): QueuedJob {
  return { id: row.id, documentId: row.documentId, projectId: row.projectId, status: row.status, attempts: row.attempts };
}
