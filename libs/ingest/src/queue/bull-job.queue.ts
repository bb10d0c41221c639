import { randomBytes } from 'node:crypto';
import { ErrorCode, Job, Queue, QueueEvents, UnrecoverableError, Worker, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import type { JobCounts, JobStatus } from '@lectern/corpus';
import type {
  ClaimedJob,
  FailOutcome,
  JobEventListener,
  JobFailure,
  JobLease,
  JobProgress,
  JobQueue,
  JobTarget,
  QueuedJob,
} from './job-queue';
import { pageProgress } from './job-queue';
import { QueueUnavailableError } from '../errors';

export interface BullJobQueueOptions {
  /** `redis://[user:password@]host:port[/db]` (REDIS_URL). */
  url: string;
  /** BullMQ queue name; tests give each queue its own so they never share keys. */
  queueName?: string;
  /** How long a claim lasts without renewal: BullMQ's lock duration (default 30 s). */
  leaseMs?: number;
  /** Claims of a job (crashes and passing failures together) before it fails for good (default 3). */
  maxAttempts?: number;
  /** Wait before a job that failed for a passing reason is claimed again, given the attempt that failed (1-based). */
  retryBackoffMs?: (attempt: number) => number;
  /** How often BullMQ looks for jobs whose lock expired (default: a third of the lease). */
  stalledIntervalMs?: number;
  /**
   * Called when a job is failed because its worker died on every attempt: the queue cannot reach the document
   * itself (it lives in the catalog), so the owner of the catalog marks it failed.
   */
  onExhausted: (documentId: string, reason: string) => void;
  /** Called with each stage a holder reports, for the document's status (the queue cannot reach the catalog). */
  onProgress?: (documentId: string, progress: JobProgress) => void;
  /** How long `open` waits for Redis to answer at start. */
  openTimeoutMs?: number;
  /** Where connection errors go (Redis down: BullMQ and ioredis reconnect on their own meanwhile). */
  onConnectionError?: (error: Error) => void;
}

const BACKOFF_TYPE = 'lectern';
/** BullMQ's highest priority number (2^21); lower numbers are claimed first. */
const MAX_PRIORITY = 2_097_152;
/** The lock errors of a finishing call: the claim is not the caller's any more. */
const LOST_LEASE_CODES = new Set<number>([
  ErrorCode.JobNotExist,
  ErrorCode.JobLockNotExist,
  ErrorCode.JobNotInState,
  ErrorCode.JobLockMismatch,
]);

type JobData = JobTarget;

/**
 * The job queue on Redis, through BullMQ's manual processing: a Worker without a processor, `getNextJob(token)` to
 * claim, the lock token as the lease, `extendLock` to renew, `moveToCompleted`/`moveToFailed` to finish, BullMQ's
 * stall detection for workers that died. One job per document (`jobId` = document id). Per-project fairness by
 * priority: a job's priority is how many of its project's jobs are already waiting, plus one, so a second project's
 * first job is claimed right after the first project's first job, however many that one queued. (A job that stalled
 * goes back to BullMQ's wait list, ahead of the prioritized ones: it was already someone's turn.)
 */
export class BullJobQueue implements JobQueue {
  readonly leaseMs: number;
  private readonly maxAttempts: number;
  private readonly queue: Queue<JobData>;
  /** Counts each project's waiting jobs (a set of job ids per project), for the priorities. */
  private readonly redis: Redis;
  private readonly waitingKeyPrefix: string;
  private worker: Worker<JobData> | null = null;
  private events: QueueEvents | null = null;

  constructor(private readonly options: BullJobQueueOptions) {
    this.leaseMs = options.leaseMs ?? 30_000;
    this.maxAttempts = options.maxAttempts ?? 3;
    const name = options.queueName ?? 'lectern-ingest';
    // The API enqueues and reads counts while a request waits: with Redis down, fail fast (BullMQ's advice for
    // producers) instead of holding the request until Redis is back. The claimer's connection waits and reconnects.
    this.queue = new Queue<JobData>(name, { connection: { url: options.url, enableOfflineQueue: false } });
    this.redis = new Redis(options.url, { maxRetriesPerRequest: 1 });
    const onError = (error: Error) => options.onConnectionError?.(error);
    this.queue.on('error', onError);
    this.redis.on('error', onError);
    this.waitingKeyPrefix = `lectern:${name}:waiting:`;
  }

  async enqueue(target: JobTarget): Promise<QueuedJob> {
    const existing = await this.queue.getJob(target.documentId);
    if (existing) return this.toQueued(existing);
    return this.toQueued(await this.add(target));
  }

  async claim(workerId: string): Promise<ClaimedJob | null> {
    const worker = this.claimer();
    for (;;) {
      // A token per claim, not per worker: a worker that claims the job again after losing it cannot finish it
      // through the stale claim.
      const token = `${workerId}:${randomBytes(4).toString('hex')}`;
      const job = await worker.getNextJob(token, { block: false });
      if (!job?.id) return null;
      await this.redis.srem(this.waitingKey(job.data.projectId), job.id);
      const exhausted = job.attemptsStarted > this.maxAttempts || job.deferredFailure;
      if (!exhausted) return { ...(await this.toQueued(job, 'running')), lease: { jobId: job.id, token } };
      // Its lock expired on every attempt (the PDF kills its worker, say): fail it and its document, then look on.
      const reason = `the worker stopped (crashed or timed out) on each of ${job.attemptsStarted - 1} attempts`;
      await job.moveToFailed(new UnrecoverableError(reason), token, false);
      this.options.onExhausted(job.data.documentId, reason);
    }
  }

  async renew(lease: JobLease): Promise<boolean> {
    const job = await this.claimedJob(lease);
    return job !== null && (await job.extendLock(lease.token, this.leaseMs)) === 1;
  }

  /**
   * Extends the lock (so a stage report also proves the lease is held), records the stage on the BullMQ job for
   * anyone watching the queue, and hands it to `onProgress` for the document; false when the lease is lost.
   */
  async progress(lease: JobLease, progress: JobProgress): Promise<boolean> {
    const job = await this.claimedJob(lease);
    if (job === null || (await job.extendLock(lease.token, this.leaseMs)) !== 1) return false;
    await job.updateProgress({ stage: progress.stage, ...pageProgress(progress) });
    this.options.onProgress?.(job.data.documentId, progress);
    return true;
  }

  async complete(lease: JobLease): Promise<boolean> {
    const job = await this.claimedJob(lease);
    if (!job) return false;
    return lostLeaseAsFalse(async () => {
      await job.moveToCompleted(null, lease.token, false);
      return true;
    });
  }

  async fail(lease: JobLease, failure: JobFailure): Promise<FailOutcome> {
    const job = await this.claimedJob(lease);
    if (!job) return 'lost';
    // Retry only with attempts left counting every claim (crashes too), as the SQLite queue does.
    const retry = !failure.permanent && this.options.retryBackoffMs !== undefined && job.attemptsStarted < this.maxAttempts;
    const error = retry ? new Error(failure.reason) : new UnrecoverableError(failure.reason);
    const moved = await lostLeaseAsFalse(async () => {
      await job.moveToFailed(error, lease.token, false);
      return true;
    });
    if (!moved) return 'lost';
    return retry ? 'retrying' : 'failed';
  }

  async retry(target: JobTarget): Promise<QueuedJob> {
    const job = await this.queue.getJob(target.documentId);
    if (!job) return this.toQueued(await this.add(target));
    const state = await job.getState();
    if (state === 'failed' || state === 'completed') {
      await job.retry(state, { resetAttemptsMade: true, resetAttemptsStarted: true });
      await this.redis.sadd(this.waitingKey(target.projectId), job.id as string);
      return this.toQueued((await this.queue.getJob(target.documentId)) ?? job);
    }
    return this.toQueued(job);
  }

  /**
   * BullMQ's event stream (QueueEvents: a Redis stream every process can read): a stage a worker reported
   * (`updateProgress`), a failure with a retry ahead (the job moved to `delayed`), a failure for good (`failed`).
   */
  async watch(listener: JobEventListener): Promise<void> {
    if (this.events) throw new Error('the queue is watched already');
    const events = new QueueEvents(this.queue.name, { connection: { url: this.options.url } });
    this.events = events;
    events.on('error', (error) => this.options.onConnectionError?.(error));
    events.on('progress', ({ jobId, data }) => {
      const { stage, page, pages, step } = (data ?? {}) as { stage?: unknown; page?: unknown; pages?: unknown; step?: unknown };
      if (stage !== 'parsing' && stage !== 'embedding') return;
      // A report from a worker without steps (older) is a text page.
      const read = step === 'ocr' ? 'ocr' : 'text';
      listener.progress(jobId, typeof page === 'number' && typeof pages === 'number' ? { stage, page, pages, step: read } : { stage });
    });
    events.on('failed', ({ jobId, failedReason }) => listener.failed(jobId, failedReason));
    events.on('delayed', ({ jobId }) => {
      void this.queue
        .getJob(jobId)
        .then((job) => listener.retrying(jobId, job?.failedReason ?? 'failed; will be retried'))
        .catch((error: Error) => this.options.onConnectionError?.(error));
    });
    await events.waitUntilReady();
  }

  async counts(): Promise<JobCounts> {
    const c = await this.queue.getJobCounts('waiting', 'prioritized', 'delayed', 'waiting-children', 'active', 'completed', 'failed');
    return {
      queued: c.waiting + c.prioritized + c.delayed + c['waiting-children'],
      running: c.active,
      done: c.completed,
      failed: c.failed,
    };
  }

  /** Redis must answer a PING within `openTimeoutMs` (default 5 s); BullMQ itself would wait for it forever. */
  async open(): Promise<void> {
    const timeoutMs = this.options.openTimeoutMs ?? 5_000;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      await Promise.race([this.redis.ping(), timeout]);
    } catch (error) {
      // Stop reconnecting: the service does not start, and retrying connections would keep its process alive.
      await this.close().catch(() => undefined);
      throw new QueueUnavailableError(
        `QUEUE=redis: Redis at ${redactedUrl(this.options.url)} does not answer (${(error as Error).message})`,
      );
    } finally {
      clearTimeout(timer);
    }
  }

  /** Closes the Redis connections (the claimer's, with its stall-check timer, too). */
  async close(): Promise<void> {
    await this.worker?.close();
    await this.events?.close();
    await this.queue.close();
    this.redis.disconnect();
  }

  private async add(target: JobTarget): Promise<Job<JobData>> {
    const waitingKey = this.waitingKey(target.projectId);
    const [[, added], [, waiting]] = (await this.redis.multi().sadd(waitingKey, target.documentId).scard(waitingKey).exec()) as [
      [unknown, number],
      [unknown, number],
    ];
    // Already waiting (a concurrent enqueue): its count includes this job; the jobId makes the add a no-op anyway.
    const priority = Math.min(MAX_PRIORITY, added ? waiting : Math.max(1, waiting));
    const opts: JobsOptions = {
      jobId: target.documentId,
      priority,
      attempts: this.maxAttempts,
      backoff: { type: BACKOFF_TYPE },
    };
    return this.queue.add('ingest', target, opts);
  }

  /** The processor-less BullMQ worker that claims for this process, and checks for stalled jobs, made on first claim. */
  private claimer(): Worker<JobData> {
    if (this.worker) return this.worker;
    const backoff = this.options.retryBackoffMs;
    this.worker = new Worker<JobData>(this.queue.name, null, {
      connection: { url: this.options.url, maxRetriesPerRequest: null },
      autorun: false,
      lockDuration: this.leaseMs,
      stalledInterval: this.options.stalledIntervalMs ?? Math.max(100, Math.floor(this.leaseMs / 3)),
      // Stalls are counted as claims (maxAttempts): BullMQ's own limit must not fail a job earlier.
      maxStalledCount: this.maxAttempts,
      // The backoff grows with the claims so far (attemptsMade counts only failures, not crashes).
      settings: { backoffStrategy: (attemptsMade, _type, _error, job) => (backoff ? backoff(claimsOf(job) ?? attemptsMade) : 0) },
    });
    // Errors of the stall-check loop are retried by BullMQ; without a listener they would be unhandled.
    this.worker.on('error', (error) => this.options.onConnectionError?.(error));
    void this.worker.startStalledCheckTimer();
    return this.worker;
  }

  /** The job as the claimer sees it (its backoff strategy applies), or null when it is gone. */
  private async claimedJob(lease: JobLease): Promise<Job<JobData> | null> {
    return (await Job.fromId<JobData>(this.claimer(), lease.jobId)) ?? null;
  }

  private waitingKey(projectId: string): string {
    return this.waitingKeyPrefix + projectId;
  }

  private async toQueued(job: Job<JobData>, known?: JobStatus): Promise<QueuedJob> {
    const status = known ?? toStatus(await job.getState());
    return {
      id: job.id as string,
      documentId: job.data.documentId,
      projectId: job.data.projectId,
      ...(job.data.storageKey === undefined ? {} : { storageKey: job.data.storageKey, filename: job.data.filename }),
      status,
      attempts: job.attemptsStarted ?? 0,
    };
  }
}

/** BullMQ passes the backoff strategy a minimal job type; the full job it passes also counts the claims. */
function claimsOf(job: unknown): number | undefined {
  return (job as { attemptsStarted?: number } | undefined)?.attemptsStarted;
}

function toStatus(state: string): JobStatus {
  if (state === 'active') return 'running';
  if (state === 'completed') return 'done';
  if (state === 'failed') return 'failed';
  return 'queued';
}

/** Runs a finishing call; false when BullMQ refused it because the lock is someone else's (or gone). */
async function lostLeaseAsFalse(call: () => Promise<boolean>): Promise<boolean> {
  try {
    return await call();
  } catch (error) {
    if (LOST_LEASE_CODES.has((error as { code?: number }).code as number)) return false;
    throw error;
  }
}

/** The URL as it may be logged: never its password. */
function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'REDIS_URL';
  }
}
