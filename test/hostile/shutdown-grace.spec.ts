import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CatalogDb } from '@lectern/corpus';
import { LexicalEmbedder } from '@lectern/embeddings';
import { CorpusRegistry, DocumentIntake, InlinePool, IngestWorker, ParseServices, SqliteJobQueue } from '@lectern/ingest';
import { LocalObjectStore } from '@lectern/storage';
import { HangingGrobid } from './hanging-grobid.server';
import { buildShortPdf } from './hostile-pdfs';

/** Issue 20 item 3: on stop (SIGTERM) documents in flight get a grace period, then go back to the queue. */
describe('IngestWorker shutdown grace', () => {
  let dir: string;
  let grobid: HangingGrobid;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lectern-grace-'));
    grobid = new HangingGrobid();
  });
  afterAll(async () => {
    await grobid.stop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('stops a document still in flight after the grace, hands it back to the queue, and stops', async () => {
    const url = await grobid.start();
    const catalog = CatalogDb.open(dir);
    const embedder = new LexicalEmbedder();
    const corpora = new CorpusRegistry(dir, { modelId: embedder.modelId, dimension: embedder.dimension });
    const store = new LocalObjectStore(path.join(dir, 'objects'));
    const queue = new SqliteJobQueue(catalog.jobs, { leaseMs: 60_000, retryBackoffMs: () => 0 });
    const worker = new IngestWorker(
      {
        catalog,
        queue,
        store,
        corpora,
        // GROBID takes the document and never answers: without a grace the worker would wait the full minute.
        services: new ParseServices({ grobidUrl: url, timeoutMs: 60_000 }),
        pool: new InlinePool(),
        embedder: { config: { kind: 'lexical' }, instance: embedder },
        maxTokens: 256,
      },
      { concurrency: 1, shutdownGraceMs: 200 },
    );
    try {
      const projectId = catalog.projects.create('grace').id;
      const intake = new DocumentIntake(catalog, queue, store, 1024 * 1024);
      const pdf = buildShortPdf(['A document caught by a shutdown.', 'It must be retried by the next worker.']);
      const { document } = (await intake.submit(projectId, [{ originalName: 'a.pdf', data: pdf }])).accepted[0];
      const inGrobid = grobid.documentReceived();
      worker.start();
      await inGrobid;
      const started = Date.now();
      await worker.stop();
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(catalog.documents.findById(document.id)).toMatchObject({
        status: 'queued',
        error: expect.stringMatching(/shut down before finishing/),
      });
      const again = await queue.claim('next-worker');
      expect(again).toMatchObject({ documentId: document.id, attempts: 2 });
    } finally {
      corpora.closeAll();
      catalog.close();
    }
  });
});
