import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { mayViewHealthDetails } from '../../apps/api/src/health/health-access';
import { startTestApp, waitForDocument, type TestApp } from '../support/test-app';
import { buildBombPdf, buildShortPdf } from './hostile-pdfs';

/** Issue 20 at the HTTP edge: every odd request gets a clear 4xx, a bomb fails alone, the API keeps answering. */
describe('hostile requests (e2e)', () => {
  let t: TestApp;
  let projectId: string;

  beforeAll(async () => {
    t = await startTestApp({
      MAX_UPLOAD_MB: '1',
      MAX_UPLOAD_FILES: '3',
      MAX_REQUEST_MB: '2',
      WORKERS: '1',
      PARSE_MAX_CONTENT_MB: '2',
      OPENAI_BASE_URL: 'http://user:s3cret@127.0.0.1:9/v1',
      OPENAI_API_KEY: 'sk-should-never-show',
    });
    projectId = (await t.http().post('/projects').send({ name: 'hostile' }).expect(201)).body.id;
  });
  afterAll(() => t.close());

  const uploadDirs = async () =>
    (await fs.readdir(path.join(t.dataDir, 'tmp')).catch(() => [])).filter((name) => name.startsWith('upload-'));

  const upload = (files: Array<{ data: Buffer; name: string }>) => {
    const req = t.http().post(`/projects/${projectId}/documents`);
    for (const f of files) req.attach('files', f.data, { filename: f.name, contentType: 'application/pdf' });
    return req;
  };

  it('refuses deeply nested JSON with 400 before validation', async () => {
    const deep = '['.repeat(3000) + ']'.repeat(3000);
    const res = await t
      .http()
      .post(`/projects/${projectId}/search`)
      .set('Content-Type', 'application/json')
      .send(`{"query": ${deep}}`)
      .expect(400);
    expect(res.body.message).toMatch(/nested deeper than 32 levels/);
  });

  it('answers only to allowed hosts (DNS rebinding)', async () => {
    const res = await t.http().get('/health').set('Host', 'rebind.attacker.example').expect(421);
    expect(res.body.message).toMatch(/ALLOWED_HOSTS/);
    await t.http().get('/health').set('Host', 'localhost:3000').expect(200);
  });

  it('shows /health details to a local caller with no password, key or token', async () => {
    const res = await t.http().get('/health').expect(200);
    expect(res.body.llm.baseUrl).toBe('http://127.0.0.1:9/v1');
    expect(JSON.stringify(res.body)).not.toMatch(/s3cret|sk-should-never-show/);
    // Anyone else only learns that the service is up.
    const remote = { socket: { remoteAddress: '203.0.113.7' } } as never;
    expect(mayViewHealthDetails(remote, null)).toBe(false);
    expect(mayViewHealthDetails({ socket: { remoteAddress: '::ffff:127.0.0.1' } } as never, null)).toBe(true);
    // Remotely, an instance admin sees them; a user or a project-bound key does not.
    const user = { id: 'u1', email: 'a@example.org', displayName: 'A', role: 'admin' as const, createdAt: '' };
    expect(mayViewHealthDetails(remote, { user, via: 'session', key: null })).toBe(true);
    expect(mayViewHealthDetails(remote, { user: { ...user, role: 'user' }, via: 'session', key: null })).toBe(false);
    expect(mayViewHealthDetails(remote, { user, via: 'api-key', key: { id: 'k', projectId: 'p', role: 'student' } })).toBe(false);
  });

  it('refuses an oversize file alone (422) and accepts the rest', async () => {
    const big = Buffer.concat([buildShortPdf(['big']), Buffer.alloc(1024 * 1024 + 10, 0x20)]);
    const res = await upload([
      { data: big, name: 'big.pdf' },
      { data: buildShortPdf(['A small paper that is fine.', 'It is accepted while the big one is not.']), name: 'ok.pdf' },
    ]).expect(202);
    expect(res.body.documents).toHaveLength(1);
    expect(res.body.rejected).toEqual([{ filename: 'big.pdf', reason: expect.stringMatching(/1 MB limit \(MAX_UPLOAD_MB\)/) }]);
    expect(await uploadDirs()).toEqual([]);
  });

  it('says so when an upload has too many files, or too many bytes in all', async () => {
    const one = buildShortPdf(['x']);
    const many = await upload(Array.from({ length: 4 }, (_, i) => ({ data: one, name: `${i}.pdf` }))).expect(400);
    expect(many.body.message).toMatch(/more than 3 files in one upload \(MAX_UPLOAD_FILES\)/);
    const filler = Buffer.alloc(900 * 1024, 0x20);
    const heavy = await upload(Array.from({ length: 3 }, (_, i) => ({ data: Buffer.concat([one, filler]), name: `${i}.pdf` }))).expect(413);
    expect(heavy.body.message).toMatch(/larger than 2 MB in all \(MAX_REQUEST_MB\)/);
    expect(await uploadDirs()).toEqual([]);
  });

  it('fails a decompression bomb alone with its reason while the API keeps answering', async () => {
    const bomb = buildBombPdf({ itemsPerPage: 300_000 });
    const good = buildShortPdf(['A paper next to a bomb.', 'It ends ready with its passage.']);
    const res = await upload([
      { data: bomb, name: 'bomb.pdf' },
      { data: good, name: 'good.pdf' },
    ]).expect(202);
    const [bombDoc, goodDoc] = res.body.documents as Array<{ id: string }>;
    await t.http().get('/health').expect(200);
    await t.http().post(`/projects/${projectId}/search`).send({ query: 'paper' }).expect(200);
    const failed = await waitForDocument(t, bombDoc.id);
    expect(failed).toMatchObject({ status: 'failed', error: expect.stringMatching(/inflates to more than 2 MB \(PARSE_MAX_CONTENT_MB\)/) });
    expect((await waitForDocument(t, goodDoc.id)).status).toBe('ready');
  });
});
