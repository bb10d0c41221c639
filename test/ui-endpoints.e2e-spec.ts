import { promises as fs } from 'node:fs';
import { startGrobidReplay } from './replay/grobid.replay-server';
import { corpusPdf } from './support/paths';
import { binaryBody, ingestCorpusPdfs, startTestApp, type TestApp } from './support/test-app';

/** What the web UI reads besides search and chat: the PDFs, single contexts, counts, and the app itself. */
describe('endpoints the UI reads (e2e)', () => {
  let grobid: Awaited<ReturnType<typeof startGrobidReplay>>;
  let t: TestApp;
  let projectId: string;
  const docs: Array<{ id: string; filename: string; articleId: string; pageCount: number }> = [];

  beforeAll(async () => {
    grobid = await startGrobidReplay();
    t = await startTestApp({ GROBID_URL: grobid.url, PARSER_TIMEOUT_SECONDS: '5' });
    projectId = (await t.http().post('/projects').send({ name: 'course' }).expect(201)).body.id;
    for (const done of await ingestCorpusPdfs(t, projectId, ['acl-N18-3011.pdf', 'arxiv-1912.10667.pdf'])) {
      expect(done.parsers).toEqual(['grobid']);
      docs.push({ id: done.id, filename: done.filename, articleId: done.articleId!, pageCount: done.pageCount! });
    }
  });

  afterAll(async () => {
    await t.close();
    await grobid.close();
  });

  it('serves each uploaded PDF byte for byte, inline, cacheable by its sha256', async () => {
    for (const doc of docs) {
      const res = await binaryBody(t.http().get(`/documents/${doc.id}/file`)).expect(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`inline; filename*=UTF-8''${doc.filename}`);
      expect(Buffer.compare(res.body as Buffer, await fs.readFile(corpusPdf(doc.filename)))).toBe(0);
      await t.http().get(`/documents/${doc.id}/file`).set('If-None-Match', res.headers.etag).expect(304);
    }
    const download = await binaryBody(t.http().get(`/documents/${docs[0].id}/file?download=1`)).expect(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('answers 404 for the file of an unknown document', async () => {
    const res = await t.http().get('/documents/nope/file').expect(404);
    expect(res.body.message).toBe('no document "nope"');
  });

  it('gives a searched context with its article, document and the box GROBID placed it in', async () => {
    const search = await t
      .http()
      .post(`/projects/${projectId}/search`)
      .send({ query: 'named entity recognition', mode: 'keyword', k: 20 })
      .expect(200);
    const hits = search.body.results as Array<{ contextId: string; page: number; text: string }>;
    expect(hits.length).toBeGreaterThan(5);
    const details = await Promise.all(hits.map((hit) => t.http().get(`/projects/${projectId}/contexts/${hit.contextId}`).expect(200)));
    details.forEach((res, i) => {
      expect(res.body).toMatchObject({ id: hits[i].contextId, page: hits[i].page, text: hits[i].text });
      expect(docs.map((d) => d.id)).toContain(res.body.article.documentId);
      expect(docs.map((d) => d.articleId)).toContain(res.body.article.id);
    });
    const boxes = details.map((res) => res.body.box).filter(Boolean);
    // References and split-off continuations carry no coordinates of their own; the UI then matches the text.
    expect(boxes.length).toBeGreaterThanOrEqual(hits.length / 4);
    for (const box of boxes) {
      expect(box.w).toBeGreaterThan(0);
      expect(box.h).toBeGreaterThan(0);
      expect(box.x + box.w).toBeLessThanOrEqual(700);
      expect(box.y + box.h).toBeLessThanOrEqual(900);
    }
  });

  it('answers 404 for an unknown context or project', async () => {
    expect((await t.http().get(`/projects/${projectId}/contexts/nope`).expect(404)).body.message).toBe('no context "nope"');
    await t.http().get('/projects/nope/contexts/x').expect(404);
  });

  it('counts sections and contexts per document, and pages, articles and sections per project', async () => {
    const list = await t.http().get(`/projects/${projectId}/documents`).expect(200);
    let sections = 0;
    let references = 0;
    for (const doc of list.body) {
      const outline = await t.http().get(`/articles/${doc.articleId}/outline`).expect(200);
      expect(doc.title).toBe(outline.body.article.title);
      // The reference list as data beside the References section, which stays a section of contexts.
      const refs: Array<{ position: number; raw: string }> = outline.body.article.references;
      expect(refs.map((r) => r.position)).toEqual(refs.map((_, i) => i));
      expect(refs.every((r) => r.raw.length > 0)).toBe(true);
      if (refs.length) expect(outline.body.sections.some((s: { number: string }) => s.number === 'ref')).toBe(true);
      references += refs.length;
      expect(doc.sectionCount).toBe(outline.body.sections.length);
      expect(doc.contextCount).toBe(outline.body.sections.reduce((sum: number, s: { contextCount: number }) => sum + s.contextCount, 0));
      sections += doc.sectionCount;
    }
    expect(references).toBeGreaterThan(0);
    const project = await t.http().get(`/projects/${projectId}`).expect(200);
    expect(project.body.stats).toEqual({
      documents: 2,
      ready: 2,
      failed: 0,
      inProgress: 0,
      articles: 2,
      sections,
      contexts: expect.any(Number),
      pages: docs.reduce((sum, d) => sum + d.pageCount, 0),
    });
  });

  it('serves the built UI at / and at shareable project URLs, leaving the API alone', async () => {
    for (const url of ['/', `/p/${projectId}`]) {
      const res = await t.http().get(url).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('<div id="root"></div>');
    }
    const home = await t.http().get('/').expect(200);
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(home.text)![1];
    const asset = await t.http().get(script).expect(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    await t.http().get('/assets/no-such-file.js').expect(404);
    await t
      .http()
      .get('/assets/..%2f..%2fpackage.json')
      .expect((res) => expect([400, 403, 404]).toContain(res.status));
    expect((await t.http().get('/projects').expect(200)).body[0].id).toBe(projectId);
  });
});
