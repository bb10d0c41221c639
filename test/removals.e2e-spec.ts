import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { CORPUS_REGISTRY, INGEST_WORKER } from '@lectern/application';
import type { CorpusRegistry, IngestWorker } from '@lectern/ingest';
import { startGrobidReplay } from './replay/grobid.replay-server';
import { corpusPdf } from './support/paths';
import { startTestApp, waitForDocument, type TestApp } from './support/test-app';

const PAPERS = ['acl-N18-3011.pdf', 'arxiv-1912.10667.pdf'];

/** The stored PDFs of a test app: what is left on disk after a removal. */
async function storedPdfs(t: TestApp): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.name.endsWith('.pdf')) found.push(entry.name);
    }
  };
  await walk(t.dataDir);
  return found;
}

describe('DELETE /documents/:id (e2e)', () => {
  let grobid: Awaited<ReturnType<typeof startGrobidReplay>>;
  let t: TestApp;
  let projectId: string;

  beforeAll(async () => {
    grobid = await startGrobidReplay();
    t = await startTestApp({ GROBID_URL: grobid.url, PARSER_TIMEOUT_SECONDS: '10' });
    projectId = (await t.http().post('/projects').send({ name: 'removals' }).expect(201)).body.id;
  });
  afterAll(async () => {
    await t.close();
    await grobid.close();
  });
  afterEach(() => grobid.setFault(null));

  const upload = async (name: string) => {
    const res = await t.http().post(`/projects/${projectId}/documents`).attach('files', corpusPdf(name)).expect(202);
    return res.body.documents[0] as { id: string; filename: string };
  };
  const search = async () =>
    (
      await t
        .http()
        .post(`/projects/${projectId}/search`)
        .send({ query: 'entity linking knowledge base', mode: 'keyword', k: 200 })
        .expect(200)
    ).body.results as Array<{ article: { id: string } }>;

  it('removes a ready document with its article, passages and stored PDF, leaving the others whole', async () => {
    const docs = [];
    for (const name of PAPERS) docs.push(await waitForDocument(t, (await upload(name)).id));
    const [gone, kept] = docs;
    const before = (await t.http().get(`/projects/${projectId}`).expect(200)).body.stats;
    expect(before).toMatchObject({ documents: 2, articles: 2 });
    expect((await search()).some((hit) => hit.article.id === gone.articleId)).toBe(true);

    await t.http().delete(`/documents/${gone.id}`).expect(204);

    await t.http().get(`/documents/${gone.id}`).expect(404);
    await t.http().get(`/documents/${gone.id}/file`).expect(404);
    await t.http().get(`/articles/${gone.articleId}/outline`).expect(404);
    expect((await search()).every((hit) => hit.article.id === kept.articleId)).toBe(true);
    const after = (await t.http().get(`/projects/${projectId}`).expect(200)).body.stats;
    expect(after).toMatchObject({ documents: 1, articles: 1, pages: kept.pageCount });
    expect(after.contexts).toBeLessThan(before.contexts);
    expect(await storedPdfs(t)).toHaveLength(1);
    // The same file can come back as a new document.
    const again = await upload(PAPERS[0]);
    expect(again.id).not.toBe(gone.id);
    expect(await waitForDocument(t, again.id)).toMatchObject({ status: 'ready' });
  });

  it('removes a document while it is being parsed, and the worker drops what it built', async () => {
    grobid.setFault({ kind: 'slow', ms: 1500 });
    const doc = await upload('aem-2011-hu-crenarchaeota.pdf');
    const deadline = Date.now() + 10_000;
    while ((await t.http().get(`/documents/${doc.id}`).expect(200)).body.status !== 'parsing') {
      if (Date.now() > deadline) throw new Error('the document never started parsing');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const runtime = { corpora: t.app.get<CorpusRegistry>(CORPUS_REGISTRY), worker: t.app.get<IngestWorker>(INGEST_WORKER) };
    const articlesBefore = runtime.corpora.get(projectId).stats().articles;
    await t.http().delete(`/documents/${doc.id}`).expect(204);
    // Let the worker finish the parse it had started: it reaches GROBID, builds the article, finds the row gone.
    await runtime.worker.drain();
    expect(runtime.corpora.get(projectId).findArticleByDocument(doc.id)).toBeNull();
    expect(runtime.corpora.get(projectId).stats().articles).toBe(articlesBefore);
    const stats = (await t.http().get(`/projects/${projectId}`).expect(200)).body.stats;
    expect(stats.articles).toBe(articlesBefore);
    const list = (await t.http().get(`/projects/${projectId}/documents`).expect(200)).body as Array<{ id: string }>;
    expect(list.map((d) => d.id)).not.toContain(doc.id);
  });

  it('answers 404 for a document that does not exist', async () => {
    const res = await t.http().delete('/documents/nope').expect(404);
    expect(res.body.message).toBe('no document "nope"');
  });
});

describe('PATCH and DELETE /projects/:id (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('renames a project, refusing a name another project has and a blank one', async () => {
    const a = (await t.http().post('/projects').send({ name: 'BIOL 301' }).expect(201)).body;
    await t.http().post('/projects').send({ name: 'CHEM 110' }).expect(201);
    const renamed = await t.http().patch(`/projects/${a.id}`).send({ name: '  BIOL 301 — Spring  ' }).expect(200);
    expect(renamed.body).toMatchObject({ id: a.id, name: 'BIOL 301 — Spring' });
    expect((await t.http().patch(`/projects/${a.id}`).send({ name: 'CHEM 110' }).expect(409)).body.message).toMatch(/CHEM 110/);
    await t.http().patch(`/projects/${a.id}`).send({ name: '   ' }).expect(400);
    await t.http().patch('/projects/nope').send({ name: 'x' }).expect(404);
  });

  it('deletes a project with its documents, corpus file and stored PDFs, leaving other projects whole', async () => {
    const gone = (await t.http().post('/projects').send({ name: 'to delete' }).expect(201)).body;
    const kept = (await t.http().post('/projects').send({ name: 'to keep' }).expect(201)).body;
    const up = async (projectId: string, name: string) =>
      waitForDocument(
        t,
        (await t.http().post(`/projects/${projectId}/documents`).attach('files', corpusPdf(name)).expect(202)).body.documents[0].id,
      );
    const doc = await up(gone.id, 'arxiv-1211.2288.pdf');
    const other = await up(kept.id, 'arxiv-1211.2288.pdf');
    expect(await storedPdfs(t)).toHaveLength(2);
    const corpusDir = path.join(t.dataDir, 'projects', gone.id);
    await fs.access(corpusDir);

    await t.http().delete(`/projects/${gone.id}`).expect(204);

    await t.http().get(`/projects/${gone.id}`).expect(404);
    await t.http().get(`/documents/${doc.id}`).expect(404);
    await expect(fs.access(corpusDir)).rejects.toThrow();
    expect(await storedPdfs(t)).toHaveLength(1);
    expect((await t.http().get('/projects').expect(200)).body.map((p: { name: string }) => p.name)).not.toContain('to delete');
    expect((await t.http().get(`/documents/${other.id}`).expect(200)).body.status).toBe('ready');
    const search = await t.http().post(`/projects/${kept.id}/search`).send({ query: 'Higgs spin', mode: 'keyword' }).expect(200);
    expect(search.body.results.length).toBeGreaterThan(0);
    await t.http().delete(`/projects/${gone.id}`).expect(404);
  });
});
