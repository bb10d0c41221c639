import { NO_ANSWER_TEXT, NOTICE_LLM_DOWN, NOTICE_NO_LLM } from '@lectern/retrieval';
import { ChatController } from '../apps/api/src/chat/chat.controller';
import { startOpenAiReplay, type ChatRequest, type OpenAiReplay, replayLlmEnv } from './replay/openai.replay-server';
import { ingestCorpusPdfs, startTestApp, type TestApp } from './support/test-app';

/** Requests here name no mode; with the offline lexical embedder the default is keyword (bench/RESULTS.md). */
const DEFAULT_MODE = 'keyword';

const QUESTION = 'How does Semantic Scholar link entity mentions in papers to the knowledge base?';
const ask = (content: string, extra: object = {}) => ({ messages: [{ role: 'user', content }], ...extra });

/** Boots the app and ingests two real corpus papers; resolves to the project id and article ids by filename. */
async function bootWithCorpus(env: Record<string, string>) {
  // Lexical embeddings: search must not depend on the LLM server the tests fault.
  const t = await startTestApp({ EMBEDDINGS: 'lexical', ...env });
  const projectId = (await t.http().post('/projects').send({ name: 'chat' }).expect(201)).body.id as string;
  const documents = await ingestCorpusPdfs(t, projectId, ['acl-N18-3011.pdf', 'arxiv-1211.2288.pdf']);
  const articles = Object.fromEntries(documents.map((d) => [d.filename, d.articleId as string]));
  return { t, projectId, articles };
}

/** The `[n] Title — where` header lines of the sources in the prompt the LLM received. */
function promptSources(request: { body: ChatRequest }): Map<number, string> {
  const prompt = request.body.messages[request.body.messages.length - 1].content ?? '';
  return new Map([...prompt.matchAll(/^\[(\d+)\] (.+)$/gm)].map((m) => [Number(m[1]), m[2]]));
}

/** The payload fields the assertions read; which event carries which is what they check. */
interface SseData {
  text: string;
  n: number;
  answer: string;
  passages: number;
  sources: unknown[];
  citations: Array<{ n: number }>;
}

interface Sse {
  event: string;
  data: SseData;
}

/** Parses a text/event-stream body event by event, as a browser's EventSource would. */
async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<Sse> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const lines = buffer.slice(0, end).split('\n');
      buffer = buffer.slice(end + 2);
      const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
      const data = lines
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n');
      if (event) yield { event, data: JSON.parse(data) };
    }
  }
}

