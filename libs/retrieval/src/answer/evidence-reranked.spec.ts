/**
 * @jest-environment <rootDir>/libs/embeddings/src/testing/onnx.jest-environment.js
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { RetrievalPipeline, type RetrievedHit } from '../retrieval.pipeline';
import { CROSS_ENCODER_MODEL, CrossEncoderReranker } from '../rerank/cross-encoder.reranker';
import { SearchService } from '../search.service';
import { buildArticleCorpus, type ArticleCorpus } from '../testing/article-corpus.fixture';
import { buildTinyCrossEncoder, tinyCrossEncoderScore } from '../testing/tiny-cross-encoder.fixture';
import { AnswerComposer } from './answer.composer';
import { NO_ANSWER_TEXT, type Answer } from './answer.types';
import { abstentionThreshold, evidenceOf, isTooWeak } from './evidence';
import { ABSTAIN_BELOW_RERANKED_EVIDENCE, crossEncoderFeatures, RERANKED_EVIDENCE_MODEL, rerankedEvidenceScore } from './evidence-reranked';

const hit = (contextId: string, text: string, rerankScore?: number): RetrievedHit => ({
  contextId,
  text,
  score: 1,
  page: 1,
  kind: 'text',
  box: null,
  article: { id: 'A', title: 'Paper A' },
  section: { id: `s-${contextId}`, number: '1', title: 'Results' },
  ...(rerankScore === undefined ? {} : { rerankScore }),
});

describe(crossEncoderFeatures.name, () => {
  it('reads the best hit scored by a cross-encoder, as a logit clipped to ±10 over 10', () => {
    const features = crossEncoderFeatures({
      hits: [hit('a', 'x', 0.5), hit('b', 'y', 0.9), hit('c', 'z')],
      used: { reranker: 'cross-encoder' },
    });
    expect(features?.best).toBe(0.9);
    expect(features?.crossEncoder).toBeCloseTo(Math.log(9) / 10);
    expect(crossEncoderFeatures({ hits: [hit('a', 'x', 0)], used: { reranker: 'cross-encoder' } })?.crossEncoder).toBe(-1);
  });

  it('gives nothing without a cross-encoder: reranking off, the LLM reranker, or no hit scored', () => {
    expect(crossEncoderFeatures({ hits: [hit('a', 'x', 0.9)] })).toBeNull();
    expect(crossEncoderFeatures({ hits: [hit('a', 'x', 0.9)], used: { reranker: 'off' } })).toBeNull();
    expect(crossEncoderFeatures({ hits: [hit('a', 'x', 0.9)], used: { reranker: 'llm' } })).toBeNull();
    expect(crossEncoderFeatures({ hits: [hit('a', 'x')], used: { reranker: 'cross-encoder' } })).toBeNull();
  });
});

describe(rerankedEvidenceScore.name, () => {
  const lexical = { sentence: 0.8, article: 0.7, agreement: 0.5, unique: 0.4 };

  it('scores with a model given in its place, as the eval does with the one it fits', () => {
    const model = {
      intercept: 0,
      weights: {
        ...RERANKED_EVIDENCE_MODEL.weights,
        sentence: 0,
        article: 0,
        agreement: 0,
        unique: 0,
        crossEncoder: 5,
      },
    };
    expect(rerankedEvidenceScore({ ...lexical, crossEncoder: 0.4 }, model)).toBeCloseTo(1 / (1 + Math.exp(-2)));
  });
});

describe(`${evidenceOf.name} with cross-encoder scores`, () => {
  const terms = new Map([
    ['incub', 3],
    ['period', 2],
    ['mer', 4],
  ]);
  const text = 'The incubation period of MERS was 5 days.';

  it('keeps the lexical score, and no cross-encoder part, when the hits were not reranked by one', () => {
    const plain = evidenceOf('incubation period MERS', terms, { hits: [hit('a', text)], passages: [] });
    const byLlm = evidenceOf('incubation period MERS', terms, { hits: [hit('a', text, 0.01)], passages: [], used: { reranker: 'llm' } });
    expect(plain.crossEncoder).toBeUndefined();
    expect(byLlm.crossEncoder).toBeUndefined();
    expect(byLlm.score).toBe(plain.score);
  });

  it('scores by the reranked model, with its threshold, when a cross-encoder reranked the hits', () => {
    const sources = { hits: [hit('a', text, 0.9)], passages: [] };
    const plain = evidenceOf('incubation period MERS', terms, sources);
    const reranked = evidenceOf('incubation period MERS', terms, { ...sources, used: { reranker: 'cross-encoder' as const } });
    expect(reranked.crossEncoder).toMatchObject({ best: 0.9, lexicalScore: plain.score });
    expect(reranked.crossEncoder?.crossEncoder).toBeCloseTo(Math.log(9) / 10);
    expect(reranked.score).toBe(rerankedEvidenceScore({ ...reranked, crossEncoder: reranked.crossEncoder!.crossEncoder }));
    expect(abstentionThreshold(reranked)).toBe(ABSTAIN_BELOW_RERANKED_EVIDENCE);
    expect(isTooWeak(reranked)).toBe(reranked.score < ABSTAIN_BELOW_RERANKED_EVIDENCE);
  });
});

/**
 * Through the real retrieval, the real (tiny) cross-encoder and the composer chat and `lectern ask` use. The tiny
 * model's logit is −2 + 3 per "dromedary" in the passage: it scores the incubation paper's passages 0.12 — below the
 * reranker's 0.2 drop point, so rerank drops them — and the reservoir paper's 0.73.
 */
