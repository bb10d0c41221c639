/// <reference types="jest" />
import type { JobQueue, JobTarget } from './job-queue';

/** What the contract configures in the queue under test. */
export interface JobQueueContractSettings {
  /** The queue's clock (epoch ms); the contract moves it instead of sleeping. */
  now: () => number;
  leaseMs: number;
  /** Claims of a job, crashes and passing failures together, before it fails for good. */
  maxAttempts: number;
  retryBackoffMs: (attempt: number) => number;
}

export interface JobQueueHarness {
  queue: JobQueue;
  /** A new document the queue may hold a job for (with its catalog row, which the jobs refer to). */
  newTarget(): Promise<JobTarget>;
  /** The catalog status of a document, to see what the queue did to it. */
  documentStatus(documentId: string): Promise<string | undefined>;
  close(): Promise<void>;
}

const T0 = Date.parse('2025-01-01T00:00:00Z');
const LEASE_MS = 30_000;
const MAX_ATTEMPTS = 3;
const backoffMs = (attempt: number) => 1_000 * 2 ** (attempt - 1);

/** The behaviour every `JobQueue` implementation must have; each implementation's spec calls this once. */
export function describeJobQueueContract(name: string, makeQueue: (settings: JobQueueContractSettings) => Promise<JobQueueHarness>) {
  describe(`${name} (JobQueue contract)`, () => {
    let clock = T0;
    let harness: JobQueueHarness;
    let queue: JobQueue;

    beforeEach(async () => {
      clock = T0;
      harness = await makeQueue({ now: () => clock, leaseMs: LEASE_MS, maxAttempts: MAX_ATTEMPTS, retryBackoffMs: backoffMs });
      queue = harness.queue;
    });
    afterEach(() => harness.close());

    async function enqueued(): Promise<JobTarget & { jobId: string }> {
      const target = await harness.newTarget();
      const job = await queue.enqueue(target);
      return { ...target, jobId: job.id };
    }

    it('holds one job per document: enqueueing it again returns the same job', async () => {
      const target = await harness.newTarget();
      const first = await queue.enqueue(target);
      expect(first).toMatchObject({ ...target, status: 'queued', attempts: 0 });
      expect(await queue.enqueue(target)).toEqual(first);
      expect(await queue.counts()).toEqual({ queued: 1, running: 0, done: 0, failed: 0 });
    });

    it('gives each job to one claimer only, oldest first', async () => {
      const a = await enqueued();
      const b = await enqueued();
      const first = await queue.claim('w1');
      expect(first).toMatchObject({ id: a.jobId, documentId: a.documentId, status: 'running', attempts: 1 });
      expect((await queue.claim('w2'))?.id).toBe(b.jobId);
      expect(await queue.claim('w3')).toBeNull();
      expect(await queue.counts()).toEqual({ queued: 0, running: 2, done: 0, failed: 0 });
    });

    it('hands a job on only after its lease expired, and refuses the stale claim from then on', async () => {
      const { jobId } = await enqueued();
      const stale = await queue.claim('w1');
      clock = T0 + LEASE_MS - 1;
      expect(await queue.claim('w2')).toBeNull();
      clock = T0 + LEASE_MS;
      // Even the same worker claiming again gets a new lease: the old one is dead.
      const again = await queue.claim('w1');
      expect(again).toMatchObject({ id: jobId, attempts: 2 });
      expect(await queue.renew(stale!.lease)).toBe(false);
      expect(await queue.complete(stale!.lease)).toBe(false);
      expect(await queue.fail(stale!.lease, { reason: 'too late', permanent: true })).toBe('lost');
      expect(await queue.complete(again!.lease)).toBe(true);
    });

    it('extends a renewed lease from the time of renewal', async () => {
      const { jobId } = await enqueued();
      const claimed = await queue.claim('w1');
      clock = T0 + LEASE_MS - 1;
      expect(await queue.renew(claimed!.lease)).toBe(true);
      clock = T0 + 2 * LEASE_MS - 2;
      expect(await queue.claim('w2')).toBeNull();
      clock = T0 + 2 * LEASE_MS - 1;
      expect((await queue.claim('w2'))?.id).toBe(jobId);
    });

    it('never hands out a completed job again', async () => {
      await enqueued();
      const claimed = await queue.claim('w1');
      expect(await queue.complete(claimed!.lease)).toBe(true);
      clock = T0 + 100 * LEASE_MS;
      expect(await queue.claim('w2')).toBeNull();
      expect(await queue.counts()).toEqual({ queued: 0, running: 0, done: 1, failed: 0 });
    });

    it('fails a permanent failure at once, without a retry', async () => {
      await enqueued();
      const claimed = await queue.claim('w1');
      expect(await queue.fail(claimed!.lease, { reason: 'not a PDF', permanent: true })).toBe('failed');
      clock = T0 + 100 * LEASE_MS;
      expect(await queue.claim('w2')).toBeNull();
      expect(await queue.counts()).toEqual({ queued: 0, running: 0, done: 0, failed: 1 });
    });

    it('retries a passing failure after its backoff, until the attempts are used up', async () => {
      const { jobId } = await enqueued();
      for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
        const claimed = await queue.claim('w');
        expect(claimed).toMatchObject({ id: jobId, attempts: attempt });
        expect(await queue.fail(claimed!.lease, { reason: 'GROBID timed out', permanent: false })).toBe('retrying');
        clock += backoffMs(attempt) - 1;
        expect(await queue.claim('w')).toBeNull();
        clock += 1;
      }
      const last = await queue.claim('w');
      expect(last).toMatchObject({ id: jobId, attempts: MAX_ATTEMPTS });
      expect(await queue.fail(last!.lease, { reason: 'GROBID timed out', permanent: false })).toBe('failed');
      clock += 100 * LEASE_MS;
      expect(await queue.claim('w')).toBeNull();
    });

    it('fails a job, and its document, whose lease expired on every attempt', async () => {
      const { jobId, documentId } = await enqueued();
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        expect((await queue.claim(`crashing-${attempt}`))?.id).toBe(jobId);
        clock += LEASE_MS;
      }
      expect(await queue.claim('w')).toBeNull();
      expect(await queue.counts()).toEqual({ queued: 0, running: 0, done: 0, failed: 1 });
      expect(await harness.documentStatus(documentId)).toBe('failed');
    });

    it('retries a failed job from scratch, and leaves a queued or running one alone', async () => {
      const target = await harness.newTarget();
      const job = await queue.enqueue(target);
      expect(await queue.retry(target)).toMatchObject({ id: job.id, status: 'queued' });
      const claimed = await queue.claim('w1');
      expect(await queue.retry(target)).toMatchObject({ id: job.id, status: 'running' });
      expect(await queue.claim('w2')).toBeNull();
      await queue.fail(claimed!.lease, { reason: 'not a PDF', permanent: true });
      expect(await queue.retry(target)).toMatchObject({ id: job.id, status: 'queued', attempts: 0 });
      expect(await queue.claim('w2')).toMatchObject({ id: job.id, attempts: 1 });
    });

    it('enqueues a job on retry when the queue holds none for the document', async () => {
      const target = await harness.newTarget();
      expect(await queue.retry(target)).toMatchObject({ ...target, status: 'queued', attempts: 0 });
      expect((await queue.claim('w'))?.documentId).toBe(target.documentId);
    });
  });
}
