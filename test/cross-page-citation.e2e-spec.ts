import { NOTICE_LLM_DOWN } from '@lectern/retrieval';
import { buildCrossPagePaper, CROSS_PAGE } from './fixtures/cross-page-paper';
import { startOpenAiReplay, type OpenAiReplay, replayLlmEnv } from './replay/openai.replay-server';
import { startTestApp, waitForDocument, type TestApp } from './support/test-app';

interface CitationBody {
  n: number;
  contextId?: string;
  page: number;
  pageEnd?: number;
  quote?: string;
  span?: { start: number; end: number };
}

/**
 * A sentence printed on the second page of a passage that starts on the first is cited on the second page — by an
 * LLM's answer, an extractive one and the explore agent — while its passage still starts on the first.
 */
describe('citing the page a sentence is printed on', () => {
  let replay: OpenAiReplay;
  let t: TestApp;
  let projectId: string;
  const chat = (body: object) => t.http().post(`/projects/${projectId}/chat`).send(body);
  const ask = { messages: [{ role: 'user', content: CROSS_PAGE.question }] };

  beforeAll(async () => {
    replay = await startOpenAiReplay();
    t = await startTestApp({
      EMBEDDINGS: 'lexical',
      ...replayLlmEnv(replay),
    });
    projectId = (await t.http().post('/projects').send({ name: 'pages' }).expect(201)).body.id;
    const upload = t.http().post(`/projects/${projectId}/documents`).attach('files', buildCrossPagePaper(), 'tidal-heat.pdf');
    const [accepted] = (await upload.expect(202)).body.documents as Array<{ id: string }>;
    expect(await waitForDocument(t, accepted.id)).toMatchObject({ status: 'ready', error: null });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await replay.close();
  });
  afterEach(() => {
    replay.script(null);
    replay.setFault(null);
  });

  /** The citation quoting the second-page sentence, and the passage it sits in as the source view opens it. */
  async function secondPageCitation(citations: CitationBody[]) {
    const citation = citations.find((c) => c.quote?.includes('ninety days'));
    expect(citation).toBeDefined();
    const context = (await t.http().get(`/projects/${projectId}/contexts/${citation!.contextId}`).expect(200)).body;
    return { citation: citation!, context };
  }

  it("cites an LLM answer's [n] on the page its supporting sentence is printed on, not the page its passage starts on", async () => {
    replay.script(() => ({ content: 'The stored heat kept the flooded cavern at forty-one degrees Celsius for ninety days [1].' }));
    const res = await chat(ask).expect(200);
    expect(res.body.llm.used).toBe(true);
    const { citation, context } = await secondPageCitation(res.body.citations);
    expect(context.page).toBe(1);
    // The source view's context says where its text reaches page 2.
    expect(context.pageStarts).toEqual([{ offset: context.text.indexOf('sealed behind insulated doors'), page: 2 }]);
    expect(context.text.slice(citation.span!.start, citation.span!.end)).toBe(citation.quote);
    expect(citation.quote).toBe(CROSS_PAGE.secondPageSentence);
    expect(citation.page).toBe(2);
    expect(citation.pageEnd).toBeUndefined();
  });

  it('gives a quoted sentence printed across the page break both pages', async () => {
    replay.script(() => ({
      content: 'In the trial winter the caverns were flooded with heated seawater and sealed behind insulated doors [1].',
    }));
    const res = await chat(ask).expect(200);
    const citation = (res.body.citations as CitationBody[]).find((c) => c.quote?.startsWith(CROSS_PAGE.crossingSentenceStart));
    expect(citation).toMatchObject({ page: 1, pageEnd: 2 });
  });

  it('cites an extractive answer (the LLM down) on the quoted sentence page', async () => {
    replay.setFault({ kind: 'status', status: 503 });
    const res = await chat(ask).expect(200);
    expect(res.body).toMatchObject({ llm: { used: false }, notice: NOTICE_LLM_DOWN });
    const { citation, context } = await secondPageCitation(res.body.citations);
    expect(context.page).toBe(1);
    expect(citation.page).toBe(2);
  });

  it("cites the explore agent's quoted sentence on its page", async () => {
    replay.setFault({ kind: 'status', status: 503 });
    const res = await t.http().post(`/projects/${projectId}/explore`).send({ question: CROSS_PAGE.question }).expect(200);
    expect(res.body.navigator).toBe('heuristic');
    const { citation, context } = await secondPageCitation(res.body.citations);
    expect(context.page).toBe(1);
    expect(citation.page).toBe(2);
  });
});