describe('abstention with a cross-encoder reranking', () => {
  let fixture: ArticleCorpus;
  let modelsDir: string;
  let ask: (question: string, rerank?: boolean) => Promise<Answer>;

  beforeAll(async () => {
    modelsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-reranked-evidence-'));
    buildTinyCrossEncoder(modelsDir, CROSS_ENCODER_MODEL, ['dromedary']);
    fixture = await buildArticleCorpus([
      {
        title: 'Clinical features of imported coronavirus cases',
        sections: [
          { number: '2', title: 'Results', page: 2, paragraphs: ['The incubation period of MERS was 5 days in the imported cases.'] },
        ],
      },
      {
        title: 'Animal reservoirs of a zoonotic virus',
        sections: [
          { number: '3', title: 'Reservoir', page: 3, paragraphs: ['Dromedary camels are the reservoir host of the zoonotic virus.'] },
        ],
      },
    ]);
    const pipeline = new RetrievalPipeline({
      search: new SearchService(fixture.corpus, fixture.embedder),
      corpus: fixture.corpus,
      llm: null,
      rerankers: [new CrossEncoderReranker({ modelsDir, allowDownload: false })],
    });
    const composer = new AnswerComposer(null);
    ask = async (question, rerank = false) => composer.answer(question, [], await pipeline.retrieve(question, { mode: 'keyword', rerank }));
  });
  afterAll(() => {
    fixture.dispose();
    fs.rmSync(modelsDir, { recursive: true, force: true });
  });

  const LOW = 'What was the incubation period of MERS in the imported cases?';

  it('answers a question whose words the best passage holds when nothing reranks', async () => {
    const answer = await ask(LOW);
    expect(answer.answer).not.toBe(NO_ANSWER_TEXT);
    expect(answer.evidence?.crossEncoder).toBeUndefined();
    expect(answer.answer).toContain('5 days');
  });

  it('refuses it when the cross-encoder reranks, since the reranker drops every hit under its drop point', async () => {
    expect((await ask(LOW, true)).answer).toBe(NO_ANSWER_TEXT);
  });

  it('answers, reranked, a question whose best passage the cross-encoder scores high, its score in the evidence', async () => {
    const question = 'Which animals are the reservoir host of the zoonotic virus?';
    const reranked = await ask(question, true);
    expect(reranked.answer).toContain('Dromedary camels');
    const evidence = reranked.evidence!;
    expect(evidence.crossEncoder?.best).toBeCloseTo(tinyCrossEncoderScore(1), 5);
    expect(evidence.score).toBe(rerankedEvidenceScore({ ...evidence, crossEncoder: evidence.crossEncoder!.crossEncoder }));
    expect((await ask(question)).evidence?.crossEncoder).toBeUndefined();
  });
});
