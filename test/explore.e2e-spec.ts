import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as net from 'node:net';
import { NOTICE_HEURISTIC, NOTICE_HEURISTIC_LLM_DOWN } from '@lectern/agent';
import { ExploreController } from '../apps/api/src/explore/explore.controller';
import { startOpenAiReplay, type ChatRequest, type OpenAiReplay, replayLlmEnv } from './replay/openai.replay-server';
import { runLectern } from './support/cli';
import { corpusPdf } from './support/paths';
import { ingestCorpusPdfs, startTestApp, type TestApp } from './support/test-app';

const QUESTION = 'How does Semantic Scholar link entity mentions in papers to the knowledge base?';
const PAPER = 'acl-N18-3011.pdf';

interface Sse {
  event: string;
  /** Step, token, answer and done payloads; the assertions read `text` and match the rest. */
  data: { text: string };
}

function parseEvents(text: string): Sse[] {
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('event: '))
    .map((block) => {
      const [eventLine, dataLine] = block.split('\n');
      return { event: eventLine.slice(7), data: JSON.parse(dataLine.slice(6)) };
    });
}

const toolCall = (name: string, args: object | string) => ({ name, arguments: typeof args === 'string' ? args : JSON.stringify(args) });
/** The `section_id=…` values a tool result sent to the model names, in order. */
const sectionIdsIn = (request: ChatRequest) =>
  [...(request.messages.at(-1)?.content ?? '').matchAll(/section_id=([\w-]+)/g)].map((m) => m[1]);

describe(ExploreController.name, () => {
  let replay: OpenAiReplay;
  let t: TestApp;
  let projectId: string;
  let articleId: string;
  let baseUrl: string;
  const explore = (body: object) => t.http().post(`/projects/${projectId}/explore`).send(body);

  beforeAll(async () => {
    replay = await startOpenAiReplay();
    t = await startTestApp({
      EMBEDDINGS: 'lexical',
      ...replayLlmEnv(replay),
    });
    projectId = (await t.http().post('/projects').send({ name: 'explore' }).expect(201)).body.id;
    const [paper] = await ingestCorpusPdfs(t, projectId, [PAPER, 'arxiv-1211.2288.pdf']);
    articleId = paper.articleId as string;
    await t.app.listen(0, '127.0.0.1');
    baseUrl = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await replay.close();
  });
  afterEach(() => replay.script(null));

  it('lets a scripted model outline, jump, read on and back, read a page and answer citing what it read', async () => {
    let sections: string[] = [];
    let call = 0;
    replay.script((request) => {
      call += 1;
      if (call === 2) sections = sectionIdsIn(request);
      const script = [
        [toolCall('search', { query: 'entity linking', k: 3 })],
        [toolCall('outline', { article_id: articleId })],
        [toolCall('read', { section: '2.1', article_id: articleId })],
        [toolCall('next', {})],
        [toolCall('previous', {})],
        [toolCall('read_page', { article_id: articleId, page: 3 })],
        [toolCall('answer', { text: 'Mentions are linked to KB entities.', citations: ['2.1'] })],
      ];
      return { toolCalls: script[call - 1] };
    });
    const res = await explore({ question: QUESTION, maxSteps: 10 }).expect(200);
    expect(Object.keys(res.body).sort()).toEqual(['answer', 'citations', 'navigator', 'steps', 'usage']);
    expect(res.body.steps.map((s: { tool: string }) => s.tool)).toEqual([
      'search',
      'outline',
      'read',
      'next',
      'previous',
      'read_page',
      'answer',
    ]);
    expect(res.body.steps[2].summary).toMatch(/^§2\.1 /);
    expect(res.body.steps[3].summary).toMatch(/^§2\.2 /);
    expect(res.body.steps[4].summary).toMatch(/^§2\.1 /);
    expect(res.body.citations).toEqual([
      { articleId, articleTitle: expect.any(String), sectionNumber: '2.1', sectionTitle: expect.any(String), page: expect.any(Number) },
    ]);
    expect(res.body.answer).toBe('Mentions are linked to KB entities.');
    // The search result the model saw names each hit's section, so it can jump there.
    expect(sections).toHaveLength(3);
    const tools = replay.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)!.body.tools;
    expect(tools.map((tool: { function: { name: string } }) => tool.function.name).sort()).toEqual([
      'answer',
      'give_up',
      'next',
      'outline',
      'previous',
      'read',
      'read_page',
      'search',
    ]);
  });

  it('answers a model that repeats one call with a refusal until the step budget ends the loop', async () => {
    replay.script(() => ({ toolCalls: [toolCall('read', { section: '2.1', article_id: articleId })] }));
    const res = await explore({ question: QUESTION, maxSteps: 3 }).expect(200);
    expect(res.body.steps.map((s: { summary: string }) => s.summary)).toEqual([
      expect.stringMatching(/^§2\.1 /),
      expect.stringMatching(/^error: refused/),
      expect.stringMatching(/^error: refused/),
    ]);
    expect(res.body.notice).toMatch(/step budget \(3\) ran out/);
    for (const citation of res.body.citations) expect(citation.sectionNumber).toBe('2.1');
  });

  it('tells the model about invalid arguments and unknown tools instead of failing', async () => {
    let call = 0;
    replay.script(() => {
      call += 1;
      return call === 1
        ? { toolCalls: [toolCall('read_page', { article_id: articleId, page: 'three' }), toolCall('summon', {})] }
        : { toolCalls: [toolCall('give_up', { reason: 'not in these papers' })] };
    });
    const res = await explore({ question: QUESTION, articleId }).expect(200);
    expect(res.body.steps.map((s: { summary: string }) => s.summary)).toEqual([
      'error: read_page: page must be an integer from 1 to 100000',
      expect.stringMatching(/^error: unknown tool "summon"/),
      'gave up: not in these papers',
    ]);
    const second = replay.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)!.body;
    expect(second.messages.filter((m: { role: string }) => m.role === 'tool')).toHaveLength(2);
    expect(res.body.notice).toMatch(/gave up: not in these papers/);
  });

  it('streams step, token, answer and done events', async () => {
    let call = 0;
    replay.script(() => {
      call += 1;
      return call === 1
        ? { content: 'Reading 2.1 first.', toolCalls: [toolCall('read', { section: '2.1', article_id: articleId })] }
        : { toolCalls: [toolCall('answer', { text: 'Linked.', citations: ['2.1'] })] };
    });
    const response = await fetch(`${baseUrl}/projects/${projectId}/explore`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ question: QUESTION, stream: true }),
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const events = parseEvents(await response.text());
    const names = events.map((e) => e.event);
    expect(names.filter((n) => n !== 'token')).toEqual(['step', 'step', 'answer', 'done']);
    expect(names[0]).toBe('token');
    expect(
      events
        .filter((e) => e.event === 'token')
        .map((e) => e.data.text)
        .join(''),
    ).toBe('Reading 2.1 first.');
    expect(events.at(-1)!.data).toMatchObject({ answer: 'Linked.', navigator: 'llm' });
  });

  it('streams an error event when the LLM fails', async () => {
    replay.script(() => ({ status: 400 }));
    const response = await fetch(`${baseUrl}/projects/${projectId}/explore`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ question: QUESTION, stream: true }),
    });
    const events = parseEvents(await response.text());
    expect(events.map((e) => e.event)).toEqual(['error']);
  });

  it.each([
    [{}, 400],
    [{ question: '  ' }, 400],
    [{ question: 'x', maxSteps: 0 }, 400],
    [{ question: 'x', maxSteps: 31 }, 400],
    [{ question: 'x', articleId: 'nope' }, 404],
  ])('rejects %j with %i', async (body, status) => {
    await explore(body).expect(status);
  });

  it('answers 404 for an unknown project', async () => {
    await t.http().post('/projects/nope/explore').send({ question: 'x' }).expect(404);
  });
});

