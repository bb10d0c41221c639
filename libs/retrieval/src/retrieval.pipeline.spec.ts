import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startOpenAiReplay, type OpenAiReplay } from '../../../test/replay/openai.replay-server';
import { InvalidSearchError } from './errors';
import { reciprocalRankFusion } from './reciprocal-rank-fusion';
import { questionTermWeights, rankByStructure } from './structure-rank';
import { CROSS_ENCODER_MODEL, CrossEncoderReranker } from './rerank/cross-encoder.reranker';
import { LlmReranker } from './rerank/llm.reranker';
import { selectRerankers } from './rerank/rerank';
import { RetrievalPipeline } from './retrieval.pipeline';
import { SearchService, type SearchHit } from './search.service';
import { buildPdfCorpus, type PdfCorpus } from './testing/pdf-corpus.fixture';
import { passageOf, replayLlm, requestsOf, scriptTasks, SMALL_MODEL } from './testing/replay-llm.fixture';

const QUESTION = 'Which ammonia-oxidizing archaea dominate the deep water of the South China Sea?';
const VARIANTS = [
  'marine group I crenarchaeota amoA gene abundance with depth South China Sea',
  'dense passage retrieval dual encoder question answering',
  'Thaumarchaeota niche partitioning bathypelagic water column',
];
const isArchaeal = (text: string) => /archae/i.test(text);

