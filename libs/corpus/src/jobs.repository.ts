import type Database from 'better-sqlite3';
import { nanoid } from 'nanoid';
import type { DocumentStatus, JobCounts, JobRow, JobStatus, PageProgress } from './catalog.types';
import type { DocumentsRepository } from './documents.repository';
import { JobNotFoundError } from './errors';

interface JobRecord {
  id: string;
  document_id: string;
  project_id: string;
  status: JobStatus;
  attempts: number;
  lease_owner: string | null;
  lease_expires_at: number | null;
  available_at: number | null;
  error: string | null;
  created_at: string;
  updated_at: string;
}

function toJob(row: JobRecord): JobRow {
  return {
    id: row.id,
    documentId: row.document_id,
    projectId: row.project_id,
    status: row.status,
    attempts: row.attempts,
    leaseOwner: row.lease_owner,
    leaseExpiresAt: row.lease_expires_at,
    availableAt: row.available_at,
    error: row.error,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface JobsRepositoryOptions {
  /**
   * A job whose lease expired this many times (its worker died each time, e.g. a PDF that exhausts memory)
   * is failed instead of being handed to yet another worker; nor is a job retried later past this many claims.
   */
  maxAttempts?: number;
}

export const DEFAULT_MAX_JOB_ATTEMPTS = 3;

/**
 * The embedded job queue's table: jobs are leased to one owner at a time; an expired lease makes a job claimable
 * again. `owner` is whatever the caller leases under (the SQLite JobQueue passes a token unique to each claim).
 * A job's document is written through the documents repository, on the same connection, inside the job's transaction.
 */
export class JobsRepository {
  private readonly maxAttempts: number;
  private readonly insert: Database.Statement;
  private readonly byId: Database.Statement<[string], JobRecord>;
  private readonly failExhausted: Database.Statement;
  private readonly claimOldest: Database.Statement;
  private readonly extendLease: Database.Statement;
  private readonly finish: Database.Statement;
  private readonly backOff: Database.Statement;
  private readonly latestForDocument: Database.Statement<[string], JobRecord>;
  private readonly reset: Database.Statement;
  private readonly countByStatus: Database.Statement<[], { status: JobStatus; count: number }>;
  private readonly heldBy: Database.Statement;
  private readonly stageTransaction: (jobId: string, owner: string, stage: DocumentStatus, progress: PageProgress | null) => boolean;
  private readonly claimTransaction: (owner: string, leaseMs: number, now: number) => JobRow | null;
  private readonly enqueueTransaction: (documentId: string, projectId: string) => JobRow;

  constructor(
    private readonly db: Database.Database,
    private readonly documents: DocumentsRepository,
    options: JobsRepositoryOptions = {},
  ) {
    this.maxAttempts = options.maxAttempts ?? DEFAULT_MAX_JOB_ATTEMPTS;
    this.insert = db.prepare(`
      INSERT INTO jobs (id, document_id, project_id, status, attempts, created_at, updated_at)
      VALUES (@id, @documentId, @projectId, 'queued', 0, @now, @now)`);
    this.byId = db.prepare('SELECT * FROM jobs WHERE id = ?');
    this.failExhausted = db.prepare(`
      UPDATE jobs SET status = 'failed', lease_owner = NULL, lease_expires_at = NULL, updated_at = @iso,
        error = 'the worker stopped (crashed or timed out) on each of ' || attempts || ' attempts'
      WHERE status = 'running' AND lease_expires_at <= @now AND attempts >= @maxAttempts
      RETURNING document_id, error`);
    // The sub-select and the update run under one write lock, so two connections never take the same job.
    // Fairness: a job's turn is its place among its project's unfinished jobs (running ones count), and the lowest
    // turn goes first, so one large upload cannot starve the other projects; within a turn, oldest first.
    this.claimOldest = db.prepare(`
      UPDATE jobs SET status = 'running', lease_owner = @owner, lease_expires_at = @now + @leaseMs,
        available_at = NULL, attempts = attempts + 1, error = NULL, updated_at = @iso
      WHERE id = (
        SELECT id FROM (
          SELECT id, status, available_at, lease_expires_at, created_at, rowid AS r,
            ROW_NUMBER() OVER (PARTITION BY project_id ORDER BY created_at, rowid) AS turn
          FROM jobs WHERE status IN ('queued', 'running'))
        WHERE (status = 'queued' AND (available_at IS NULL OR available_at <= @now))
          OR (status = 'running' AND lease_expires_at <= @now)
        ORDER BY turn, created_at, r LIMIT 1)
      RETURNING *`);
    this.extendLease = db.prepare(`
      UPDATE jobs SET lease_expires_at = @now + @leaseMs, updated_at = @iso
      WHERE id = @jobId AND lease_owner = @owner AND status = 'running'`);
    this.finish = db.prepare(`
      UPDATE jobs SET status = @status, error = @error, lease_expires_at = NULL, updated_at = @iso
      WHERE id = @jobId AND lease_owner = @owner AND status = 'running'`);
    this.backOff = db.prepare(`
      UPDATE jobs SET status = 'queued', error = @error, lease_owner = NULL, lease_expires_at = NULL,
        available_at = @availableAt, updated_at = @iso
      WHERE id = @jobId AND lease_owner = @owner AND status = 'running' AND attempts < @maxAttempts`);
    this.latestForDocument = db.prepare('SELECT * FROM jobs WHERE document_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1');
    this.reset = db.prepare(`
      UPDATE jobs SET status = 'queued', attempts = 0, lease_owner = NULL, lease_expires_at = NULL,
        available_at = NULL, error = NULL, updated_at = @iso
      WHERE id = @jobId`);
    this.countByStatus = db.prepare('SELECT status, COUNT(*) AS count FROM jobs GROUP BY status');
    this.heldBy = db.prepare(`SELECT document_id FROM jobs WHERE id = @jobId AND lease_owner = @owner AND status = 'running'`);
    const stage = db.transaction((jobId: string, owner: string, status: DocumentStatus, progress: PageProgress | null): boolean => {
      const held = this.heldBy.get({ jobId, owner }) as { document_id: string } | undefined;
      if (!held) return false;
      this.documents.showStage(held.document_id, status, progress, new Date().toISOString());
      return true;
    });
    this.stageTransaction = (jobId, owner, status, progress) => stage.immediate(jobId, owner, status, progress);

    const claim = db.transaction((owner: string, leaseMs: number, now: number): JobRow | null => {
      const iso = new Date(now).toISOString();
      const exhausted = this.failExhausted.all({ now, iso, maxAttempts: this.maxAttempts }) as Array<{
        document_id: string;
        error: string;
      }>;
      for (const job of exhausted) this.documents.failStopped(job.document_id, job.error, iso);
      const row = this.claimOldest.get({ owner, leaseMs, now, iso }) as JobRecord | undefined;
      return row ? toJob(row) : null;
    });
    // IMMEDIATE takes the write lock before reading, so a concurrent claimer waits (busy_timeout) instead of racing.
    this.claimTransaction = (owner, leaseMs, now) => claim.immediate(owner, leaseMs, now);
    const enqueue = db.transaction((documentId: string, projectId: string): JobRow => {
      const existing = this.latestForDocument.get(documentId);
      if (existing) return toJob(existing);
      const id = nanoid();
      this.insert.run({ id, documentId, projectId, now: new Date().toISOString() });
      return this.findById(id) as JobRow;
    });
    this.enqueueTransaction = (documentId, projectId) => enqueue.immediate(documentId, projectId);
  }

  /** Queues a job for the document, unless it has one already (in any state): that one is returned unchanged. */
  enqueue(documentId: string, projectId: string): JobRow {
    return this.enqueueTransaction(documentId, projectId);
  }

  findById(id: string): JobRow | null {
    const row = this.byId.get(id);
    return row ? toJob(row) : null;
  }

  /**
   * Leases the next claimable job to `owner` until `now + leaseMs` (projects in turn, see the statement), or
   * returns null when there is none.
   */
  claim(owner: string, leaseMs: number, now: number = Date.now()): JobRow | null {
    return this.claimTransaction(owner, leaseMs, now);
  }

  /** Extends the lease; false when the owner no longer holds the job (it expired and another claimer took it). */
  renew(jobId: string, owner: string, leaseMs: number, now: number = Date.now()): boolean {
    return this.extendLease.run({ jobId, owner, leaseMs, now, iso: new Date(now).toISOString() }).changes === 1;
  }

  /**
   * Shows the stage a held job's document is in, in the same transaction as the check that the owner still holds
   * the job (a lease is a fence here, not only a timer); false when it does not.
   */
  reportStage(jobId: string, owner: string, stage: DocumentStatus, progress: PageProgress | null = null): boolean {
    return this.stageTransaction(jobId, owner, stage, progress);
  }

  /** False when the owner lost its lease; the result must then be discarded. */
  complete(jobId: string, owner: string): boolean {
    return this.finishAs(jobId, owner, 'done', null);
  }

  fail(jobId: string, owner: string, reason: string): boolean {
    return this.finishAs(jobId, owner, 'failed', reason);
  }

  /**
   * Queues a running job again, not to be claimed before `availableAt` (epoch ms); false when the owner lost its
   * lease or the job has used all its attempts.
   */
  retryLater(jobId: string, owner: string, reason: string, availableAt: number): boolean {
    const iso = new Date().toISOString();
    const params = { jobId, owner, error: reason, availableAt, iso, maxAttempts: this.maxAttempts };
    return this.backOff.run(params).changes === 1;
  }

  /** Queues the document's latest job again (attempts reset); a queued or running job is returned unchanged. */
  requeue(documentId: string): JobRow {
    const latest = this.latestForDocument.get(documentId);
    if (!latest) throw new JobNotFoundError(`document ${documentId} has no job to retry`);
    if (latest.status === 'queued' || latest.status === 'running') return toJob(latest);
    this.reset.run({ jobId: latest.id, iso: new Date().toISOString() });
    return this.findById(latest.id) as JobRow;
  }

  counts(): JobCounts {
    const counts: JobCounts = { queued: 0, running: 0, done: 0, failed: 0 };
    for (const { status, count } of this.countByStatus.all()) counts[status] = count;
    return counts;
  }

  private finishAs(jobId: string, owner: string, status: JobStatus, error: string | null): boolean {
    const iso = new Date().toISOString();
    return this.finish.run({ jobId, owner, status, error, iso }).changes === 1;
  }
}