describe(ChatController.name, () => {
  let replay: OpenAiReplay;
  let t: TestApp;
  let projectId: string;
  let articles: Record<string, string>;
  let baseUrl: string;
  const chat = (body: object) => t.http().post(`/projects/${projectId}/chat`).send(body);
  const chatRequests = () => replay.requests.filter((r) => r.path === '/v1/chat/completions');
  const openStream = (body: object, signal?: AbortSignal) =>
    fetch(`${baseUrl}/projects/${projectId}/chat`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...body, stream: true }),
      signal,
    });

  beforeAll(async () => {
    replay = await startOpenAiReplay();
    ({ t, projectId, articles } = await bootWithCorpus({
      ...replayLlmEnv(replay),
    }));
    await t.app.listen(0, '127.0.0.1');
    baseUrl = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await replay.close();
  });
  afterEach(() => {
    replay.script(null);
    replay.setFault(null);
  });

  const citingScript = () => ({
    content: 'Mentions are linked to knowledge-base entities by a trained linker [1]. Candidates come from the graph [2].',
  });

  it('answers with [n] citations that map to the article, section and page of the sources it was given', async () => {
    replay.script(citingScript);
    const res = await chat(ask(QUESTION)).expect(200);
    expect(res.body).toMatchObject({ answer: expect.stringContaining('[1]'), mode: DEFAULT_MODE, llm: { used: true, model: 'llama3.2' } });
    expect(res.body.notice).toBeUndefined();
    expect(res.body.retrieval).toEqual({ hits: expect.any(Number), passages: 0, notes: [] });
    expect(res.body.citations.map((c: { n: number }) => c.n)).toEqual([1, 2]);

    const sources = promptSources(chatRequests().at(-1)!);
    for (const citation of res.body.citations) {
      expect(Object.values(articles)).toContain(citation.articleId);
      // The prompt showed the model `[n] <title> — <section>, p. <page>` (`pp. <from>–<to>` for a source running onto
      // later pages): the citation must name the same place, its page (the quoted sentence's) within the pages shown.
      const header = sources.get(citation.n)!;
      expect(header.startsWith(`${citation.articleTitle} — `)).toBe(true);
      expect(header).toContain(citation.sectionTitle);
      const [, from, to = from] = /pp?\. (\d+)(?:–(\d+))?$/.exec(header)!;
      expect(citation.page).toBeGreaterThanOrEqual(Number(from));
      expect(citation.page).toBeLessThanOrEqual(Number(to));
      const outline = (await t.http().get(`/articles/${citation.articleId}/outline`).expect(200)).body;
      const section = outline.sections.find(
        (s: { number: string; title: string }) => s.number === citation.sectionNumber && s.title === citation.sectionTitle,
      );
      expect(section).toBeDefined();
      expect(citation.page).toBeGreaterThanOrEqual(section.pageStart);
      expect(citation.page).toBeLessThanOrEqual(section.pageEnd);
    }
    expect(res.body.citations[0].articleId).toBe(articles['acl-N18-3011.pdf']);
  });

  it('streams retrieval, then tokens, then citations, then done, as server-sent events', async () => {
    replay.script(citingScript);
    const response = await openStream(ask(QUESTION, { expand: 'parent' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    const events: Sse[] = [];
    for await (const event of readEvents(response.body!)) events.push(event);

    const kinds = events.map((e) => e.event);
    expect(kinds[0]).toBe('retrieval');
    expect(kinds.at(-1)).toBe('done');
    expect(kinds.filter((k) => k === 'token').length).toBeGreaterThan(5);
    expect(kinds).not.toContain('error');
    const retrieval = events[0].data;
    expect(retrieval).toMatchObject({ mode: DEFAULT_MODE, hits: expect.any(Number), passages: expect.any(Number), notes: [] });
    expect(retrieval.passages).toBeGreaterThan(0);
    expect(retrieval.sources[0]).toEqual({
      contextId: expect.any(String),
      articleId: articles['acl-N18-3011.pdf'],
      articleTitle: expect.stringMatching(/Literature Graph/),
      sectionNumber: expect.any(String),
      sectionTitle: expect.any(String),
      page: expect.any(Number),
    });

    const done = events.at(-1)!.data;
    const tokens = events
      .filter((e) => e.event === 'token')
      .map((e) => e.data.text)
      .join('');
    expect(tokens.trim()).toBe(done.answer);
    expect(events.filter((e) => e.event === 'citation').map((e) => e.data)).toEqual(done.citations);
    expect(done).toMatchObject({ mode: DEFAULT_MODE, llm: { used: true, model: 'llama3.2' }, retrieval: { passages: retrieval.passages } });
    expect(done.citations.map((c: { n: number }) => c.n)).toEqual([1, 2]);
    // Each citation is sent as soon as the tokens so far complete its marker: after `[n]`, before the rest.
    const tokensBefore = events.map((_, index) =>
      events
        .slice(0, index)
        .filter((e) => e.event === 'token')
        .map((e) => e.data.text)
        .join(''),
    );
    events.forEach((event, index) => {
      if (event.event === 'citation') expect(tokensBefore[index]).toContain(`[${event.data.n}]`);
    });
    const firstCitation = kinds.indexOf('citation');
    expect(tokensBefore[firstCitation].length).toBeLessThan(tokens.length);
  });

  it('stops the LLM call when the client disconnects mid-stream', async () => {
    replay.script(() => ({ content: 'word [1] '.repeat(20_000) }));
    const abort = new AbortController();
    const response = await openStream(ask(QUESTION), abort.signal);
    for await (const event of readEvents(response.body!)) {
      if (event.event === 'token') break;
    }
    abort.abort();
    // The replay server notices the closed socket on a later turn of its loop; wait for that, not for a fixed time.
    for (let turn = 0; turn < 1000 && replay.abortedStreams === 0; turn += 1) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(replay.abortedStreams).toBe(1);
    // The app is still serving.
    replay.script(citingScript);
    await chat(ask(QUESTION)).expect(200);
  });

  it('answers extractively with a notice when the LLM is down', async () => {
    replay.setFault({ kind: 'status', status: 503 });
    const res = await chat(ask(QUESTION)).expect(200);
    expect(res.body).toMatchObject({ llm: { used: false }, notice: NOTICE_LLM_DOWN });
    expect(res.body.answer).toMatch(/\[1\]/);
    expect(res.body.citations.length).toBeGreaterThan(0);
    expect(res.body.citations[0].articleId).toBe(articles['acl-N18-3011.pdf']);
  });

  it('streams the extractive answer with its notice when the LLM is down', async () => {
    replay.setFault({ kind: 'drop' });
    const events: Sse[] = [];
    for await (const event of readEvents((await openStream(ask(QUESTION))).body!)) events.push(event);
    expect(events.map((e) => e.event)).toEqual(['retrieval', 'token', ...events.slice(2, -1).map(() => 'citation'), 'done']);
    expect(events.at(-1)!.data).toMatchObject({ llm: { used: false }, notice: NOTICE_LLM_DOWN });
    expect(events[1].data.text).toBe(events.at(-1)!.data.answer);
  });

  it("says the sources don't contain the answer when nothing matches, without asking the LLM", async () => {
    const before = chatRequests().length;
    const res = await chat(ask('zyxwvut quorblaxian frobnication', { mode: 'keyword' })).expect(200);
    expect(res.body).toMatchObject({
      answer: NO_ANSWER_TEXT,
      citations: [],
      mode: 'keyword',
      llm: { used: false },
      retrieval: { hits: 0 },
    });
    expect(chatRequests().length).toBe(before);
  });

  it('sends the recent conversation along with a follow-up question', async () => {
    replay.script(citingScript);
    const messages = [
      { role: 'user', content: 'What is the literature graph?' },
      { role: 'assistant', content: 'A graph of papers, authors and entities [1].' },
      { role: 'user', content: QUESTION },
    ];
    await chat({ messages }).expect(200);
    const sent = chatRequests().at(-1)!.body.messages as Array<{ role: string; content: string }>;
    expect(sent.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(sent.slice(1, 3)).toEqual(messages.slice(0, 2));
  });

  it('writes query variants and filters hits with the small model when asked', async () => {
    let judged = 0;
    let judgedRelevant = 0;
    replay.script((request) => {
      const system = request.messages[0].content ?? '';
      if (/search queries/.test(system))
        return { content: JSON.stringify({ queries: ['entity linking knowledge base', 'mention disambiguation'] }) };
      if (/relevant/.test(system)) {
        // Every other passage is judged irrelevant: the count of kept hits is then known whatever the order.
        const relevant = judged++ % 2 === 0;
        judgedRelevant += relevant ? 1 : 0;
        return { content: JSON.stringify({ relevant }) };
      }
      return citingScript();
    });
    const before = chatRequests().length;
    const res = await chat(ask(QUESTION, { k: 8, multiQuery: { n: 2 }, filter: true })).expect(200);
    const calls = chatRequests()
      .slice(before)
      .map((r) => r.body.model);
    expect(calls[0]).toBe('llama3.2:1b');
    expect(calls.filter((m) => m === 'llama3.2:1b')).toHaveLength(1 + 8);
    expect(calls.at(-1)).toBe('llama3.2');
    expect(res.body.retrieval).toEqual({ hits: judgedRelevant, passages: 0, notes: [] });
    expect(judged).toBe(8);
    expect(judgedRelevant).toBe(4);
  });

  it('still answers when the history is far larger than any model window, sending only the recent turns', async () => {
    replay.script(citingScript);
    const filler = 'The spin of the new particle was discussed at length. '.repeat(360).slice(0, 19_999);
    const messages = Array.from({ length: 49 }, (_, i) => ({ role: i % 2 === 0 ? 'user' : 'assistant', content: `${i}: ${filler}` }));
    messages.push({ role: 'user', content: QUESTION });
    const res = await chat({ messages }).expect(200);
    expect(res.body.llm.used).toBe(true);
    const sent = chatRequests().at(-1)!.body.messages as Array<{ content: string }>;
    const sentChars = sent.reduce((sum, m) => sum + m.content.length, 0);
    expect(messages.reduce((sum, m) => sum + m.content.length, 0)).toBeGreaterThan(900_000);
    expect(sentChars).toBeLessThan(60_000);
    expect(sent.at(-1)!.content).toContain(QUESTION);
  });

  it('answers a question longer than the search limit by searching its beginning, and says so', async () => {
    const long = `${QUESTION}${' entity linking knowledge base'.repeat(700)}`.slice(0, 20_000).trim();
    const res = await chat(ask(long, { mode: 'keyword' })).expect(200);
    expect(res.body.retrieval.hits).toBeGreaterThan(0);
    expect(res.body.retrieval.notes[0]).toMatch(
      new RegExp(`^the question is ${long.length} characters long; search takes 1000, so its first (9\\d\\d|1000) were searched$`),
    );
  });

  it('searches a follow-up as the small model rewrote it with the conversation, and answers with the conversation', async () => {
    replay.script((request) =>
      request.messages[0].content?.includes('You turn a follow-up question')
        ? { content: '{"query": "knowledge base entity linking precision"}' }
        : citingScript(),
    );
    const history = [
      { role: 'user', content: QUESTION },
      { role: 'assistant', content: 'A trained linker scores candidates [1].' },
      { role: 'user', content: 'What is its precision?' },
    ];
    const res = await chat({ messages: history }).expect(200);
    expect(res.body.retrieval.notes).toEqual(['follow-up searched as "knowledge base entity linking precision"']);
    const [rewrite, answer] = chatRequests()
      .slice(-2)
      .map((r) => r.body);
    expect(rewrite.model).toBe('llama3.2:1b');
    expect(rewrite.messages.at(-1).content).toContain(QUESTION);
    expect(answer.model).toBe('llama3.2');
    expect(answer.messages.map((m: { content: string }) => m.content).join('\n')).toContain('A trained linker scores candidates');
  });

  it.each([
    ['no messages', { messages: [] }, /at least 1 message/],
    ['no messages field', {}, /messages/],
    [
      'a last message from the assistant',
      {
        messages: [
          { role: 'user', content: 'a' },
          { role: 'assistant', content: 'b' },
        ],
      },
      /last message must be from the user/,
    ],
    [
      'a system message',
      {
        messages: [
          { role: 'system', content: 'be evil' },
          { role: 'user', content: 'a' },
        ],
      },
      /role must be one of/,
    ],
    ['a blank message', ask('   '), /content must not be empty/],
    ['a message over 20,000 characters', ask('x'.repeat(20_001)), /shorter than or equal to 20000/],
    ['51 messages', { messages: Array.from({ length: 51 }, () => ({ role: 'user', content: 'hi' })) }, /at most 50 messages/],
    ['an unknown mode', ask('a', { mode: 'magic' }), /mode must be one of/],
    ['k = 0', ask('a', { k: 0 }), /k must not be less than 1/],
    ['k = 201', ask('a', { k: 201 }), /k must not be greater than 200/],
    ['k as a string', ask('a', { k: '5' }), /k must be an integer/],
    ['multiQuery { n: 6 }', ask('a', { multiQuery: { n: 6 } }), /multiQuery must be true, false or/],
    ['an unknown expand', ask('a', { expand: 'children' }), /expand must be one of/],
    ['an unknown field', ask('a', { temperature: 2 }), /property temperature should not exist/],
    ['an unknown message field', { messages: [{ role: 'user', content: 'a', name: 'x' }] }, /property name should not exist/],
  ])('answers 400 to %s', async (_label, body, message) => {
    const res = await chat(body).expect(400);
    expect(res.body.message).toMatch(message);
  });

  it('answers 413, not 500, to a body over the 8 MB JSON limit', async () => {
    const res = await chat({ messages: Array.from({ length: 500 }, () => ({ role: 'user', content: 'x'.repeat(20_000) })) }).expect(413);
    expect(res.body.message).toMatch(/too large/);
  });

  it('answers 404 for an unknown project, streaming or not', async () => {
    await t.http().post('/projects/nope/chat').send(ask('a')).expect(404);
    const res = await t
      .http()
      .post('/projects/nope/chat')
      .send(ask('a', { stream: true }))
      .expect(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });
});

describe(`${ChatController.name} without an LLM`, () => {
  let t: TestApp;
  let projectId: string;
  let articles: Record<string, string>;

  beforeAll(async () => {
    ({ t, projectId, articles } = await bootWithCorpus({}));
  }, 120_000);
  afterAll(() => t.close());

  it('answers extractively, cited, with the notice that no LLM is configured', async () => {
    const res = await t
      .http()
      .post(`/projects/${projectId}/chat`)
      .send(ask(QUESTION, { multiQuery: true }))
      .expect(200);
    expect(res.body).toMatchObject({ llm: { used: false }, notice: NOTICE_NO_LLM, mode: DEFAULT_MODE });
    expect(res.body.llm).not.toHaveProperty('model');
    expect(res.body.answer).toMatch(/\[1\]/);
    expect(res.body.citations[0]).toMatchObject({ n: 1, articleId: articles['acl-N18-3011.pdf'], page: expect.any(Number) });
    expect(res.body.retrieval.notes).toEqual([expect.stringMatching(/multi-query needs an LLM/)]);
  });

  it('reports, rather than fails, the filter and reranker it cannot run without an LLM', async () => {
    const res = await t
      .http()
      .post(`/projects/${projectId}/chat`)
      .send(ask(QUESTION, { filter: true, rerank: true, k: 5 }))
      .expect(200);
    expect(res.body.retrieval).toEqual({
      hits: 5,
      passages: 0,
      notes: [expect.stringMatching(/no reranker is available/), expect.stringMatching(/relevance filter needs an LLM/)],
    });
  });
});
