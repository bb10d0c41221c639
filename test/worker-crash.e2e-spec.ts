import * as path from 'node:path';
import Database from 'better-sqlite3';
import { corpusPdf } from './support/paths';
import { startTestApp, type TestApp } from './support/test-app';
import { startWorkerProcess, type WorkerProcess } from './support/worker-process';

// The 99-page book first, so it is the job in progress when a worker is killed; then short papers.
const PDFS = [
  'thinkos-0.7.4.pdf',
  'acl-N18-3011.pdf',
  'arxiv-1211.2288.pdf',
  'dib-2019-sanni-p454.pdf',
  'dpr-2004.04906-2p.pdf',
  'layout-parser-paper-fast.pdf',
  'qasper-1810.08699.pdf',
];

/** A worker on the API's data directory, sharing its SQLite queue. */
const startWorker = (dataDir: string) =>
  startWorkerProcess({ LECTERN_DATA_DIR: dataDir, JOB_LEASE_SECONDS: '2', WORKERS: '1', MAX_CONCURRENT_DOCUMENTS: '2' });

/** Reads the data directory through a connection of its own, as another process would. */
function query<T>(file: string, sql: string): T[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

interface DocumentStatusRow {
  id: string;
  status: string;
  error: string | null;
  article_id: string | null;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Two worker processes share the SQLite queue of an API that does not ingest; one of them is disturbed mid-job. */
describe('SQLite queue with two worker processes (e2e)', () => {
  let t: TestApp;
  let catalogFile: string;
  let workers: WorkerProcess[] = [];

  beforeAll(async () => {
    t = await startTestApp({ INGEST_WORKER: 'off', JOB_LEASE_SECONDS: '2' });
    catalogFile = path.join(t.dataDir, 'catalog.sqlite');
  });
  afterEach(async () => {
    for (const worker of workers) {
      if (worker.child.exitCode === null && worker.child.signalCode === null) {
        worker.child.kill('SIGCONT');
        worker.child.kill('SIGTERM');
      }
      await worker.exited;
    }
    workers = [];
  });
  afterAll(() => t.close());

  /** Uploads the PDFs to a new project, starts two workers, and returns once a worker is parsing the book. */
  async function startIngesting(name: string) {
    const projectId: string = (await t.http().post('/projects').send({ name }).expect(201)).body.id;
    const upload = t.http().post(`/projects/${projectId}/documents`);
    for (const pdf of PDFS) upload.attach('files', corpusPdf(pdf));
    const documents = (await upload.expect(202)).body.documents as Array<{ id: string; filename: string }>;
    expect(documents).toHaveLength(PDFS.length);
    workers = [startWorker(t.dataDir), startWorker(t.dataDir)];

    const book = documents.find((d) => d.filename === PDFS[0])!;
    let owner = '';
    const deadline = Date.now() + 30_000;
    while (!owner && Date.now() < deadline) {
      await pause(25);
      const [row] = query<{ status: string; lease_owner: string | null }>(
        catalogFile,
        `SELECT d.status, j.lease_owner FROM documents d JOIN jobs j ON j.document_id = d.id WHERE d.id = '${book.id}'`,
      );
      if (row?.status === 'parsing' && row.lease_owner) owner = row.lease_owner;
    }
    expect(owner).not.toBe('');
    // The lease owner is `<host>-<pid>-<hex>:<hex>`.
    const holder = workers.find((w) => owner.includes(`-${w.child.pid}-`))!;
    expect(holder).toBeDefined();
    return { projectId, documents, book, holder, other: workers.find((w) => w !== holder)! };
  }

  const statusesOf = (projectId: string) =>
    query<DocumentStatusRow>(catalogFile, `SELECT id, status, error, article_id FROM documents WHERE project_id = '${projectId}'`);

  async function waitUntil(condition: () => boolean, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition() && Date.now() < deadline) await pause(100);
  }

  /** Every document ready, exactly one article each (the ones the documents name), every job done, both files intact. */
  function expectAllReady(projectId: string, documents: Array<{ id: string }>, log: string) {
    const statuses = statusesOf(projectId);
    expect({ statuses, log: statuses.some((d) => d.status !== 'ready') ? log : '' }).toEqual({
      statuses: expect.arrayContaining(documents.map((d) => expect.objectContaining({ id: d.id, status: 'ready', error: null }))),
      log: '',
    });
    const corpusFile = path.join(t.dataDir, 'projects', projectId, 'corpus.sqlite');
    const articles = query<{ id: string; document_id: string }>(corpusFile, 'SELECT id, document_id FROM articles');
    expect(articles).toHaveLength(PDFS.length);
    expect(new Set(articles.map((a) => a.document_id)).size).toBe(PDFS.length);
    expect(articles.map((a) => a.id).sort()).toEqual(statuses.map((d) => d.article_id).sort());
    const jobs = query<{ status: string }>(catalogFile, `SELECT status FROM jobs WHERE project_id = '${projectId}'`);
    expect(jobs.map((j) => j.status)).toEqual(PDFS.map(() => 'done'));
    for (const file of [catalogFile, corpusFile]) {
      expect(query<{ integrity_check: string }>(file, 'PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    }
  }

  it('finishes every document when the worker parsing one is killed -9', async () => {
    const { projectId, documents, book, holder, other } = await startIngesting('kill -9');
    holder.child.kill('SIGKILL');
    expect(await holder.exited).toEqual({ code: null, signal: 'SIGKILL' });

    // The survivor takes the book over once its lease expires, and finishes everything.
    await waitUntil(() => statusesOf(projectId).every((d) => d.status === 'ready' || d.status === 'failed'));
    expectAllReady(projectId, documents, other.log);
    const [bookJob] = query<{ attempts: number }>(catalogFile, `SELECT attempts FROM jobs WHERE document_id = '${book.id}'`);
    expect(bookJob.attempts).toBe(2);
  });

  it('leaves a document alone when the worker that lost its lease wakes up after another finished it', async () => {
    const { projectId, documents, book, holder, other } = await startIngesting('paused');
    // A stopped process is a blocked event loop taken to the limit: its lease expires, the other worker takes over.
    holder.child.kill('SIGSTOP');
    await waitUntil(() => statusesOf(projectId).every((d) => d.status === 'ready' || d.status === 'failed'));
    const finished = statusesOf(projectId);

    holder.child.kill('SIGCONT');
    // It wakes up mid-parse with a stale lease; wait until it has said what it did with the book.
    const said = () =>
      holder.log
        .split('\n')
        .filter((line) => line.includes(`document=${book.id}`))
        .slice(1);
    await waitUntil(() => said().some((line) => /abandoned|lost its lease|failed|ready in/.test(line)), 30_000);
    expect(said().join('\n')).toMatch(/lost its lease/);
    expect(statusesOf(projectId)).toEqual(finished);
    expectAllReady(projectId, documents, other.log + holder.log);
  });
});
