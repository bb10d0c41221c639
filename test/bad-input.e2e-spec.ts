import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { buildEncryptedPdf, buildImageOnlyPdf } from './fixtures/pdf-fixtures';
import { corpusPdf } from './support/paths';
import { startTestApp, waitForDocument, type TestApp } from './support/test-app';

/** Every bad input gets a clear 4xx or a failed document with its reason, and the other documents are unaffected. */
describe('bad input (e2e)', () => {
  let t: TestApp;
  let projectId: string;

  beforeAll(async () => {
    t = await startTestApp({ MAX_UPLOAD_MB: '1' });
    projectId = (await t.http().post('/projects').send({ name: 'bad input' }).expect(201)).body.id;
  });
  afterAll(() => t.close());

  const upload = (files: Array<{ data: Buffer; name: string }>, project = projectId) => {
    const req = t.http().post(`/projects/${project}/documents`);
    // form-data cuts `filename` down to its basename; `filepath` (untyped in superagent) is sent as given.
    const options = (name: string) => ({ filepath: name, contentType: 'application/pdf' }) as { filename?: string };
    for (const f of files) req.attach('files', f.data, options(f.name));
    return req;
  };

  it('rejects a file that is not a PDF by its content, whatever its extension', async () => {
    const res = await upload([{ data: Buffer.from('\x89PNG\r\n\x1a\n not really'), name: 'figure.pdf' }]).expect(422);
    expect(res.body.message).toMatch(/figure\.pdf: not a PDF/);
  });

  it('rejects an empty file', async () => {
    const res = await upload([{ data: Buffer.alloc(0), name: 'empty.pdf' }]).expect(422);
    expect(res.body.message).toMatch(/empty\.pdf: the file is empty/);
  });

  it('rejects a truncated PDF', async () => {
    const whole = await fs.readFile(corpusPdf('arxiv-1211.2288.pdf'));
    const res = await upload([{ data: whole.subarray(0, Math.floor(whole.length / 2)), name: 'cut.pdf' }]).expect(422);
    expect(res.body.message).toMatch(/cut\.pdf: .*truncated/);
  });

  it('refuses a file over MAX_UPLOAD_MB alone, with 422 and the limit, like any other bad file', async () => {
    const big = await fs.readFile(corpusPdf('aem-2011-hu-crenarchaeota.pdf'));
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const res = await upload([{ data: big, name: 'big.pdf' }]).expect(422);
    expect(res.body.message).toMatch(/big\.pdf: .*1 MB limit \(MAX_UPLOAD_MB\)/);
  });

  it('refuses a filename that is a path, and writes nothing outside the data dir', async () => {
    const pdf = await fs.readFile(corpusPdf('arxiv-1211.2288.pdf'));
    const res = await upload([{ data: pdf, name: '../../evil.pdf' }]).expect(422);
    expect(res.body.message).toMatch(/must not contain a path/);
    await expect(fs.access(path.join(t.dataDir, '..', 'evil.pdf'))).rejects.toThrow();
    await expect(fs.access(path.join(t.dataDir, '..', '..', 'evil.pdf'))).rejects.toThrow();
  });

  it('answers 404 for an unknown project on every project route', async () => {
    const pdf = await fs.readFile(corpusPdf('arxiv-1211.2288.pdf'));
    await upload([{ data: pdf, name: 'a.pdf' }], 'no-such-project').expect(404);
    await t.http().get('/projects/no-such-project/documents').expect(404);
    await t.http().post('/projects/no-such-project/search').send({ query: 'x' }).expect(404);
    await t.http().get('/projects/no-such-project/export').expect(404);
    await t.http().get('/documents/nope').expect(404);
    await t.http().get('/articles/nope/outline').expect(404);
  });

  it('asks for files when the upload has none', async () => {
    const res = await t.http().post(`/projects/${projectId}/documents`).send({}).expect(400);
    expect(res.body.message).toMatch(/multipart/);
  });

  it.each([
    ['an empty query', { query: '' }, /query/],
    ['a blank query', { query: '   ' }, /query/],
    ['a 10,000-character query', { query: 'x'.repeat(10_000) }, /query/],
    ['k = 0', { query: 'ok', k: 0 }, /k/],
    ['k = 501', { query: 'ok', k: 501 }, /k/],
    ['k = "ten"', { query: 'ok', k: 'ten' }, /k/],
    ['an unknown mode', { query: 'ok', mode: 'fuzzy' }, /mode/],
    ['a query that is a number', { query: 42 }, /query/],
  ])('answers 400 to a search with %s', async (_label, body, message) => {
    const res = await t.http().post(`/projects/${projectId}/search`).send(body).expect(400);
    expect(res.body.message).toMatch(message);
  });

  it('fails a password-protected PDF and a PDF with no text layer with their reasons, and still ingests the good one', async () => {
    const good = await fs.readFile(corpusPdf('arxiv-1211.2288.pdf'));
    const res = await upload([
      { data: buildEncryptedPdf(), name: 'locked.pdf' },
      { data: buildImageOnlyPdf(), name: 'scan.pdf' },
      { data: good, name: 'good.pdf' },
      { data: Buffer.from('hello'), name: 'notes.pdf' },
    ]).expect(202);
    expect(res.body.rejected).toEqual([{ filename: 'notes.pdf', reason: expect.stringMatching(/not a PDF/) }]);
    const byName = Object.fromEntries(res.body.documents.map((d: { filename: string; id: string }) => [d.filename, d.id]));
    expect(await waitForDocument(t, byName['locked.pdf'])).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/password/),
    });
    expect(await waitForDocument(t, byName['scan.pdf'])).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/no text layer/),
    });
    expect(await waitForDocument(t, byName['good.pdf'])).toMatchObject({ status: 'ready' });
    const search = await t.http().post(`/projects/${projectId}/search`).send({ query: 'spin-1 Higgs' }).expect(200);
    expect(search.body.results.length).toBeGreaterThan(0);
  });

  it('retries a failed document on request', async () => {
    const docs = (await t.http().get(`/projects/${projectId}/documents`).expect(200)).body as Array<{
      id: string;
      filename: string;
    }>;
    const locked = docs.find((d) => d.filename === 'locked.pdf');
    const retried = await t.http().post(`/documents/${locked?.id}/retry`).expect(202);
    expect(retried.body.status).toBe('queued');
    expect(await waitForDocument(t, locked?.id as string)).toMatchObject({ status: 'failed' });
  });
});
