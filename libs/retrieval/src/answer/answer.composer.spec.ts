import { LlmUnavailableError, type ChatMessage, type CompletionOptions, type LlmClient } from '@lectern/llm';
import { startOpenAiReplay, type OpenAiReplay } from '../../../../test/replay/openai.replay-server';
import { RetrievalPipeline, type RetrievalResult } from '../retrieval.pipeline';
import { SearchService } from '../search.service';
import { buildPdfCorpus, type PdfCorpus } from '../testing/pdf-corpus.fixture';
import { LARGE_MODEL, replayLlm, requestsOf, scriptTasks } from '../testing/replay-llm.fixture';
import { AnswerComposer } from './answer.composer';
import { citedNumbers } from './citation-markers';
import { NOTICE_LLM_STOPPED } from './answer.composer';
import { NO_ANSWER_TEXT, NOTICE_LLM_DOWN, NOTICE_NO_LLM, type AnswerEvent, type Citation } from './answer.types';
import { ABSTAIN_BELOW_EVIDENCE } from './evidence';
import { DEFAULT_ANSWER_WORDS, withMarker, withoutCitationBrackets } from './extractive-answer';

const QUESTION = 'Which ammonia-oxidizing archaea dominate the deep water of the South China Sea?';

/** The real replay-backed client, whose stream breaks off after `deltas` deltas, as when the server goes away mid-answer. */
function breakingAfter(llm: LlmClient, deltas: number): LlmClient {
  return {
    largeModel: llm.largeModel,
    smallModel: llm.smallModel,
    complete: (messages, options) => llm.complete(messages, options),
    completeJson: (messages, validate, options) => llm.completeJson(messages, validate, options),
    async *stream(messages: ChatMessage[], options?: CompletionOptions) {
      let given = 0;
      for await (const delta of llm.stream(messages, options)) {
        if (given++ === deltas) throw new LlmUnavailableError('connection reset');
        yield delta;
      }
    },
  };
}

