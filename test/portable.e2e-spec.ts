import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import Database from 'better-sqlite3';
import { promises as fs } from 'node:fs';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { MAX_SCOPE_ARTICLES, MCP_TOOL_NAMES } from '@lectern/application';
import { CLI_ENTRY } from './support/cli';
import { corpusPdf, REPO_ROOT } from './support/paths';
import { binaryBody, startTestApp, waitForDocument, type TestApp } from './support/test-app';
import { MCP_HEADERS, MCP_INITIALIZE } from './support/mcp-handshake';

interface Location {
  article: { id: string; title: string };
  section: { id: string; number: string; title: string };
  page: number | null;
}

type ToolResult = { content: Array<{ type: string; text?: string }>; structuredContent?: Record<string, unknown>; isError?: boolean };

/** Lists the tools and navigates the paper through them: search → outline → read_section → next → previous → read_page → cite. */
async function navigate(client: Client): Promise<void> {
  const call = async (name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as ToolResult;
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name).sort()).toEqual([...MCP_TOOL_NAMES].sort());

  const search = await call('search', { query: 'spin of the new boson', k: 3 });
  const hits = search.structuredContent?.hits as Array<Location & { text: string }>;
  expect(hits.length).toBeGreaterThan(0);
  expect(hits[0]).toMatchObject({ article: { id: expect.any(String), title: expect.any(String) }, page: expect.any(Number) });
  expect(search.content[0].text).toContain(`article_id=${hits[0].article.id}`);
  const articleId = hits[0].article.id;

  const outline = await call('outline', { article_id: articleId });
  const sections = outline.structuredContent?.sections as Array<{ id: string; number: string; title: string; pageStart: number | null }>;
  const readable = sections.filter((s) => s.pageStart !== null);
  expect(readable.length).toBeGreaterThan(1);

  const read = await call('read_section', { section: readable[0].id });
  expect(read.isError).toBeFalsy();
  expect(read.structuredContent).toMatchObject({
    article: { id: articleId },
    section: { id: readable[0].id },
    page: readable[0].pageStart,
  });

  // next: the rest of a long section, else the following one; previous then steps back to the section before that.
  const next = await call('next');
  expect(next.isError).toBeFalsy();
  const after = (next.structuredContent as unknown as Location).section;
  expect(after.id === readable[0].id ? next.content[0].text : after.id).toEqual(
    after.id === readable[0].id ? expect.stringContaining('continued') : readable[1].id,
  );
  const previous = await call('previous');
  expect(previous.isError).toBeFalsy();
  if (after.id !== readable[0].id) expect((previous.structuredContent as unknown as Location).section.id).toBe(readable[0].id);

  const page = await call('read_page', { article_id: articleId, page: 1 });
  expect(page.content[0].text).toMatch(/^Page 1 of "/);
  expect((page.structuredContent as unknown as Location).article.id).toBe(articleId);

  const cite = await call('cite', { section: readable[0].id });
  expect(cite.isError).toBeFalsy();
  expect(cite.structuredContent).toMatchObject({ article: { id: articleId }, section: { id: readable[0].id }, page: expect.any(Number) });
  expect(cite.content[0].text).toMatch(/^".+", .+, p\. \d+$/);

  const unread = await call('cite', { section: 'no-such-section' });
  expect(unread.isError).toBe(true);
  expect(unread.content[0].text).toMatch(/has not been read in this session/);

  const bad = await call('outline', { article_id: 'nope' });
  expect(bad.isError).toBe(true);
  expect(bad.content[0].text).toMatch(/no article "nope"/);
}

