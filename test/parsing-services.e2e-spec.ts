import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CORPUS_REGISTRY } from '@lectern/application';
import type { CorpusRegistry } from '@lectern/ingest';
import { readTeiOutline } from '@lectern/parsing';
import { startGrobidReplay } from './replay/grobid.replay-server';
import { startNougatReplay } from './replay/nougat.replay-server';
import { startUnstructuredReplay } from './replay/unstructured.replay-server';
import { CORPUS_DIR, corpusPdf } from './support/paths';
import { startTestApp, waitForDocument, type DocumentState, type TestApp } from './support/test-app';

const TEI_PAPERS = [
  'acl-N18-3011',
  'acl-2020.acl-main.207',
  'jner-2016-demarchis',
  'arxiv-1912.10667',
  'arxiv-1211.2288',
  'mpra-8468-mora-alfaro-es',
  'aem-2011-hu-crenarchaeota',
];

interface OutlineSection {
  number: string;
  title: string;
  contextCount: number;
  pageStart: number | null;
}

async function uploadAndWait(t: TestApp, projectId: string, names: string[]) {
  const req = t.http().post(`/projects/${projectId}/documents`);
  for (const name of names) req.attach('files', corpusPdf(`${name}.pdf`));
  const res = await req.expect(202);
  const docs: Array<DocumentState & { articleId: string }> = [];
  for (const doc of res.body.documents) {
    const done = await waitForDocument(t, doc.id, 120_000);
    docs.push({ ...done, articleId: done.articleId ?? '' });
  }
  return docs;
}

/** Every context of an article in reading order, read through the app's own corpus handle. */
function contextsOf(t: TestApp, projectId: string, articleId: string) {
  return t.app.get<CorpusRegistry>(CORPUS_REGISTRY).get(projectId).listArticleContexts(articleId);
}

async function outline(t: TestApp, articleId: string): Promise<OutlineSection[]> {
  return (await t.http().get(`/articles/${articleId}/outline`).expect(200)).body.sections;
}