describe(AnswerComposer.name, () => {
  let fixture: PdfCorpus;
  let pipeline: RetrievalPipeline;
  let result: RetrievalResult;
  let replay: OpenAiReplay;

  beforeAll(async () => {
    fixture = await buildPdfCorpus(['aem-2011-hu-crenarchaeota.pdf', 'arxiv-1912.10667.pdf']);
    pipeline = new RetrievalPipeline({ search: new SearchService(fixture.corpus, fixture.embedder), corpus: fixture.corpus, llm: null });
    result = await pipeline.retrieve(QUESTION, { k: 12, expand: 'parent' });
  });
  afterAll(() => fixture.dispose());
  beforeEach(async () => {
    replay = await startOpenAiReplay();
  });
  afterEach(() => replay.close());

  /** The sources in prompt order: passages, then hits outside them; each cited at its best hit's context. */
  const expectedSources = () => {
    const inPassages = new Set(result.passages.flatMap((p) => p.contexts.map((c) => c.id)));
    return [
      ...result.passages.map((p) => ({ text: p.text, anchor: p.contexts.find((c) => c.id === p.hitContextIds[0])!, article: p.article })),
      ...result.hits
        .filter((h) => !inPassages.has(h.contextId))
        .map((h) => ({ text: h.text, anchor: { id: h.contextId, page: h.page, section: h.section }, article: h.article })),
    ];
  };
  const citationOfSource = (n: number): Citation => {
    const source = expectedSources()[n - 1];
    return {
      n,
      contextId: source.anchor.id,
      articleId: source.article.id,
      articleTitle: source.article.title,
      sectionNumber: source.anchor.section.number,
      sectionTitle: source.anchor.section.title,
      page: source.anchor.page,
    };
  };
  /** An LLM's `[n]` points at source n's sentence closest to the claim: in one of the source's contexts, maybe not its best hit. */
  const citedFromSource = (n: number) => {
    const source = expectedSources()[n - 1];
    const passage = result.passages.find((p) => p.text === source.text);
    const ids = passage ? passage.contexts.map((c) => c.id) : [source.anchor.id];
    return expect.objectContaining({
      n,
      articleId: source.article.id,
      articleTitle: source.article.title,
      contextId: expect.stringMatching(new RegExp(`^(${ids.join('|')})$`)),
    });
  };
  const promptOf = () => requestsOf(replay, 'answer')[0].messages;
  /**
   * A citation names the sentence it rests on, and its span is where that sentence sits in the cited context; one whose
   * claim shares no word with its source has neither. At least the first has one.
   */
  const expectSentenceSpans = (citations: readonly Citation[]) => {
    expect(citations[0].quote).toBeDefined();
    for (const citation of citations) {
      if (citation.quote === undefined) {
        expect(citation.span).toBeUndefined();
        continue;
      }
      const context = fixture.corpus.contextNeighbourhood(citation.contextId, 0, 0)!.contexts[0];
      expect(context.text.slice(citation.span!.start, citation.span!.end).replace(/\s+/g, ' ')).toBe(citation.quote);
    }
  };

  it('numbers the sources [1]…[n] in rank order in the prompt and maps the [n] the answer uses to article, section and page', async () => {
    expect(result.passages.length).toBeGreaterThan(1);
    const answerText = 'Marine Group I crenarchaeota dominate the deep water [2]. Their amoA genes show it [1][3, 2]. See [99].';
    scriptTasks(replay, { answer: () => ({ content: answerText }) });
    const answer = await new AnswerComposer(replayLlm(replay)).answer(QUESTION, [], result);

    const [request] = requestsOf(replay, 'answer');
    expect(request.model).toBe(LARGE_MODEL);
    expect(request.messages[0].content).toMatch(/Cite the source of every claim with its number in square brackets/);
    expect(request.messages[0].content).toContain(NO_ANSWER_TEXT);
    const user = request.messages[1].content!;
    expect(user.endsWith(`Question: ${QUESTION}`)).toBe(true);
    const sources = expectedSources();
    let previous = -1;
    sources.forEach((source, i) => {
      const at = user.indexOf(`[${i + 1}] ${source.article.title} — `);
      expect(at).toBeGreaterThan(previous);
      expect(user.indexOf(source.text, at)).toBeGreaterThan(at);
      previous = at;
    });
    expect(user).not.toContain(`[${sources.length + 1}] `);

    expect(answer).toMatchObject({ answer: answerText, citations: [2, 1, 3].map(citedFromSource), llm: true });
    expectSentenceSpans(answer.citations);
  });

  it('puts sources in rank order only until the token budget is spent', async () => {
    scriptTasks(replay, { answer: () => ({ content: 'Crenarchaeota [1] and [2].' }) });
    const answer = await new AnswerComposer(replayLlm(replay), { sourceTokens: 1200 }).answer(QUESTION, [], result);
    const user = promptOf()[1].content!;
    const numbered = [...user.matchAll(/^\[(\d+)\] /gm)].map((m) => Number(m[1]));
    expect(numbered.length).toBeGreaterThan(0);
    expect(numbered.length).toBeLessThan(expectedSources().length);
    expect(numbered).toEqual(numbered.map((_, i) => i + 1));
    // A marker beyond the sources that were sent is not a citation.
    expect(answer.citations.map((c) => c.n)).toEqual([1, 2].filter((n) => n <= numbered.length));
  });

  it('always sends the best source, cut down to its hit, when even it exceeds the budget', async () => {
    scriptTasks(replay, { answer: () => ({ content: 'Crenarchaeota [1].' }) });
    const answer = await new AnswerComposer(replayLlm(replay), { sourceTokens: 20 }).answer(QUESTION, [], result);
    const user = promptOf()[1].content!;
    expect([...user.matchAll(/^\[(\d+)\] /gm)].map((m) => m[1])).toEqual(['1']);
    const hit = result.passages[0].contexts.find((c) => c.id === result.passages[0].hitContextIds[0])!;
    expect(user).toContain(hit.text.slice(0, 80));
    expect(user).not.toContain(hit.text.slice(0, 200));
    expect(answer.citations).toMatchObject([citationOfSource(1)]);
  });

  it('sends the recent conversation, dropping the oldest turns first to fit the history budget', async () => {
    scriptTasks(replay, { answer: () => ({ content: 'Yes [1].' }) });
    const history: ChatMessage[] = Array.from({ length: 10 }, (_, i) => ({
      role: i % 2 === 0 ? 'user' : 'assistant',
      content: `turn ${i} ${'about marine archaea '.repeat(i === 9 ? 1 : 40)}`,
    }));
    await new AnswerComposer(replayLlm(replay), { historyMessages: 4, historyTokens: 400 }).answer(QUESTION, history, result);
    const sent = promptOf().map((m) => m.content!.slice(0, 7));
    // Turns 6-9 are the 4 most recent; turn 6 + 7 (one user turn and its reply) no longer fit beside 8 + 9.
    expect(sent).toEqual([expect.any(String), 'turn 8 ', 'turn 9 ', 'Sources']);
    expect(promptOf()[0].role).toBe('system');
  });

  it('streams tokens, each citation right after the token that completes its marker, and the answer last', async () => {
    const answerText = 'Group I crenarchaeota dominate [2] below 200 m, as amoA copies show [1][2].';
    scriptTasks(replay, { answer: () => ({ content: answerText }) });
    const events: AnswerEvent[] = [];
    for await (const event of new AnswerComposer(replayLlm(replay)).answerStream(QUESTION, [], result)) events.push(event);

    const done = events[events.length - 1];
    expect(done.type).toBe('done');
    expect(events.filter((e) => e.type === 'done')).toHaveLength(1);
    const tokens = events.filter((e): e is Extract<AnswerEvent, { type: 'token' }> => e.type === 'token');
    expect(tokens.length).toBeGreaterThan(3);
    expect(tokens.map((t) => t.text).join('')).toBe(answerText);
    const citations = events.flatMap((e) => (e.type === 'citation' ? [e.citation] : []));
    expect(citations).toEqual([citedFromSource(2), citedFromSource(1)]);
    expectSentenceSpans(citations);
    expect(done.type === 'done' && done.answer).toEqual({ answer: answerText, citations, llm: true, evidence: expect.any(Object) });
    // Each citation comes right after the token that completed its marker: not before, not later.
    events.forEach((event, i) => {
      if (event.type !== 'citation') return;
      const tokensBefore = events.slice(0, i).flatMap((e) => (e.type === 'token' ? [e.text] : []));
      expect(events[i - 1].type === 'token' || events[i - 1].type === 'citation').toBe(true);
      expect(citedNumbers(tokensBefore.join(''), 10)).toContain(event.citation.n);
      expect(citedNumbers(tokensBefore.slice(0, -1).join(''), 10)).not.toContain(event.citation.n);
    });
  });

  it('ends a stream the LLM broke off with the partial answer and a notice, not an extractive answer', async () => {
    scriptTasks(replay, { answer: () => ({ content: 'Group I crenarchaeota [1] dominate the deep water below the euphotic zone.' }) });
    const events: AnswerEvent[] = [];
    for await (const event of new AnswerComposer(breakingAfter(replayLlm(replay), 4)).answerStream(QUESTION, [], result))
      events.push(event);
    const streamed = events.flatMap((e) => (e.type === 'token' ? [e.text] : [])).join('');
    expect(events.filter((e) => e.type === 'token')).toHaveLength(4);
    expect('Group I crenarchaeota [1] dominate the deep water below the euphotic zone.'.startsWith(streamed)).toBe(true);
    const done = events[events.length - 1];
    expect(done).toMatchObject({
      type: 'done',
      answer: {
        answer: streamed.trim(),
        citations: citedNumbers(streamed, 9).map(citedFromSource),
        llm: true,
        notice: NOTICE_LLM_STOPPED,
      },
    });
  });

  it('says the sources do not contain an answer, without calling the LLM, when retrieval found nothing', async () => {
    const composer = new AnswerComposer(replayLlm(replay));
    const empty = { hits: [], passages: [] };
    expect(await composer.answer(QUESTION, [], empty)).toEqual({ answer: NO_ANSWER_TEXT, citations: [], llm: false });
    const events: AnswerEvent[] = [];
    for await (const event of composer.answerStream(QUESTION, [], empty)) events.push(event);
    expect(events).toEqual([
      { type: 'token', text: NO_ANSWER_TEXT },
      { type: 'done', answer: { answer: NO_ANSWER_TEXT, citations: [], llm: false } },
    ]);
    expect(replay.requests).toEqual([]);
  });

  it('says so too when the relevance filter dropped every hit', async () => {
    const llm = replayLlm(replay);
    scriptTasks(replay, { judge: () => ({ content: '{"relevant": false}' }) });
    const filtering = new RetrievalPipeline({ search: new SearchService(fixture.corpus, fixture.embedder), corpus: fixture.corpus, llm });
    const nothing = await filtering.retrieve('What temperature should sourdough proof at?', { k: 5, filter: true, expand: 'parent' });
    const answer = await new AnswerComposer(llm).answer('What temperature should sourdough proof at?', [], nothing);
    expect(answer.answer).toBe(NO_ANSWER_TEXT);
    expect(requestsOf(replay, 'judge')).toHaveLength(5);
    expect(requestsOf(replay, 'answer')).toHaveLength(0);
  });

  it('passes on the LLM saying the sources do not answer, with no citations', async () => {
    scriptTasks(replay, { answer: () => ({ content: NO_ANSWER_TEXT }) });
    // Asked with the question's own terms, so the evidence gate lets it through to the model, which declines.
    expect(await new AnswerComposer(replayLlm(replay)).answer(QUESTION, [], result)).toMatchObject({
      answer: NO_ANSWER_TEXT,
      citations: [],
      llm: true,
    });
    expect(requestsOf(replay, 'answer')).toHaveLength(1);
  });

  it("without an LLM answers with 1–3 cited sentences, about 60 words, of the best sources that share the question's terms", async () => {
    const answer = await new AnswerComposer(null).answer(QUESTION, [], result);
    expect(answer.llm).toBe(false);
    expect(answer.notice).toBe(NOTICE_NO_LLM);
    expect(answer.citations.length).toBeGreaterThanOrEqual(1);
    expect(answer.citations.length).toBeLessThanOrEqual(3);
    expect(answer.citations.map((c) => c.n)).toEqual(answer.citations.map((_, i) => i + 1));
    expect(answer.answer).toBe(answer.citations.map((c) => withMarker(withoutCitationBrackets(c.quote!), c.n)).join(' '));
    if (answer.citations.length > 1) expect(answer.answer.split(/\s+/).length).toBeLessThanOrEqual(DEFAULT_ANSWER_WORDS + 3);
    expectSentenceSpans(answer.citations);
    for (const citation of answer.citations) {
      const sentence = citation.quote!;
      const context = fixture.corpus.contextNeighbourhood(citation.contextId, 0, 0)!.contexts[0];
      // Quoted verbatim from the cited context, which sits at the cited page and section.
      expect(context.text.slice(citation.span!.start, citation.span!.end).replace(/\s+/g, ' ')).toBe(sentence);
      expect(citation).toMatchObject({ page: context.page, sectionNumber: context.sectionNumber, sectionTitle: context.sectionTitle });
      expect(sentence).toMatch(/archaea|ammonia|South China Sea|deep|water|dominat/i);
      // Bibliography entries share the keywords but answer nothing.
      expect(citation.sectionNumber).not.toBe('ref');
    }
    expect(replay.requests).toEqual([]);
  });

  it('falls back to the extractive answer, saying the LLM was unreachable, when the LLM is down', async () => {
    replay.setFault({ kind: 'status', status: 503 });
    const composer = new AnswerComposer(replayLlm(replay));
    const extractive = await new AnswerComposer(null).answer(QUESTION, [], result);
    const answer = await composer.answer(QUESTION, [], result);
    expect(answer).toEqual({ ...extractive, notice: NOTICE_LLM_DOWN });

    const events: AnswerEvent[] = [];
    for await (const event of composer.answerStream(QUESTION, [], result)) events.push(event);
    expect(events).toEqual([
      { type: 'token', text: extractive.answer },
      ...extractive.citations.map((citation) => ({ type: 'citation', citation })),
      { type: 'done', answer: { ...extractive, notice: NOTICE_LLM_DOWN } },
    ]);
    expect(replay.requests.length).toBeGreaterThanOrEqual(2);
  });

  it('without an LLM says the sources do not answer when no sentence shares a term with the question', async () => {
    const answer = await new AnswerComposer(null).answer('Quelle heure est-il à Tokyo ?', [], result);
    expect(answer).toMatchObject({ answer: NO_ANSWER_TEXT, citations: [], llm: false });
    expect(answer.notice).toBeUndefined();
  });

  it("without an LLM says the sources do not answer when they hold under half of the question's terms", async () => {
    // "water" occurs in the sources; "boiling", "zebra", "marmalade" do not: at most 2 of 5 terms.
    const answer = await new AnswerComposer(null).answer('What is the boiling point of zebra marmalade in water?', [], result);
    expect(answer).toMatchObject({ answer: NO_ANSWER_TEXT, citations: [], llm: false });
    expect(answer.notice).toBeUndefined();
    expect(answer.evidence!.score).toBeLessThan(ABSTAIN_BELOW_EVIDENCE);
  });

  it("keeps a quoted sentence's own references out of the [n] citation brackets", () => {
    expect(withoutCitationBrackets('CMS [2] and ATLAS [3, 4] agree, unlike [5–7]; see Fig. 2.')).toBe(
      'CMS (ref. 2) and ATLAS (ref. 3, 4) agree, unlike (ref. 5–7); see Fig. 2.',
    );
  });
});
