import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { startRedisServer, type RedisServer } from './support/redis-server';
import { buildImageOnlyPdf } from './fixtures/pdf-fixtures';
import { corpusPdf } from './support/paths';
import { expectOneArticlePerReadyDocument } from './support/ingested-corpus';
import { assertWorkerBuilt, killFirstMidDocument, startWorkerProcess, stopWorkers, type WorkerProcess } from './support/worker-process';
import { startTestApp, waitForDocument, type DocumentState, type TestApp } from './support/test-app';

const PAPERS = [
  'arxiv-1211.2288.pdf',
  'thinkos-0.7.4.pdf',
  'acl-N18-3011.pdf',
  'dib-2019-sanni-p454.pdf',
  'dpr-2004.04906-2p.pdf',
  'layout-parser-paper-fast.pdf',
  'qasper-1810.08699.pdf',
  'qasper-2001.03131.pdf',
  'acl-2020.acl-main.207.pdf',
  'aem-2011-hu-crenarchaeota.pdf',
  'arxiv-1804.07821.pdf',
  'arxiv-1912.10667.pdf',
  'arxiv-2101.03961v3.pdf',
  'jner-2016-demarchis.pdf',
  'mpra-8468-mora-alfaro-es.pdf',
  'qasper-1705.07830.pdf',
  'qasper-1801.05147.pdf',
  'qasper-1912.01214.pdf',
  'extra/dpr-2004.04906-full.pdf',
];

/**
 * QUEUE=redis with the API enqueueing only and two worker processes claiming from a real redis-server: one worker is
 * killed with SIGKILL in the middle of a document, and BullMQ's stall detection gives that job to the other.
 */
describe('Redis queue with two worker processes, one killed mid-job (e2e)', () => {
  let redis: RedisServer;
  let t: TestApp;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    await assertWorkerBuilt();
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await stopWorkers(workers);
    await t?.close();
    await redis?.stop();
  });

  it('ingests every document exactly once: ready, or failed with its reason', async () => {
    const shared = { QUEUE: 'redis', REDIS_URL: redis.url, EMBEDDINGS: 'lexical', JOB_LEASE_SECONDS: '2' };
    t = await startTestApp({ ...shared, INGEST_WORKER: 'off' });
    const workerEnv = { ...shared, LECTERN_DATA_DIR: t.dataDir, WORKERS: '1', MAX_CONCURRENT_DOCUMENTS: '2' };
    workers.push(startWorkerProcess(workerEnv), startWorkerProcess(workerEnv));

    const projectId = (await t.http().post('/projects').send({ name: 'scale-out' }).expect(201)).body.id as string;
    const req = t.http().post(`/projects/${projectId}/documents`);
    for (const name of PAPERS)
      req.attach('files', await fs.readFile(corpusPdf(name)), { filename: path.basename(name), contentType: 'application/pdf' });
    req.attach('files', buildImageOnlyPdf(), { filename: 'scan.pdf', contentType: 'application/pdf' });
    const accepted = (await req.expect(202)).body.documents as Array<{ id: string; filename: string }>;
    expect(accepted).toHaveLength(PAPERS.length + 1);

    // kill -9 the first worker seen in the middle of a document.
    const killed = await killFirstMidDocument(workers, 'ready in|failed');
    expect(killed).not.toBeNull();
    expect(killed!.worker.child.signalCode).toBe('SIGKILL');

    const final: DocumentState[] = [];
    for (const { id } of accepted) final.push(await waitForDocument(t, id, 45_000));
    const byName = Object.fromEntries(final.map((d) => [d.filename, d]));
    for (const name of PAPERS) expect(byName[path.basename(name)]).toMatchObject({ status: 'ready', error: null });
    expect(byName['scan.pdf']).toMatchObject({ status: 'failed', error: expect.stringMatching(/no text layer/) });
    // The interrupted document was finished by the surviving worker.
    const survivor = workers.find((w) => w !== killed!.worker)!;
    expect(survivor.log).toMatch(new RegExp(`document=${killed!.documentId} job=\\S+ ready in`));

    const health = (await t.http().get('/health').expect(200)).body as { worker: { jobs: Record<string, number> } };
    expect(health.worker.jobs).toEqual({ queued: 0, running: 0, done: PAPERS.length, failed: 1 });

    // Exactly one article per ready document (none left behind by the killed worker), and it is the one the catalog names.
    expectOneArticlePerReadyDocument(
      t.dataDir,
      projectId,
      final.filter((d) => d.status === 'ready'),
    );

    // The surviving worker shuts down cleanly on SIGTERM (its Redis connections closed).
    survivor.child.kill('SIGTERM');
    await survivor.exited;
    expect(survivor.child.exitCode).toBe(0);
  }, 90_000);
});
