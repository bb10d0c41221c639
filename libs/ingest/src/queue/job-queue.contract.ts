/// <reference types="jest" />
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CatalogDb, type PageProgress } from '@lectern/corpus';
import type { JobQueue, JobTarget } from './job-queue';

/** What the contract configures in the queue under test. */
export interface JobQueueContractSettings {
  /** The queue's clock (epoch ms); the contract moves it instead of sleeping (with the `injected` clock). */
  now: () => number;
  leaseMs: number;
  /** Claims of a job, crashes and passing failures together, before it fails for good. */
  maxAttempts: number;
  retryBackoffMs: (attempt: number) => number;
}

export interface JobQueueHarness {
  queue: JobQueue;
  /**
   * A new document the queue may hold a job for (with its catalog row, which the jobs refer to), in the project
   * named `project` (one project per name, made on first use).
   */
  newTarget(project?: string): Promise<JobTarget>;
  /** The catalog status of a document, to see what the queue did to it. */
  documentStatus(documentId: string): Promise<string | undefined>;
  /** The page progress shown on a document. */
  documentProgress(documentId: string): Promise<PageProgress | null | undefined>;
  /** Marks a document ready, as the commit does. */
  markReady(documentId: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * How the contract moves time. `injected`: the queue reads `settings.now`, which the contract sets to the exact
 * millisecond (an SQL queue). `real`: the queue keeps its own time (Redis does), so the contract waits for real,
 * with short leases: it checks "not yet" `marginMs` before a deadline and "now" `settleMs` after it (the time the
 * queue needs to notice an expired lock).
 */
export type JobQueueContractClock =
  { kind: 'injected' } | { kind: 'real'; leaseMs: number; backoffMs: number; marginMs: number; settleMs: number };

const T0 = Date.parse('2025-01-01T00:00:00Z');
const INJECTED = { leaseMs: 30_000, backoffMs: 1_000 };
const MAX_ATTEMPTS = 3;

interface ContractTime {
  now(): number;
  /** Just before `deadline`: what is due then must not have happened yet. */
  before(deadline: number): Promise<void>;
  /** At `deadline`: what is due then has happened. */
  reach(deadline: number): Promise<void>;
  /** Long after every lease and backoff so far. */
  later(): Promise<void>;
}

const sleepUntil = async (t: number) => {
  const wait = t - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
};

/** The behaviour every `JobQueue` implementation must have; each implementation's spec calls this once. */
export function describeJobQueueContract(
  name: string,
  makeQueue: (settings: JobQueueContractSettings) => Promise<JobQueueHarness>,
  clockKind: JobQueueContractClock = { kind: 'injected' },
) {
  const { leaseMs: LEASE_MS, backoffMs: BACKOFF_MS } = clockKind.kind === 'injected' ? INJECTED : clockKind;
  const backoffMs = (attempt: number) => BACKOFF_MS * 2 ** (attempt - 1);

  describe(`${name} (JobQueue contract)`, () => {
    let clock = T0;
    let harness: JobQueueHarness;
    let queue: JobQueue;
    const time: ContractTime =
      clockKind.kind === 'injected'
        ? {
            now: () => clock,
            before: async (deadline) => void (clock = deadline - 1),
            reach: async (deadline) => void (clock = deadline),
            later: async () => void (clock += 100 * LEASE_MS),
          }
        : {
            now: () => Date.now(),
            before: (deadline) => sleepUntil(deadline - clockKind.marginMs),
            reach: (deadline) => sleepUntil(deadline + clockKind.settleMs),
            later: () => sleepUntil(Date.now() + LEASE_MS + backoffMs(MAX_ATTEMPTS) + clockKind.settleMs),
          };

    beforeEach(async () => {
      clock = T0;
      harness = await makeQueue({ now: () => clock, leaseMs: LEASE_MS, maxAttempts: MAX_ATTEMPTS, retryBackoffMs: backoffMs });
      queue = harness.queue;
    });
    afterEach(() => harness.close());

    async function enqueued(project?: string): Promise<JobTarget & { jobId: string }> {
      const target = await harness.newTarget(project);
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
      const claimedAt = time.now();
      const stale = await queue.claim('w1');
      await time.before(claimedAt + LEASE_MS);
      expect(await queue.claim('w2')).toBeNull();
      await time.reach(claimedAt + LEASE_MS);
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
      const claimedAt = time.now();
      const claimed = await queue.claim('w1');
      await time.before(claimedAt + LEASE_MS);
      const renewedAt = time.now();
      expect(await queue.renew(claimed!.lease)).toBe(true);
      await time.before(renewedAt + LEASE_MS);
      expect(await queue.claim('w2')).toBeNull();
      await time.reach(renewedAt + LEASE_MS);
      expect((await queue.claim('w2'))?.id).toBe(jobId);
    });

    it("reports a held job's stage to its document, and refuses a stage from a lease that was lost", async () => {
      const { documentId } = await enqueued();
      const claimedAt = time.now();
      const stale = await queue.claim('w1');
      expect(await queue.progress(stale!.lease, { stage: 'parsing' })).toBe(true);
      expect(await harness.documentStatus(documentId)).toBe('parsing');
      await time.reach(claimedAt + LEASE_MS);
      const again = await queue.claim('w2');
      expect(await queue.progress(again!.lease, { stage: 'embedding' })).toBe(true);
      expect(await queue.progress(stale!.lease, { stage: 'parsing' })).toBe(false);
      expect(await harness.documentStatus(documentId)).toBe('embedding');
    });

    it('shows the page a held job has reached on its document and how it was read, cleared by the next stage and when it is ready', async () => {
      const { documentId } = await enqueued();
      const held = await queue.claim('w1');
      expect(await queue.progress(held!.lease, { stage: 'parsing' })).toBe(true);
      expect(await harness.documentProgress(documentId)).toBeNull();
      expect(await queue.progress(held!.lease, { stage: 'parsing', page: 12, pages: 240 })).toBe(true);
      // A report without a step (a worker from before steps) is a page read from its text layer.
      expect(await harness.documentProgress(documentId)).toEqual({ page: 12, pages: 240, step: 'text' });
      expect(await queue.progress(held!.lease, { stage: 'parsing', page: 13, pages: 240, step: 'ocr' })).toBe(true);
      expect(await harness.documentProgress(documentId)).toEqual({ page: 13, pages: 240, step: 'ocr' });
      expect(await queue.progress(held!.lease, { stage: 'parsing', page: 14, pages: 240, step: 'text' })).toBe(true);
      expect(await harness.documentProgress(documentId)).toEqual({ page: 14, pages: 240, step: 'text' });
      expect(await queue.progress(held!.lease, { stage: 'parsing', page: 15, pages: 240, step: 'ocr' })).toBe(true);
      expect(await queue.progress(held!.lease, { stage: 'embedding' })).toBe(true);
      expect(await harness.documentProgress(documentId)).toBeNull();
      expect(await queue.progress(held!.lease, { stage: 'parsing', page: 240, pages: 240 })).toBe(true);
      await harness.markReady(documentId);
      expect(await harness.documentStatus(documentId)).toBe('ready');
      expect(await harness.documentProgress(documentId)).toBeNull();
    });

    it('never hands out a completed job again', async () => {
      await enqueued();
      const claimed = await queue.claim('w1');
      expect(await queue.complete(claimed!.lease)).toBe(true);
      await time.later();
      expect(await queue.claim('w2')).toBeNull();
      expect(await queue.counts()).toEqual({ queued: 0, running: 0, done: 1, failed: 0 });
    });

    it('fails a permanent failure at once, without a retry', async () => {
      await enqueued();
      const claimed = await queue.claim('w1');
      expect(await queue.fail(claimed!.lease, { reason: 'not a PDF', permanent: true })).toBe('failed');
      await time.later();
      expect(await queue.claim('w2')).toBeNull();
      expect(await queue.counts()).toEqual({ queued: 0, running: 0, done: 0, failed: 1 });
    });

    it('retries a passing failure after its backoff, until the attempts are used up', async () => {
      const { jobId } = await enqueued();
      for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
        const claimed = await queue.claim('w');
        expect(claimed).toMatchObject({ id: jobId, attempts: attempt });
        const failedAt = time.now();
        expect(await queue.fail(claimed!.lease, { reason: 'GROBID timed out', permanent: false })).toBe('retrying');
        await time.before(failedAt + backoffMs(attempt));
        expect(await queue.claim('w')).toBeNull();
        await time.reach(failedAt + backoffMs(attempt));
      }
      const last = await queue.claim('w');
      expect(last).toMatchObject({ id: jobId, attempts: MAX_ATTEMPTS });
      expect(await queue.fail(last!.lease, { reason: 'GROBID timed out', permanent: false })).toBe('failed');
      await time.later();
      expect(await queue.claim('w')).toBeNull();
    });

    it('fails a job, and its document, whose lease expired on every attempt', async () => {
      const { jobId, documentId } = await enqueued();
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        const claimedAt = time.now();
        expect((await queue.claim(`crashing-${attempt}`))?.id).toBe(jobId);
        await time.reach(claimedAt + LEASE_MS);
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

    it('lets a project that queued one job go before the rest of a larger upload from another', async () => {
      const large = [];
      for (let i = 0; i < 5; i++) large.push(await enqueued('large upload'));
      const small = await enqueued('small project');
      const claims = [];
      for (let i = 0; i < 6; i++) claims.push((await queue.claim(`w${i}`))?.documentId);
      expect(claims.slice(0, 2)).toContain(small.documentId);
      // The large upload keeps its own order.
      expect(claims.filter((id) => id !== small.documentId)).toEqual(large.map((job) => job.documentId));
    });
  });
}

/** A real catalog in a temporary directory whose documents the queue under test holds jobs for (the harness's half). */
export function catalogForContract(maxAttempts: number): Omit<JobQueueHarness, 'queue'> & { catalog: CatalogDb } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-queue-'));
  const catalog = CatalogDb.open(dir, { maxAttempts });
  const projects = new Map<string, string>();
  let documents = 0;
  return {
    catalog,
    async newTarget(project = 'queue contract') {
      let projectId = projects.get(project);
      if (!projectId) projects.set(project, (projectId = catalog.projects.create(project).id));
      const n = ++documents;
      const sha256 = String(n).padStart(64, '0');
      const document = catalog.documents.create({ projectId, sha256, filename: `${n}.pdf`, sizeBytes: 1, storageKey: `k/${n}` });
      return { documentId: document.id, projectId };
    },
    async documentStatus(documentId) {
      return catalog.documents.findById(documentId)?.status;
    },
    async documentProgress(documentId) {
      return catalog.documents.findById(documentId)?.progress;
    },
    async markReady(documentId) {
      catalog.documents.updateStatus(documentId, 'ready', { pageCount: 240 });
    },
    async close() {
      catalog.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
