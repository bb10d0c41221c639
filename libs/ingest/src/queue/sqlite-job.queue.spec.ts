import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CatalogDb } from '@lectern/corpus';
import { catalogForContract, describeJobQueueContract } from './job-queue.contract';
import { SqliteJobQueue } from './sqlite-job.queue';

describeJobQueueContract(SqliteJobQueue.name, async ({ now, leaseMs, maxAttempts, retryBackoffMs }) => {
  const targets = catalogForContract(maxAttempts);
  return { ...targets, queue: new SqliteJobQueue(targets.catalog.jobs, { leaseMs, retryBackoffMs, now }) };
});

describe(SqliteJobQueue.name, () => {
  it('fails every failure for good when no retry backoff is configured (the default)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-queue-'));
    const catalog = CatalogDb.open(dir);
    try {
      const projectId = catalog.projects.create('p').id;
      const document = catalog.documents.create({ projectId, sha256: '0'.repeat(64), filename: 'a.pdf', sizeBytes: 1, storageKey: 'k/a' });
      const queue = new SqliteJobQueue(catalog.jobs);
      await queue.enqueue({ documentId: document.id, projectId });
      const claimed = await queue.claim('w');
      expect(await queue.fail(claimed!.lease, { reason: 'GROBID timed out', permanent: false })).toBe('failed');
      expect(await queue.claim('w')).toBeNull();
    } finally {
      catalog.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('shows the stage of a held job on its document, never over a ready one, and refuses it once the lease is lost', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-queue-'));
    const catalog = CatalogDb.open(dir);
    try {
      let clock = Date.parse('2025-01-01T00:00:00Z');
      const queue = new SqliteJobQueue(catalog.jobs, { leaseMs: 1_000, now: () => clock });
      const projectId = catalog.projects.create('p').id;
      const document = catalog.documents.create({ projectId, sha256: '0'.repeat(64), filename: 'a.pdf', sizeBytes: 1, storageKey: 'k/a' });
      await queue.enqueue({ documentId: document.id, projectId });
      const stale = (await queue.claim('w1'))!;
      expect(await queue.progress(stale.lease, { stage: 'parsing' })).toBe(true);
      expect(catalog.documents.findById(document.id)?.status).toBe('parsing');

      clock += 1_000;
      const owner = (await queue.claim('w2'))!;
      expect(await queue.progress(stale.lease, { stage: 'embedding' })).toBe(false);
      expect(catalog.documents.findById(document.id)?.status).toBe('parsing');
      catalog.documents.updateStatus(document.id, 'ready');
      expect(await queue.progress(owner.lease, { stage: 'embedding' })).toBe(true);
      expect(catalog.documents.findById(document.id)?.status).toBe('ready');
    } finally {
      catalog.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