describe('lectern explore (e2e)', () => {
  let work: string;
  const offline = () => ({ LECTERN_DATA_DIR: path.join(work, 'data'), EMBEDDINGS: 'lexical' });

  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'lectern-explore-'));
    const ingest = await runLectern(['ingest', corpusPdf(PAPER), corpusPdf('arxiv-1211.2288.pdf'), '--project', 'demo'], offline()).done;
    expect(ingest.code).toBe(0);
  }, 120_000);
  afterAll(() => fs.rm(work, { recursive: true, force: true }));

  it('navigates offline and prints JSON whose citations are sections it read and whose steps move through the paper', async () => {
    const run = await runLectern(['explore', QUESTION, '--project', 'demo', '--json'], offline()).done;
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const body = JSON.parse(run.stdout);
    expect(body).toMatchObject({ navigator: 'heuristic', notice: NOTICE_HEURISTIC, usage: { steps: body.steps.length } });
    const tools: string[] = body.steps.map((s: { tool: string }) => s.tool);
    expect(tools).toEqual(expect.arrayContaining(['search', 'outline', 'read', 'answer']));
    expect(tools.some((tool) => tool === 'next' || tool === 'previous')).toBe(true);
    const read = new Set(
      body.steps
        .filter((s: { tool: string }) => ['read', 'next', 'previous'].includes(s.tool))
        .map((s: { summary: string }) => s.summary.match(/^§([\d.]+|-)/)?.[1]),
    );
    expect(body.citations.length).toBeGreaterThan(0);
    for (const citation of body.citations) expect(read).toContain(citation.sectionNumber || '-');
  });

  it('prints the answer with [n] markers and sources by title, and the steps on stderr', async () => {
    const run = await runLectern(['explore', QUESTION, '--project', 'demo'], offline()).done;
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/\[1\][.!?]/);
    expect(run.stdout).toMatch(/\n\nSources:\n\[1\] Construction of the Literature Graph in Semantic Scholar — §.+, p\. \d+/);
    expect(run.stderr).toMatch(/^step 1: search /);
  });

  it('degrades to the heuristic navigator, with a notice, when the configured LLM server is down', async () => {
    // A loopback port that was just free: nothing listens there, so every connection is refused.
    const closed = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const run = await runLectern(['explore', QUESTION, '--project', 'demo', '--json'], {
      ...offline(),
      OPENAI_BASE_URL: `http://127.0.0.1:${closed}/v1`,
    }).done;
    expect(run.code).toBe(0);
    const body = JSON.parse(run.stdout);
    expect(body).toMatchObject({ navigator: 'heuristic', notice: NOTICE_HEURISTIC_LLM_DOWN });
    expect(body.citations.length).toBeGreaterThan(0);
  }, 120_000);

  it.each([
    [['explore', '', '--project', 'demo'], /question is empty/],
    [['explore', 'x', '--project', 'nope'], /no project "nope"/],
    [['explore', 'x', '--project', 'demo', '--max-steps', '0'], /--max-steps must be from 1 to 30/],
  ])('exits non-zero with a clear message for %j', async (args, message) => {
    const run = await runLectern(args, offline()).done;
    expect(run.code).toBeGreaterThan(0);
    expect(run.stderr).toMatch(message);
  });
});
