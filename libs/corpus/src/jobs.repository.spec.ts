import { CatalogDb } from './catalog.db';
import { JobNotFoundError } from './errors';
import { JobsRepository } from './jobs.repository';
import { raceToClaim } from './testing/claim-race.fixture';
import { useTempDir } from './testing/temp-dir.fixture';

const LEASE_MS = 30_000;
const T0 = Date.parse('2025-01-01T00:00:00Z');

describe(JobsRepository.name, () => {
  const tempDir = useTempDir();
  let catalog: CatalogDb;
  let projectId: string;

  beforeEach(() => {
    catalog = CatalogDb.open(tempDir());
    projectId = catalog.projects.create('p').id;
  });
  afterEach(() => catalog.close());

  function enqueueDocument(n: number) {
    const document = catalog.documents.create({
      projectId,
      sha256: String(n).padStart(64, '0'),
      filename: `${n}.pdf`,
      sizeBytes: 1,
      storageKey: `k/${n}`,
    });
    return catalog.jobs.enqueue(document.id, projectId);
  }

  it('enqueues a queued job with no lease', () => {
    const job = enqueueDocument(1);
    expect(job).toMatchObject({ status: 'queued', attempts: 0, leaseOwner: null, leaseExpiresAt: null, error: null });
    expect(catalog.jobs.counts()).toEqual({ queued: 1, running: 0, done: 0, failed: 0 });
  });

  it('keeps one job per document: enqueueing it again returns the job it has, whatever its state', () => {
    const job = enqueueDocument(1);
    expect(catalog.jobs.enqueue(job.documentId, projectId)).toEqual(job);
    catalog.jobs.claim('w', LEASE_MS, T0);
    catalog.jobs.fail(job.id, 'w', 'broken');
    expect(catalog.jobs.enqueue(job.documentId, projectId)).toMatchObject({ id: job.id, status: 'failed' });
    expect(catalog.jobs.counts()).toEqual({ queued: 0, running: 0, done: 0, failed: 1 });
  });

  it('claims the oldest queued job, leasing it to the worker', () => {
    const first = enqueueDocument(1);
    enqueueDocument(2);
    const claimed = catalog.jobs.claim('w1', LEASE_MS, T0);
    expect(claimed).toMatchObject({
      id: first.id,
      status: 'running',
      attempts: 1,
      leaseOwner: 'w1',
      leaseExpiresAt: T0 + LEASE_MS,
    });
    expect(catalog.jobs.claim('w2', LEASE_MS, T0)?.id).not.toBe(first.id);
    expect(catalog.jobs.claim('w3', LEASE_MS, T0)).toBeNull();
  });

  it('hands a running job to another worker only after its lease expired', () => {
    const job = enqueueDocument(1);
    catalog.jobs.claim('crashed', LEASE_MS, T0);
    expect(catalog.jobs.claim('w2', LEASE_MS, T0 + LEASE_MS - 1)).toBeNull();
    const retaken = catalog.jobs.claim('w2', LEASE_MS, T0 + LEASE_MS);
    expect(retaken).toMatchObject({ id: job.id, leaseOwner: 'w2', attempts: 2 });
    // The crashed worker, if it was only slow, learns it lost the job.
    expect(catalog.jobs.renew(job.id, 'crashed', LEASE_MS, T0 + LEASE_MS + 1)).toBe(false);
    expect(catalog.jobs.complete(job.id, 'crashed')).toBe(false);
    expect(catalog.jobs.complete(job.id, 'w2')).toBe(true);
  });

  it('renews a lease so a slow job is not taken over', () => {
    const job = enqueueDocument(1);
    catalog.jobs.claim('w1', LEASE_MS, T0);
    expect(catalog.jobs.renew(job.id, 'w1', LEASE_MS, T0 + 20_000)).toBe(true);
    expect(catalog.jobs.findById(job.id)?.leaseExpiresAt).toBe(T0 + 20_000 + LEASE_MS);
    expect(catalog.jobs.claim('w2', LEASE_MS, T0 + LEASE_MS + 1)).toBeNull();
  });

  it('completes and fails jobs, counting them by status', () => {
    const a = enqueueDocument(1);
    const b = enqueueDocument(2);
    const c = enqueueDocument(3);
    catalog.jobs.claim('w', LEASE_MS, T0);
    catalog.jobs.claim('w', LEASE_MS, T0);
    expect(catalog.jobs.complete(a.id, 'w')).toBe(true);
    expect(catalog.jobs.fail(b.id, 'w', 'no text layer')).toBe(true);
    expect(catalog.jobs.findById(b.id)).toMatchObject({ status: 'failed', error: 'no text layer', leaseExpiresAt: null });
    expect(catalog.jobs.counts()).toEqual({ queued: 1, running: 0, done: 1, failed: 1 });
    // Finished jobs are never claimed again: only the third, still queued, is left.
    expect(catalog.jobs.claim('w', LEASE_MS, T0 + 10 * LEASE_MS)?.id).toBe(c.id);
    expect(catalog.jobs.claim('w', LEASE_MS, T0 + 10 * LEASE_MS)).toBeNull();
  });

  it('requeues a failed document with its attempts reset', () => {
    const job = enqueueDocument(1);
    catalog.jobs.claim('w', LEASE_MS, T0);
    catalog.jobs.fail(job.id, 'w', 'GROBID down');
    const retried = catalog.jobs.requeue(job.documentId);
    expect(retried).toMatchObject({ id: job.id, status: 'queued', attempts: 0, error: null, leaseOwner: null });
    expect(catalog.jobs.claim('w', LEASE_MS, T0)?.id).toBe(job.id);
    // Requeueing a running job changes nothing.
    expect(catalog.jobs.requeue(job.documentId)).toMatchObject({ status: 'running', leaseOwner: 'w' });
    expect(() => catalog.jobs.requeue('no-such-document')).toThrow(JobNotFoundError);
  });

  it('queues a job again to be claimed only from a later time, while it has attempts left', () => {
    const job = enqueueDocument(1);
    catalog.jobs.claim('w1', LEASE_MS, T0);
    expect(catalog.jobs.retryLater(job.id, 'someone-else', 'GROBID timed out', T0 + 5_000)).toBe(false);
    expect(catalog.jobs.retryLater(job.id, 'w1', 'GROBID timed out', T0 + 5_000)).toBe(true);
    expect(catalog.jobs.findById(job.id)).toMatchObject({ status: 'queued', error: 'GROBID timed out', leaseOwner: null });
    expect(catalog.jobs.claim('w2', LEASE_MS, T0 + 4_999)).toBeNull();
    expect(catalog.jobs.claim('w2', LEASE_MS, T0 + 5_000)).toMatchObject({ id: job.id, attempts: 2, availableAt: null });
    expect(catalog.jobs.retryLater(job.id, 'w2', 'GROBID timed out', T0 + 15_000)).toBe(true);
    catalog.jobs.claim('w3', LEASE_MS, T0 + 15_000);
    // The third claim was the last attempt: the job is not queued again.
    expect(catalog.jobs.retryLater(job.id, 'w3', 'GROBID timed out', T0 + 35_000)).toBe(false);
    expect(catalog.jobs.findById(job.id)).toMatchObject({ status: 'running', attempts: 3 });
  });

  it('fails a job (and its document) whose worker died on every attempt instead of retrying forever', () => {
    const job = enqueueDocument(1);
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(catalog.jobs.claim(`w${attempt}`, LEASE_MS, T0 + attempt * LEASE_MS)?.id).toBe(job.id);
    }
    expect(catalog.jobs.claim('w4', LEASE_MS, T0 + 3 * LEASE_MS)).toBeNull();
    expect(catalog.jobs.findById(job.id)).toMatchObject({ status: 'failed', attempts: 3 });
    expect(catalog.jobs.findById(job.id)?.error).toMatch(/on each of 3 attempts/);
    expect(catalog.documents.findById(job.documentId)).toMatchObject({ status: 'failed', error: expect.stringMatching(/3 attempts/) });
  });

  it('shows the stage its holder reports on the document, refuses a lost lease and never sets a ready document back', () => {
    const job = enqueueDocument(1);
    catalog.jobs.claim('w1', LEASE_MS, T0);
    expect(catalog.jobs.reportStage(job.id, 'w1', 'parsing', { page: 2, pages: 9, step: 'ocr' })).toBe(true);
    expect(catalog.documents.findById(job.documentId)).toMatchObject({ status: 'parsing', progress: { page: 2, pages: 9, step: 'ocr' } });
    expect(catalog.jobs.reportStage(job.id, 'w2', 'embedding')).toBe(false);
    expect(catalog.documents.findById(job.documentId)?.status).toBe('parsing');
    expect(catalog.jobs.reportStage(job.id, 'w1', 'embedding')).toBe(true);
    expect(catalog.documents.findById(job.documentId)).toMatchObject({ status: 'embedding', progress: null });
    catalog.documents.updateStatus(job.documentId, 'ready');
    expect(catalog.jobs.reportStage(job.id, 'w1', 'parsing')).toBe(true);
    expect(catalog.documents.findById(job.documentId)?.status).toBe('ready');
  });

  it('lets two connections on one file see each other’s claims', () => {
    const other = CatalogDb.open(tempDir());
    try {
      const a = enqueueDocument(1);
      const b = enqueueDocument(2);
      expect(catalog.jobs.claim('w1', LEASE_MS)?.id).toBe(a.id);
      expect(other.jobs.claim('w2', LEASE_MS)?.id).toBe(b.id);
      expect(catalog.jobs.claim('w1', LEASE_MS)).toBeNull();
      expect(other.jobs.claim('w2', LEASE_MS)).toBeNull();
    } finally {
      other.close();
    }
  });

  it('never gives one job to two concurrent connections (threads racing on one file)', async () => {
    const jobIds = catalog.transaction(() => Array.from({ length: 300 }, (_, i) => enqueueDocument(i).id));
    const claimed = await raceToClaim(tempDir(), 3);
    const all = claimed.flat();
    expect(all).toHaveLength(300);
    expect(new Set(all).size).toBe(300);
    expect(new Set(all)).toEqual(new Set(jobIds));
    // Every thread got some work, so the claims really interleaved.
    for (const ids of claimed) expect(ids.length).toBeGreaterThan(0);
    expect(catalog.jobs.counts()).toEqual({ queued: 0, running: 0, done: 300, failed: 0 });
  });
});