describe('MCP server and import over HTTP (e2e)', () => {
  let test: TestApp;
  let base = '';
  const clients: Client[] = [];
  const connect = async (transport: Transport) => {
    const client = new Client({ name: 'lectern-e2e', version: '1.0.0' });
    await client.connect(transport);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    test = await startTestApp({ EMBEDDINGS: 'lexical', WORKERS: '0' });
    const project = await test.http().post('/projects').send({ name: 'bio' }).expect(201);
    const upload = await test
      .http()
      .post(`/projects/${project.body.id}/documents`)
      .attach('files', corpusPdf('arxiv-1211.2288.pdf'))
      .expect(202);
    expect((await waitForDocument(test, upload.body.documents[0].id)).status).toBe('ready');
    await new Promise<void>((resolve) => test.app.getHttpServer().listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(test.app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
    await test.close();
  });

  it('over streamable HTTP at /mcp: lists the tools and navigates a paper', async () => {
    const client = await connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp?project=bio`)));
    await navigate(client);
    const explore = (await client.callTool({
      name: 'explore',
      arguments: { question: 'What is the spin of the new boson?', max_steps: 4 },
    })) as ToolResult;
    expect(explore.isError).toBeFalsy();
    expect(explore.structuredContent).toMatchObject({ answer: expect.any(String), citations: expect.any(Array) });
  });

  it('over HTTP scopes a session to the papers named in articleIds: search stays inside, outline and read refuse the rest', async () => {
    const project = (await test.http().post('/projects').send({ name: 'two papers' }).expect(201)).body.id as string;
    const upload = await test
      .http()
      .post(`/projects/${project}/documents`)
      .attach('files', corpusPdf('acl-N18-3011.pdf'))
      .attach('files', corpusPdf('arxiv-1211.2288.pdf'))
      .expect(202);
    const [graph, higgs] = await Promise.all(
      upload.body.documents.map(async (d: { id: string }) => (await waitForDocument(test, d.id)).articleId as string),
    );
    const headers = MCP_HEADERS;
    const init = MCP_INITIALIZE;
    expect((await test.http().post(`/mcp?project=${project}&articleIds=nope`).set(headers).send(init).expect(404)).body.message).toMatch(
      /"nope" in project "two papers"; an MCP connection's articleIds/,
    );
    // Parsed by the commands' schema at the edge: a scope explore would refuse later is a 400 before the session starts.
    const tooMany = Array.from({ length: MAX_SCOPE_ARTICLES + 1 }, (_, i) => `${graph}-${i}`).join(',');
    expect((await test.http().post(`/mcp?project=${project}&articleIds=${tooMany}`).set(headers).send(init).expect(400)).body.message).toBe(
      `articleIds must name at most ${MAX_SCOPE_ARTICLES} articles`,
    );
    expect((await test.http().post(`/mcp?project=${project}&articleIds=${graph},`).set(headers).send(init).expect(400)).body.message).toBe(
      'articleIds must not hold an empty id',
    );

    const client = await connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp?project=${project}&articleIds=${graph}`)));
    const call = async (name: string, args: Record<string, unknown> = {}) =>
      (await client.callTool({ name, arguments: args })) as ToolResult;
    const search = await call('search', { query: 'spin of the new boson', k: 5 });
    const hits = search.structuredContent?.hits as Location[];
    expect(hits.length).toBeGreaterThan(0);
    expect(new Set(hits.map((h) => h.article.id))).toEqual(new Set([graph]));
    expect((await call('outline', { article_id: graph })).isError).toBeFalsy();
    for (const refused of [await call('outline', { article_id: higgs }), await call('read_page', { article_id: higgs, page: 1 })]) {
      expect(refused.isError).toBe(true);
      expect(refused.content[0].text).toMatch(new RegExp(`outside the papers this question is scoped to; the papers in scope: ${graph}$`));
    }
    await client.close();
    clients.splice(clients.indexOf(client), 1);
    await test.http().delete(`/projects/${project}`).expect(204);
  });

  it('over HTTP refuses a session without a project, an unknown project and an unknown session id', async () => {
    const headers = MCP_HEADERS;
    const init = MCP_INITIALIZE;
    expect((await test.http().post('/mcp').set(headers).send(init).expect(404)).body.error.message).toMatch(/name the project/);
    expect((await test.http().post('/mcp?project=nope').set(headers).send(init).expect(404)).body.error.message).toMatch(
      /no project "nope"/,
    );
    await test
      .http()
      .post('/mcp')
      .set({ ...headers, 'mcp-session-id': 'forged' })
      .send({ jsonrpc: '2.0', id: 2, method: 'tools/list' })
      .expect(404);
  });

  it('POST /projects/import: an exported project comes back under a new name; a hostile file is refused with 422, leaving nothing', async () => {
    const projects = (await test.http().get('/projects').expect(200)).body as Array<{ id: string; name: string }>;
    const bio = projects.find((p) => p.name === 'bio')!;
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lectern-import-e2e-'));
    try {
      const file = path.join(dir, 'bio.sqlite');
      const download = await binaryBody(test.http().get(`/projects/${bio.id}/export?withPdfs=1`)).expect(200);
      await fs.writeFile(file, download.body as Buffer);

      const imported = await test.http().post('/projects/import').attach('file', file).field('name', 'bio-copy').expect(201);
      expect(imported.body).toMatchObject({ name: 'bio-copy', articles: 1, documents: 1, pdfs: 1, reembedding: false });
      const query = { query: 'spin of the new boson', k: 5 };
      const original = await test.http().post(`/projects/${bio.id}/search`).send(query).expect(200);
      const copy = await test.http().post(`/projects/${imported.body.id}/search`).send(query).expect(200);
      expect(original.body.results.length).toBeGreaterThan(0);
      expect(copy.body).toEqual(original.body);
      const [document] = (await test.http().get(`/projects/${imported.body.id}/documents`).expect(200)).body as Array<{
        id: string;
        status: string;
      }>;
      expect(document.status).toBe('ready');
      await test.http().get(`/documents/${document.id}/file`).expect(200).expect('Content-Type', 'application/pdf');

      const hostile = path.join(dir, 'hostile.sqlite');
      await fs.copyFile(file, hostile);
      const db = new Database(hostile);
      db.exec("CREATE VIEW leak AS SELECT load_extension('/tmp/evil.so')");
      db.close();
      const refused = await test.http().post('/projects/import').attach('file', hostile).field('name', 'evil').expect(422);
      expect(refused.body.message).toBe('import refused: the file carries a view (leak); Lectern exports have none');
      const after = (await test.http().get('/projects').expect(200)).body as Array<{ name: string }>;
      expect(after.map((p) => p.name).sort()).toEqual(['bio', 'bio-copy']);
      expect(await fs.readdir(path.join(test.dataDir, 'tmp'))).toEqual([]);
      await test.http().post('/projects/import').attach('file', file).field('name', 'bio-copy').expect(409);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('over stdio (`lectern mcp --project bio`, the built CLI on the same data directory): lists the tools and navigates a paper', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI_ENTRY, 'mcp', '--project', 'bio'],
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', TZ: 'UTC', LECTERN_DATA_DIR: test.dataDir, EMBEDDINGS: 'lexical', WORKERS: '0' },
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const client = await connect(transport);
    await navigate(client);
    expect(stderr).toBe('');
  });
});
