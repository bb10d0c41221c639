import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Database from 'better-sqlite3';
import { corpusPdf } from './support/paths';
import { binaryBody, ingestCorpusPdfs, startTestApp, type TestApp } from './support/test-app';

describe('Lectern API (e2e)', () => {
  let t: TestApp;
  let projectId: string;
  const ready: Record<string, { documentId: string; articleId: string }> = {};

  beforeAll(async () => {
    t = await startTestApp();
    const created = await t.http().post('/projects').send({ name: 'demo' }).expect(201);
    projectId = created.body.id;
    for (const doc of await ingestCorpusPdfs(t, projectId, ['acl-N18-3011.pdf', 'arxiv-1211.2288.pdf']))
      ready[doc.filename] = { documentId: doc.id, articleId: doc.articleId as string };
  });

  afterAll(() => t.close());

  it('lists projects with their document counts', async () => {
    const res = await t.http().get('/projects').expect(200);
    expect(res.body).toEqual([{ id: projectId, name: 'demo', createdAt: expect.any(String), documentCount: 2 }]);
  });

  it('refuses a second project with the same name', async () => {
    const res = await t.http().post('/projects').send({ name: 'demo' }).expect(409);
    expect(res.body.message).toContain('demo');
  });

  it.each([[{}], [{ name: '' }], [{ name: 42 }], [{ name: 'x', owner: 'me' }], [{ name: 'a'.repeat(101) }]])(
    'answers 400 to the project body %j',
    async (body) => {
      const res = await t.http().post('/projects').send(body).expect(400);
      expect(typeof res.body.message).toBe('string');
    },
  );

  it('shows every document of the project with its status and page count', async () => {
    const res = await t.http().get(`/projects/${projectId}/documents`).expect(200);
    expect(res.body.map((d: { filename: string }) => d.filename).sort()).toEqual(['acl-N18-3011.pdf', 'arxiv-1211.2288.pdf']);
    for (const doc of res.body) {
      expect(doc).toMatchObject({ status: 'ready', parsers: ['pdfjs'], pageCount: expect.any(Number) });
      expect(doc).not.toHaveProperty('storageKey');
    }
  });

  it('answers a duplicate upload with the existing document', async () => {
    const res = await t.http().post(`/projects/${projectId}/documents`).attach('files', corpusPdf('acl-N18-3011.pdf')).expect(202);
    expect(res.body.documents[0]).toMatchObject({ id: ready['acl-N18-3011.pdf'].documentId, duplicate: true });
  });

  it('refuses to retry a ready document with 409 and leaves it as it is', async () => {
    const { documentId } = ready['acl-N18-3011.pdf'];
    const before = (await t.http().get(`/documents/${documentId}`).expect(200)).body;
    const res = await t.http().post(`/documents/${documentId}/retry`).expect(409);
    expect(res.body).toMatchObject({
      error: 'DocumentNotRetryableError',
      message: expect.stringMatching(/is ready; only a failed document can be retried/),
    });
    expect((await t.http().get(`/documents/${documentId}`).expect(200)).body).toEqual(before);
  });

  it('gives the outline in reading order with pages and a references section', async () => {
    const res = await t.http().get(`/articles/${ready['acl-N18-3011.pdf'].articleId}/outline`).expect(200);
    expect(res.body.article.title).toMatch(/Literature Graph in Semantic Scholar/);
    const sections = res.body.sections as Array<{ number: string; title: string; position: number; pageStart: number }>;
    expect(sections.map((s) => s.position)).toEqual(sections.map((_, i) => i));
    expect(sections.some((s) => /introduction/i.test(s.title))).toBe(true);
    expect(sections[sections.length - 1].number).toBe('ref');
    for (const s of sections.filter((x) => x.pageStart !== null)) expect(s.pageStart).toBeGreaterThanOrEqual(1);
  });

  it('gives each section the start of its first passage, where the source view finds the heading above it', async () => {
    const res = await t.http().get(`/articles/${ready['acl-N18-3011.pdf'].articleId}/outline`).expect(200);
    type Section = { id: string; contextCount: number; pageStart: number | null; box: { page: number } | null; lead: string | null };
    const sections = res.body.sections as Section[];
    const withText = sections.filter((s) => s.contextCount > 0);
    expect(withText.length).toBeGreaterThan(5);
    for (const s of withText) expect(s.lead).toMatch(/\S/);
    expect(sections.filter((s) => s.contextCount === 0).every((s) => s.lead === null && s.box === null)).toBe(true);
    // At most 160 characters: enough words to find the passage on its page (the embedded parser places no boxes).
    for (const s of withText) expect(s.lead!.length).toBeLessThanOrEqual(160);
  });

  it('gives the outline as a tree: subsections under their section, the flat list naming each parent', async () => {
    const res = await t.http().get(`/articles/${ready['acl-N18-3011.pdf'].articleId}/outline`).expect(200);
    type Node = { id: string; number: string; level: number; parentId: string | null; children: Node[] };
    const sections = res.body.sections as Array<Omit<Node, 'children'>>;
    const tree = res.body.tree as Node[];
    const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);
    // Depth-first order of the tree is the reading order of the flat list.
    expect(flatten(tree).map((n) => n.id)).toEqual(sections.map((s) => s.id));
    expect(tree.every((n) => n.parentId === null)).toBe(true);
    const nested = flatten(tree).filter((n) => n.children.length > 0);
    expect(nested.length).toBeGreaterThan(0);
    for (const parent of nested) {
      for (const child of parent.children) {
        expect(child.parentId).toBe(parent.id);
        expect(child.level).toBeGreaterThan(parent.level);
        // "2.1" sits under "2".
        if (/^\d+(\.\d+)+$/.test(child.number)) expect(child.number.startsWith(`${parent.number}.`)).toBe(true);
      }
    }
  });

  it.each(['hybrid', 'standard', 'keyword'])('finds the passage about entity linking in %s mode', async (mode) => {
    const res = await t
      .http()
      .post(`/projects/${projectId}/search`)
      .send({ query: 'entity linking of mentions to the knowledge base', mode, k: 5 })
      .expect(200);
    expect(res.body.results.length).toBeGreaterThan(0);
    expect(res.body.results.length).toBeLessThanOrEqual(5);
    const top = res.body.results[0];
    expect(top).toMatchObject({
      contextId: expect.any(String),
      text: expect.any(String),
      score: expect.any(Number),
      page: expect.any(Number),
      article: { id: ready['acl-N18-3011.pdf'].articleId, title: expect.stringMatching(/Literature Graph/) },
      section: { number: expect.any(String), title: expect.any(String) },
    });
    expect(res.body.results.some((r: { text: string }) => /link/i.test(r.text))).toBe(true);
  });

  it('exports the corpus as a SQLite file that opens without sqlite-vec', async () => {
    const res = await binaryBody(t.http().get(`/projects/${projectId}/export`)).expect(200);
    expect(res.headers['content-disposition']).toContain('demo.sqlite');
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'lectern-export-e2e-')), 'x.sqlite');
    await fs.writeFile(file, res.body as Buffer);
    const db = new Database(file, { readonly: true });
    try {
      expect(db.prepare('SELECT count(*) AS n FROM articles').get()).toEqual({ n: 2 });
      const contexts = db.prepare('SELECT count(*) AS n, sum(page_number IS NULL) AS nopage FROM contexts').get() as {
        n: number;
        nopage: number;
      };
      expect(contexts.n).toBeGreaterThan(10);
      expect(contexts.nopage).toBe(0);
      expect(db.prepare('SELECT count(*) AS n FROM section_contexts').get()).toEqual({ n: contexts.n });
      // The hierarchy travels with the export: every parent_id names a section of the same article.
      const orphans = db
        .prepare(
          `SELECT count(*) AS n FROM sections s JOIN article_sections a ON a.section_id = s.id
           LEFT JOIN article_sections pa ON pa.section_id = s.parent_id
           WHERE s.parent_id IS NOT NULL AND (pa.article_id IS NULL OR pa.article_id <> a.article_id)`,
        )
        .get();
      expect(orphans).toEqual({ n: 0 });
      expect((db.prepare('SELECT count(*) AS n FROM sections WHERE parent_id IS NOT NULL').get() as { n: number }).n).toBeGreaterThan(0);
      const blob = db.prepare('SELECT embedding FROM contexts LIMIT 1').get() as { embedding: Buffer };
      expect(blob.embedding.length).toBe(768 * 4);
    } finally {
      db.close();
      await fs.rm(path.dirname(file), { recursive: true, force: true });
    }
  });

  it('reports health with version, embedder and parsers', async () => {
    const res = await t.http().get('/health').expect(200);
    expect(res.body).toMatchObject({
      status: 'ok',
      version: expect.any(String),
      embedder: { model: 'lectern/lexical-hash-v1', dimension: 768 },
      parsers: ['pdfjs'],
    });
  });
});