describe('ingest with GROBID (replay)', () => {
  let grobid: Awaited<ReturnType<typeof startGrobidReplay>>;
  let t: TestApp;
  let projectId: string;

  beforeAll(async () => {
    grobid = await startGrobidReplay();
    t = await startTestApp({ GROBID_URL: grobid.url, PARSER_TIMEOUT_SECONDS: '2' });
    projectId = (await t.http().post('/projects').send({ name: 'grobid' }).expect(201)).body.id;
  });
  afterAll(async () => {
    await t.close();
    await grobid.close();
  });

  it('gives every paper the outline and reference count of its TEI, with pages', async () => {
    const docs = await uploadAndWait(t, projectId, TEI_PAPERS);
    for (const doc of docs) {
      expect(doc).toMatchObject({ status: 'ready', parsers: ['grobid'], warnings: [] });
      const tei = await fs.readFile(path.join(CORPUS_DIR, 'grobid', doc.filename.replace(/\.pdf$/, '.tei.xml')), 'utf8');
      const expected = readTeiOutline(tei);
      const sections = await outline(t, doc.articleId);
      // GROBID leaves some opening text outside any headed div; it becomes an untitled section of its own.
      const body = sections.filter((s) => s.number !== '0' && s.number !== 'ref' && s.title !== '');
      expect(body.map((s) => s.title)).toEqual(expected.heads.map((h) => h.title));
      const biblStructs = (tei.match(/<listBibl>[\s\S]*<\/listBibl>/)?.[0].match(/<biblStruct\b/g) ?? []).length;
      const references = sections.find((s) => s.number === 'ref');
      expect(references?.contextCount ?? 0).toBe(biblStructs);
      for (const s of sections.filter((x) => x.contextCount > 0)) expect(s.pageStart).toBeGreaterThanOrEqual(1);
    }
    // arxiv-1912's TEI was made with teiCoordinates: its contexts keep GROBID's boxes, on the page they name.
    const withCoords = docs.find((d) => d.filename === 'arxiv-1912.10667.pdf');
    const contexts = contextsOf(t, projectId, withCoords?.articleId ?? '');
    const hits = await t.http().post(`/projects/${projectId}/search`).send({ query: 'Getis-Ord pooling', k: 20 }).expect(200);
    const boxed = hits.body.results.filter((r: { box: unknown }) => r.box !== null);
    expect(boxed.length).toBeGreaterThan(0);
    for (const hit of boxed) {
      expect(hit.box).toEqual({
        page: hit.page,
        x: expect.any(Number),
        y: expect.any(Number),
        w: expect.any(Number),
        h: expect.any(Number),
      });
    }
    expect(contexts.length).toBeGreaterThan(20);
  });

  it.each([
    ['is slower than PARSER_TIMEOUT_SECONDS', { kind: 'slow', ms: 5_000 } as const, /timed out after 2000 ms/],
    ['answers 503 for ever', { kind: 'status', status: 503 } as const, /busy \(503.*gave up after 5 attempts/],
    ['returns garbage', { kind: 'garbage' } as const, /without a TEI document/],
    ['drops the connection', { kind: 'drop' } as const, /could not reach .*gave up/],
    ['returns an empty body', { kind: 'empty' } as const, /without a TEI document \(0 bytes/],
  ])('still ingests, from the embedded parser and with a warning, when GROBID %s', async (label, fault, reason) => {
    // A project of its own (the same PDF in one project would be a duplicate), and a healthy document first,
    // so GROBID is trusted again and the faulty call itself is what fails.
    const project = (
      await t
        .http()
        .post('/projects')
        .send({ name: `fault ${label}` })
        .expect(201)
    ).body.id;
    const [healthy] = await uploadAndWait(t, project, ['arxiv-1211.2288']);
    expect(healthy.parsers).toEqual(['grobid']);
    grobid.setFault(fault);
    try {
      const [doc] = await uploadAndWait(t, project, ['acl-N18-3011']);
      expect(doc).toMatchObject({ status: 'ready', parsers: ['pdfjs'] });
      expect(doc.warnings).toEqual([expect.stringMatching(/^grobid: /)]);
      expect(doc.warnings[0]).toMatch(reason);
      expect((await outline(t, doc.articleId)).length).toBeGreaterThan(5);
    } finally {
      grobid.setFault(null);
    }
  });

  it('recovers when GROBID comes back: the next document uses it again', async () => {
    const project = (await t.http().post('/projects').send({ name: 'recovered' }).expect(201)).body.id;
    const [doc] = await uploadAndWait(t, project, ['arxiv-1211.2288']);
    expect(doc).toMatchObject({ status: 'ready', parsers: ['grobid'], warnings: [] });
  });
});

describe('ingest with a GROBID that is down from the start', () => {
  it('ingests a batch with the embedded parser and says GROBID was unreachable', async () => {
    const grobid = await startGrobidReplay();
    const deadUrl = grobid.url;
    await grobid.close();
    const t = await startTestApp({ GROBID_URL: deadUrl, PARSER_TIMEOUT_SECONDS: '2' });
    try {
      const project = (await t.http().post('/projects').send({ name: 'down' }).expect(201)).body.id;
      const docs = await uploadAndWait(t, project, ['acl-N18-3011', 'arxiv-1211.2288']);
      for (const doc of docs) {
        expect(doc).toMatchObject({ status: 'ready', parsers: ['pdfjs'] });
        expect(doc.warnings.join(' ')).toMatch(/grobid/);
      }
    } finally {
      await t.close();
    }
  });
});

describe('ingest with a GROBID that goes down in the middle of a batch', () => {
  it('finishes the batch: documents before the failure use GROBID, the ones after fall back with a warning', async () => {
    const grobid = await startGrobidReplay();
    const t = await startTestApp({ GROBID_URL: grobid.url, MAX_CONCURRENT_DOCUMENTS: '1' });
    try {
      const project = (await t.http().post('/projects').send({ name: 'mid-batch' }).expect(201)).body.id;
      const req = t.http().post(`/projects/${project}/documents`);
      for (const name of ['arxiv-1211.2288', 'acl-N18-3011', 'jner-2016-demarchis']) req.attach('files', corpusPdf(`${name}.pdf`));
      const ids: string[] = (await req.expect(202)).body.documents.map((d: { id: string }) => d.id);
      const first = await waitForDocument(t, ids[0]);
      grobid.setFault({ kind: 'drop' });
      const [second, third] = [await waitForDocument(t, ids[1]), await waitForDocument(t, ids[2])];
      expect(first).toMatchObject({ status: 'ready', parsers: ['grobid'], warnings: [] });
      expect(second.status).toBe('ready');
      expect(third).toMatchObject({ status: 'ready', parsers: ['pdfjs'] });
      expect(third.warnings.join(' ')).toMatch(/grobid/);
    } finally {
      await t.close();
      await grobid.close();
    }
  });
});

describe('ingest with Unstructured and Nougat (replay)', () => {
  let unstructured: Awaited<ReturnType<typeof startUnstructuredReplay>>;
  let nougat: Awaited<ReturnType<typeof startNougatReplay>>;
  let t: TestApp;
  let projectId: string;

  beforeAll(async () => {
    unstructured = await startUnstructuredReplay();
    nougat = await startNougatReplay();
    t = await startTestApp({ UNSTRUCTURED_URL: unstructured.url, NOUGAT_URL: nougat.url, PARSER_TIMEOUT_SECONDS: '5' });
    projectId = (await t.http().post('/projects').send({ name: 'tables and maths' }).expect(201)).body.id;
  });
  afterAll(async () => {
    await t.close();
    await unstructured.close();
    await nougat.close();
  });

  it("turns Unstructured's tables into Markdown table contexts on their page", async () => {
    const [doc] = await uploadAndWait(t, projectId, ['dib-2019-sanni-p454']);
    expect(doc.status).toBe('ready');
    expect(doc.parsers).toEqual(expect.arrayContaining(['pdfjs', 'unstructured']));
    const tables = contextsOf(t, projectId, doc.articleId).filter((c) => c.kind === 'table');
    expect(tables.length).toBeGreaterThan(0);
    expect(tables[0].text).toMatch(/^\|.*\|$/m);
    expect(tables[0].text).toMatch(/\| ?-{3,}/);
    expect(tables[0].page).toBe(1);
  });

  it("turns Nougat's display math into LaTeX equation contexts", async () => {
    const [doc] = await uploadAndWait(t, projectId, ['arxiv-1804.07821']);
    expect(doc.status).toBe('ready');
    expect(doc.parsers).toEqual(expect.arrayContaining(['pdfjs', 'nougat']));
    const equations = contextsOf(t, projectId, doc.articleId).filter((c) => c.kind === 'equation');
    expect(equations.length).toBeGreaterThan(0);
    expect(equations[0].text).toMatch(/\$\$[\s\S]*\\[a-zA-Z]+[\s\S]*\$\$/);
  });

  it('keeps a document whose PDF the services do not know, with warnings, and goes on', async () => {
    const [doc] = await uploadAndWait(t, projectId, ['acl-N18-3011']);
    expect(doc.status).toBe('ready');
    expect(doc.warnings.length).toBeGreaterThan(0);
  });
});

describe('after every service test above', () => {
  it('leaves no temporary files behind', async () => {
    const parseDirs = async () => (await fs.readdir(os.tmpdir())).filter((name) => name.startsWith('lectern-parse-'));
    // Other suites may be ingesting with services right now, in the same temp folder: their files go within
    // seconds, a leaked one stays. So what is here now must be gone soon (and a new one of theirs is not ours).
    let left = await parseDirs();
    for (const deadline = Date.now() + 20_000; left.length > 0 && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const now = new Set(await parseDirs());
      left = left.filter((name) => now.has(name));
    }
    expect(left).toEqual([]);
  }, 30_000);
});
