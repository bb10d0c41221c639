import type { JobCounts, JobStatus } from '@lectern/corpus';

/** The document a job ingests. A queue holds at most one job per document. */
export interface JobTarget {
  documentId: string;
  projectId: string;
  /**
   * Where the PDF is in the object store, and its name: carried by the BullMQ job so a worker without the catalog
   * (INGEST_COMMIT=handoff) can build it. The SQLite queue does not keep them (its workers read the catalog).
   */
  storageKey?: string;
  filename?: string;
}

export interface QueuedJob extends JobTarget {
  id: string;
  status: JobStatus;
  /** Claims so far, the current one included; a claim whose worker died counts too. */
  attempts: number;
}

/**
 * Proof of one claim. Every later call about the job presents it, and is refused once the lease expired and the
 * job was claimed again (by anyone: the token is unique to each claim, not to the worker).
 */
export interface JobLease {
  jobId: string;
  token: string;
}

export interface ClaimedJob extends QueuedJob {
  lease: JobLease;
}

export interface JobFailure {
  reason: string;
  /** The input itself is unusable (not a PDF, encrypted): retrying cannot help, so the job fails at once. */
  permanent: boolean;
}

/** How far a held job has come, reported to its document so the UI and the CLI show it, whichever the queue. */
export interface JobProgress {
  stage: 'parsing' | 'embedding';
  /** Page `page` of `pages` of the stage, for long documents (the embedded parser reports them while parsing). */
  page?: number;
  pages?: number;
  /** How page `page` was read: from its text layer (the default, and what a report without it means) or by OCR. */
  step?: 'text' | 'ocr';
}

/** The page progress to store on the document: null unless both `page` and `pages` were reported. */
export function pageProgress(progress: JobProgress): { page: number; pages: number; step: 'text' | 'ocr' } | null {
  const { page, pages, step } = progress;
  return typeof page === 'number' && typeof pages === 'number' ? { page, pages, step: step === 'ocr' ? 'ocr' : 'text' } : null;
}

/**
 * What happened to jobs held by workers elsewhere, for the process that owns the documents (INGEST_COMMIT=handoff:
 * workers without the catalog report through the queue). Keyed by document (a queue holds one job per document).
 */
export interface JobEventListener {
  progress(documentId: string, progress: JobProgress): void;
  /** A passing failure: the job waits for its backoff, then runs again. */
  retrying(documentId: string, reason: string): void;
  /** Failed for good (permanent, out of attempts, or its worker died on every attempt). */
  failed(documentId: string, reason: string): void;
}

/**
 * What `fail` did with the job: failed it for good, queued it again after a backoff (a passing failure with
 * attempts left), or nothing because the lease was lost (the job is someone else's now).
 */
export type FailOutcome = 'failed' | 'retrying' | 'lost';

/**
 * The ingestion job queue the worker and the intake see. The embedded default is `SqliteJobQueue` (the catalog's
 * jobs table); `BullJobQueue` is BullMQ on Redis (jobId = document id, lock token, extendLock, moveToCompleted /
 * moveToFailed, stall detection), for workers on several machines. Both pass `describeJobQueueContract`.
 */
export interface JobQueue {
  /** How long a claim lasts without `renew`; after it the job is claimable again (its worker is presumed dead). */
  readonly leaseMs: number;

  /** Queues a job for the document, unless the queue holds one for it already: that one is returned unchanged. */
  enqueue(target: JobTarget): Promise<QueuedJob>;

  /**
   * Leases a claimable job (queued, past its backoff, or whose lease expired) to one claimer, or returns null.
   * Projects take turns, so one large upload does not starve the others; within a project, oldest first. A job
   * whose lease expired on every one of its attempts is failed instead, and its document with it.
   */
  claim(workerId: string): Promise<ClaimedJob | null>;

  /** Extends the lease by `leaseMs` from now; false when it was lost, and the work must then be abandoned. */
  renew(lease: JobLease): Promise<boolean>;

  /**
   * Reports how far the held job has come, to its document (a ready document is never set back); false when the
   * lease was lost, and the work must then be abandoned. Workers that cannot reach the catalog report through it.
   */
  progress(lease: JobLease, progress: JobProgress): Promise<boolean>;

  /** Marks the job done; false when the lease was lost. */
  complete(lease: JobLease): Promise<boolean>;

  /** Fails the job: for good when permanent or out of attempts, else queued again after a backoff. */
  fail(lease: JobLease, failure: JobFailure): Promise<FailOutcome>;

  /**
   * Queues the document's finished (failed or done) job again with its attempts reset, or enqueues one when the
   * queue holds none; a queued or running job is returned unchanged.
   */
  retry(target: JobTarget): Promise<QueuedJob>;

  /**
   * Calls the listener with what workers report until `close`. The SQLite queue's workers write the catalog
   * themselves, so it never calls it; BullMQ's events (QueueEvents) reach it from any machine.
   */
  watch(listener: JobEventListener): Promise<void>;

  /** How many jobs are in each state (for /health). */
  counts(): Promise<JobCounts>;

  /**
   * Checks at start that the queue answers (Redis reachable), so a service on a dead queue stops with a message
   * instead of hanging every upload; throws QueueUnavailableError. The SQLite queue always answers.
   */
  open(): Promise<void>;

  /** Releases what the queue holds outside the process (Redis connections); the SQLite queue holds nothing. */
  close(): Promise<void>;
}
