import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { NOTICE_NO_LLM } from '@lectern/retrieval';
import { startOpenAiReplay, type OpenAiReplay } from './replay/openai.replay-server';
import { runLectern } from './support/cli';
import { corpusPdf } from './support/paths';

/** Requests here name no mode; with the offline lexical embedder the default is keyword (bench/RESULTS.md). */
const DEFAULT_MODE = 'keyword';

const QUESTION = 'How does Semantic Scholar link entity mentions in papers to the knowledge base?';

describe('lectern ask (e2e)', () => {
  let work: string;
  let replay: OpenAiReplay;
  // Lexical embeddings: the corpus is searched the same with and without the LLM server.
  const offline = () => ({ LECTERN_DATA_DIR: path.join(work, 'data'), EMBEDDINGS: 'lexical' });
  const online = () => ({ ...offline(), OPENAI_BASE_URL: replay.url, LLM_MODEL: 'llama3.2', LLM_SMALL_MODEL: 'llama3.2:1b' });
  const chatRequests = () => replay.requests.filter((r) => r.path === '/v1/chat/completions');

  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'lectern-ask-'));
    replay = await startOpenAiReplay();
    const ingest = await runLectern(
      ['ingest', corpusPdf('acl-N18-3011.pdf'), corpusPdf('arxiv-1211.2288.pdf'), '--project', 'demo'],
      offline(),
    ).done;
    expect(ingest.code).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await replay.close();
    await fs.rm(work, { recursive: true, force: true });
  });
  afterEach(() => replay.script(null));

  it('prints the LLM answer as JSON with citations naming article, section and page', async () => {
    replay.script(() => ({ content: 'A trained linker maps each mention to a knowledge-base entity [1].' }));
    const run = await runLectern(['ask', QUESTION, '--project', 'demo', '--json'], online()).done;
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const body = JSON.parse(run.stdout);
    expect(Object.keys(body).sort()).toEqual(['answer', 'citations', 'llm', 'mode']);
    expect(body).toMatchObject({ answer: expect.stringContaining('[1]'), mode: DEFAULT_MODE, llm: { used: true, model: 'llama3.2' } });
    expect(body.citations).toEqual([
      {
        n: 1,
        articleId: expect.any(String),
        articleTitle: expect.stringMatching(/Literature Graph in Semantic Scholar/),
        sectionNumber: expect.any(String),
        sectionTitle: expect.any(String),
        page: expect.any(Number),
        // The sentence the claim rests on, and where it sits in the cited context.
        quote: expect.any(String),
        span: { start: expect.any(Number), end: expect.any(Number) },
      },
    ]);
    expect(body.citations[0].span.end - body.citations[0].span.start).toBeGreaterThanOrEqual(body.citations[0].quote.length);
    expect(body.citations[0].page).toBeGreaterThanOrEqual(1);
    expect(body.citations[0].page).toBeLessThanOrEqual(8);
  });

  it('passes --parent and --multi-query to retrieval: the small model writes variants first', async () => {
    replay.script((request) =>
      request.model === 'llama3.2:1b'
        ? { content: JSON.stringify({ queries: ['entity linking knowledge base', 'mention disambiguation'] }) }
        : { content: 'Mentions are linked to entities [1].' },
    );
    const before = chatRequests().length;
    const run = await runLectern(
      ['ask', QUESTION, '--project', 'demo', '--parent', '--multi-query', '--mode', 'keyword', '--k', '20', '--json'],
      online(),
    ).done;
    expect(run.code).toBe(0);
    expect(
      chatRequests()
        .slice(before)
        .map((r) => r.body.model),
    ).toEqual(['llama3.2:1b', 'llama3.2']);
    const prompt: string = chatRequests().at(-1)!.body.messages.at(-1).content;
    // Parent expansion: the first source spans several contexts, so its header names a page range or several sections.
    expect(prompt).toMatch(/^\[1\] .+ — .+(pp\. \d+–\d+|; .+)$/m);
    expect(JSON.parse(run.stdout)).toMatchObject({ mode: 'keyword', llm: { used: true } });
  });

  it('answers extractively without an LLM: the answer, numbered sources, and the notice on stderr', async () => {
    const run = await runLectern(['ask', QUESTION, '--project', 'demo'], offline()).done;
    expect(run.code).toBe(0);
    const [answer, sources] = run.stdout.split('\n\nSources:\n');
    expect(answer).toMatch(/\[1\]/);
    expect(sources).toMatch(/^\[1\] Construction of the Literature Graph in Semantic Scholar — .+, p\. \d+$/m);
    expect(run.stderr).toContain(`note: ${NOTICE_NO_LLM}`);
  });

  it('says without an LLM, in JSON, why the answer is extractive', async () => {
    const run = await runLectern(['ask', QUESTION, '--project', 'demo', '--json'], offline()).done;
    expect(run.code).toBe(0);
    const body = JSON.parse(run.stdout);
    expect(body).toMatchObject({ llm: { used: false }, notice: NOTICE_NO_LLM, mode: DEFAULT_MODE });
    expect(body.citations[0]).not.toHaveProperty('contextId');
  });

  it.each([
    [['ask', '', '--project', 'demo'], /question is empty/],
    [['ask', 'x', '--project', 'nope'], /no project "nope"/],
    [['ask', 'x', '--project', 'demo', '--k', '0'], /--k must be from 1 to 200/],
    [['ask', 'x', '--project', 'demo', '--k', '201'], /--k must be from 1 to 200/],
    [['ask', 'x', '--project', 'demo', '--mode', 'magic'], /--mode/],
    [['ask', 'x'], /--project/],
  ])('exits non-zero with a clear message for %j', async (args, message) => {
    const run = await runLectern(args, offline()).done;
    expect(run.code).toBeGreaterThan(0);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