describe(RetrievalPipeline.name, () => {
  let fixture: PdfCorpus;
  let search: SearchService;
  let replay: OpenAiReplay;

  beforeAll(async () => {
    fixture = await buildPdfCorpus(['aem-2011-hu-crenarchaeota.pdf', 'dpr-2004.04906-2p.pdf', 'arxiv-1912.10667.pdf']);
    search = new SearchService(fixture.corpus, fixture.embedder);
  });
  afterAll(() => fixture.dispose());
  beforeEach(async () => {
    replay = await startOpenAiReplay();
  });
  afterEach(() => replay.close());

  const pipeline = (withLlm = true) => {
    const llm = withLlm ? replayLlm(replay) : null;
    return new RetrievalPipeline({ search, corpus: fixture.corpus, llm, rerankers: llm ? [new LlmReranker(llm)] : [] });
  };
  const ids = (hits: Array<{ contextId: string }>) => hits.map((hit) => hit.contextId);
  /** Search as the pipeline starts from it: the hits in structural order (headings naming the question up, references down). */
  const structured = <T extends SearchHit>(query: string, hits: T[]) =>
    rankByStructure(query, hits, questionTermWeights(fixture.corpus, query));
  const ranked = async (query: string, options: { k: number }) => structured(query, await search.search(query, options));

  it('without options is hybrid search in structural order, with no LLM call', async () => {
    const result = await pipeline().retrieve(QUESTION, { k: 20 });
    expect(result.hits).toEqual(await ranked(QUESTION, { k: 20 }));
    expect(result).toMatchObject({ query: QUESTION, passages: [], notes: [] });
    expect(result.used).toEqual({ mode: 'hybrid', expand: 'none', multiQuery: null, filter: null, reranker: 'off' });
    expect(replay.requests).toEqual([]);
  });

  it('multi-query: the small model writes variants, each is searched, and the rankings are fused by RRF', async () => {
    scriptTasks(replay, { variants: () => ({ content: JSON.stringify({ queries: [...VARIANTS, QUESTION, ''] }) }) });
    const result = await pipeline().retrieve(QUESTION, { mode: 'hybrid', k: 15, multiQuery: { n: 3 } });

    const [request] = requestsOf(replay, 'variants');
    expect(request.model).toBe(SMALL_MODEL);
    expect(request.response_format).toEqual({ type: 'json_object' });
    expect(request.messages[1].content).toBe(QUESTION);
    expect(result.used.multiQuery).toEqual(VARIANTS);
    const rankings = await Promise.all([QUESTION, ...VARIANTS].map((q) => search.search(q, { k: 15 })));
    expect(ids(result.hits)).toEqual(ids(structured(QUESTION, reciprocalRankFusion(rankings).slice(0, 15))));
    // The DPR variant brings in a paper the question alone does not reach.
    expect(rankings[0].some((hit) => /Dense Passage/i.test(hit.article.title))).toBe(false);
    expect(result.hits.some((hit) => /Dense Passage/i.test(hit.article.title))).toBe(true);
    expect(result.notes).toEqual([]);
  });

  it.each([
    ['is unreachable', { status: 503 }, /LlmUnavailableError/],
    ['answers without JSON', { content: 'Sure! Here are some queries: archaea, depth.' }, /LlmOutputError/],
    ['answers JSON of the wrong shape', { content: '{"variants": ["a"]}' }, /LlmOutputError/],
  ])('multi-query falls back to the original query when the LLM %s', async (_, reply, error) => {
    scriptTasks(replay, { variants: () => reply });
    const result = await pipeline().retrieve(QUESTION, { k: 10, multiQuery: true });
    expect(result.hits).toEqual(await ranked(QUESTION, { k: 10 }));
    expect(result.used.multiQuery).toBeNull();
    expect(result.notes).toHaveLength(1);
    expect(result.notes[0]).toMatch(/^multi-query failed \(/);
    expect(result.notes[0]).toMatch(error);
    expect(result.notes[0]).toMatch(/searched the original query only$/);
  });

  it('filter: the small model judges every hit and only a clear "not relevant" drops one, order kept', async () => {
    let inFlight = 0;
    let peak = 0;
    scriptTasks(replay, {
      judge: async (request) => {
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 10));
        inFlight -= 1;
        return { content: JSON.stringify({ relevant: isArchaeal(passageOf(request)) }) };
      },
    });
    const unfiltered = await ranked(QUESTION, { k: 24 });
    const result = await pipeline().retrieve(QUESTION, { k: 24, filter: { concurrency: 3 } });

    const judged = requestsOf(replay, 'judge');
    expect(judged).toHaveLength(24);
    expect(judged.every((r) => r.model === SMALL_MODEL && r.messages[1].content?.startsWith(`Question: ${QUESTION}`))).toBe(true);
    expect(peak).toBe(3);
    const expected = unfiltered.filter((hit) => isArchaeal(hit.text));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(24);
    expect(ids(result.hits)).toEqual(ids(expected));
    expect(result.used.filter).toEqual({ kept: expected.length, dropped: 24 - expected.length, unjudged: 0 });
  });

  it('filter keeps a hit whose judge times out or answers something that is not the verdict', async () => {
    const unfiltered = await ranked(QUESTION, { k: 8 });
    const [slow, babbling, broken] = unfiltered.map((hit) => hit.text.slice(0, 200));
    scriptTasks(replay, {
      judge: (request) => {
        const passage = passageOf(request);
        if (passage.includes(slow)) return { content: '{"relevant": false}', delayMs: 30_000 };
        if (passage.includes(babbling)) return { content: 'I think this passage is probably not relevant.' };
        if (passage.includes(broken)) return { status: 500 };
        return { content: '{"relevant": false}' };
      },
    });
    const result = await pipeline().retrieve(QUESTION, { k: 8, filter: { budgetMs: 1500 } });
    expect(ids(result.hits)).toEqual(ids(unfiltered.slice(0, 3)));
    expect(result.used.filter).toEqual({ kept: 3, dropped: 5, unjudged: 3 });
    expect(result.notes).toEqual(['the relevance filter could not judge 3 of 8 hits in time or at all; they were kept']);
  });

  it('LLM rerank: scores 0–10 become 0–1, hits below the threshold go, the rest are ordered by score', async () => {
    scriptTasks(replay, {
      rate: (request) => {
        const passage = passageOf(request);
        return { content: JSON.stringify({ score: isArchaeal(passage) ? (/amoA/.test(passage) ? 9 : 7) : 1 }) };
      },
    });
    const unranked = await ranked(QUESTION, { k: 20 });
    const result = await pipeline().retrieve(QUESTION, { k: 20, rerank: { threshold: 0.5 } });

    expect(requestsOf(replay, 'rate')).toHaveLength(20);
    expect(result.used.reranker).toBe('llm');
    const score = (text: string) => (isArchaeal(text) ? (/amoA/.test(text) ? 0.9 : 0.7) : 0.1);
    const expected = unranked
      .map((hit, index) => ({ hit, index, score: score(hit.text) }))
      .filter((s) => s.score >= 0.5)
      .sort((a, b) => b.score - a.score || a.index - b.index);
    expect(expected.some((s) => s.score === 0.9)).toBe(true);
    expect(ids(result.hits)).toEqual(expected.map((s) => s.hit.contextId));
    expect(result.hits.map((hit) => hit.rerankScore)).toEqual(expected.map((s) => s.score));
  });

  it('runs multi-query, fuse, rerank, filter, then expands the top 5 into passages', async () => {
    scriptTasks(replay, {
      variants: () => ({ content: JSON.stringify({ queries: VARIANTS.slice(0, 2) }) }),
      rate: (request) => ({ content: JSON.stringify({ score: isArchaeal(passageOf(request)) ? 8 : 3 }) }),
      judge: (request) => ({ content: JSON.stringify({ relevant: /amoA|crenarch/i.test(passageOf(request)) }) }),
    });
    const result = await pipeline().retrieve(QUESTION, { k: 12, multiQuery: { n: 2 }, rerank: true, filter: true, expand: 'parent' });

    const order = replay.requests.map((r) => (r.body.messages[0].content as string).split(' ').slice(0, 3).join(' '));
    const firstOf = (prefix: string) => order.indexOf(prefix);
    const lastOf = (prefix: string) => order.lastIndexOf(prefix);
    expect(lastOf('You write search')).toBeLessThan(firstOf('You rate how'));
    expect(lastOf('You rate how')).toBeLessThan(firstOf('You decide whether'));
    // The filter judged only what the reranker kept (all 12 score 3/10 or more).
    expect(requestsOf(replay, 'judge')).toHaveLength(12);
    expect(result.used).toEqual({
      mode: 'hybrid',
      expand: 'parent',
      multiQuery: VARIANTS.slice(0, 2),
      filter: { kept: result.hits.length, dropped: 12 - result.hits.length, unjudged: 0 },
      reranker: 'llm',
    });
    expect(result.hits.every((hit) => /amoA|crenarch/i.test(hit.text))).toBe(true);
    expect(result.passages.length).toBeGreaterThan(0);
    expect(result.passages.flatMap((p) => p.hitContextIds).sort()).toEqual(ids(result.hits.slice(0, 5)).sort());
    expect(result.passages[0].hitContextIds[0]).toBe(result.hits[0].contextId);
  });

  it('returns no hits and no passages when the filter drops everything', async () => {
    scriptTasks(replay, { judge: () => ({ content: '{"relevant": false}' }) });
    const result = await pipeline().retrieve('How do I bake sourdough bread?', { k: 6, filter: true, expand: 'parent' });
    expect(result).toMatchObject({ hits: [], passages: [], used: { filter: { kept: 0, dropped: 6, unjudged: 0 } } });
  });

  it('without an LLM skips multi-query, filter and LLM rerank with a note each, and still answers from search', async () => {
    const result = await pipeline(false).retrieve(QUESTION, { k: 10, multiQuery: true, filter: true, rerank: true, expand: 'parent' });
    expect(result.hits).toEqual(await ranked(QUESTION, { k: 10 }));
    expect(result.used).toEqual({ mode: 'hybrid', expand: 'parent', multiQuery: null, filter: null, reranker: 'off' });
    expect(result.notes).toEqual([
      'multi-query needs an LLM and none is configured; searched the original query only',
      'no reranker is available (no local cross-encoder model and no LLM); hits keep their search order',
      'the relevance filter needs an LLM and none is configured; no hit was filtered',
    ]);
    expect(result.passages.length).toBeGreaterThan(0);
  });

  it('falls back from a cross-encoder that will not load to the LLM reranker, saying why', async () => {
    const modelsDir = path.join(fixture.dir, 'models');
    const modelDir = path.join(modelsDir, ...CROSS_ENCODER_MODEL.split('/'));
    fs.mkdirSync(path.join(modelDir, 'onnx'), { recursive: true });
    fs.writeFileSync(path.join(modelDir, 'config.json'), '{"model_type": "bert"}');
    fs.writeFileSync(path.join(modelDir, 'tokenizer.json'), 'not a tokenizer');
    fs.writeFileSync(path.join(modelDir, 'onnx', 'model.onnx'), 'not a model');
    const llm = replayLlm(replay);
    const rerankers = selectRerankers({ modelsDir, allowDownload: false }, llm);
    expect(rerankers.map((r) => r.name)).toEqual(['cross-encoder', 'llm']);
    scriptTasks(replay, { rate: () => ({ content: '{"score": 6}' }) });

    const result = await new RetrievalPipeline({ search, corpus: fixture.corpus, llm, rerankers }).retrieve(QUESTION, {
      k: 5,
      rerank: true,
    });
    expect(result.used.reranker).toBe('llm');
    expect(result.hits.map((hit) => hit.rerankScore)).toEqual([0.6, 0.6, 0.6, 0.6, 0.6]);
    expect(result.notes).toHaveLength(1);
    expect(result.notes[0]).toMatch(/^cross-encoder reranker unavailable: cannot load the cross-encoder Xenova\/ms-marco-MiniLM-L-6-v2/);
  });

  it('rerank is off, with a note, when the LLM reranker cannot reach the LLM', async () => {
    replay.setFault({ kind: 'status', status: 503 });
    const result = await pipeline().retrieve(QUESTION, { k: 5, rerank: true });
    expect(result.hits).toEqual(await ranked(QUESTION, { k: 5 }));
    expect(result.used.reranker).toBe('off');
    expect(result.notes[0]).toMatch(/^llm reranker unavailable: the LLM reranker could not reach the LLM/);
  });

  it.each([
    [{ multiQuery: { n: 0 } }, /multiQuery.n must be an integer from 1 to 10, got 0/],
    [{ multiQuery: { n: 11 } }, /got 11/],
    [{ expand: 'child' }, /unknown expansion "child"; use parent or none/],
    [{ k: 0 }, /k must be an integer/],
  ])('refuses %j before calling the LLM', async (options, message) => {
    await expect(pipeline().retrieve(QUESTION, options as never)).rejects.toThrow(InvalidSearchError);
    await expect(pipeline().retrieve(QUESTION, options as never)).rejects.toThrow(message);
    expect(replay.requests).toEqual([]);
  });
});

describe(selectRerankers.name, () => {
  it('prefers a local cross-encoder, then the LLM, and offers none without either', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-models-'));
    try {
      expect(selectRerankers({ modelsDir: empty, allowDownload: false }, null)).toEqual([]);
      expect(new CrossEncoderReranker({ modelsDir: empty, allowDownload: false }).isAvailable()).toBe(false);
      expect(new CrossEncoderReranker({ modelsDir: empty, allowDownload: true }).isAvailable()).toBe(true);
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});
