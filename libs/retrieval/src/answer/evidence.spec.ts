import { ABSTAIN_BELOW_EVIDENCE, evidenceOf, evidenceScore, isTooWeak } from './evidence';
import { evidenceFeatures, type EvidenceContext } from './evidence-features';
import type { AnswerSourcesInput } from './answer.types';

const QUESTION = 'incubation period MERS';
const TERMS = new Map([
  ['incub', 3],
  ['period', 2],
  ['mer', 4],
]);

function context(id: string, articleId: string, text: string): EvidenceContext {
  return { id, text, sectionTitle: 'Results', articleId, articleTitle: `Paper ${articleId}` };
}

describe(evidenceFeatures.name, () => {
  it('scores the best sentence: terms together in one sentence cover more than the same terms spread over a context', () => {
    const together = evidenceFeatures(QUESTION, TERMS, [context('a', 'A', 'The incubation period of MERS was 5 days. Cases rose.')]);
    const spread = evidenceFeatures(QUESTION, TERMS, [context('b', 'B', 'The incubation of cases varied. MERS spread. The period ended.')]);
    expect(together.coverage).toBe(1);
    expect(spread.coverage).toBe(1);
    expect(together.sentence).toBe(1);
    expect(spread.sentence).toBeLessThan(0.5);
  });

  it('counts an article as covering what its retrieved contexts hold together', () => {
    const features = evidenceFeatures(QUESTION, TERMS, [
      context('a', 'A', 'The incubation period was short.'),
      context('b', 'A', 'MERS cases.'),
    ]);
    expect(features.coverage).toBeCloseTo(5 / 9);
    expect(features.article).toBe(1);
  });

  it('measures how far the first hits agree on one article and how many articles cover the question alike', () => {
    const contexts = ['A', 'A', 'B', 'A', 'C'].map((article, i) => context(`c${i}`, article, 'The incubation period of MERS.'));
    const features = evidenceFeatures(QUESTION, TERMS, contexts);
    // Three articles competed: both are scaled by 1 − 1/3.
    expect(features.agreement).toBeCloseTo((3 / 5) * (2 / 3));
    expect(features.unique).toBeCloseTo((1 / 3) * (2 / 3));
  });

  it('gives agreement and uniqueness half weight when a single article is all there is, as with two', () => {
    const alone = evidenceFeatures(QUESTION, TERMS, [context('a', 'A', 'The incubation period of MERS.'), context('b', 'A', 'MERS.')]);
    expect(alone.agreement).toBe(0.5);
    expect(alone.unique).toBe(0.5);
    expect(alone.sentence).toBe(1);
  });

  it("does not count, in the best sentence, a word that only shares the question word's porter stem", () => {
    const terms = new Map([
      ['capit', 2],
      ['franc', 6],
    ]);
    const features = evidenceFeatures('What is the capital of France?', terms, [context('a', 'A', 'Named entities are capitalized.')]);
    expect(features.coverage).toBeCloseTo(2 / 8);
    expect(features.sentence).toBe(0);
  });

  it('gives no evidence without a context or a question term', () => {
    expect(evidenceFeatures(QUESTION, TERMS, []).contextId).toBeNull();
    expect(evidenceFeatures('', new Map(), [context('a', 'A', 'text')]).coverage).toBe(0);
  });
});

describe(evidenceOf.name, () => {
  const hit = (contextId: string, articleId: string, text: string) => ({
    contextId,
    text,
    score: 1,
    page: 1,
    kind: 'text' as const,
    box: null,
    article: { id: articleId, title: `Paper ${articleId}` },
    section: { id: `s-${contextId}`, number: '1', title: 'Results' },
  });
  const input = (hits: ReturnType<typeof hit>[]): AnswerSourcesInput => ({ hits, passages: [] });

  it('answers when one paper holds the question in one sentence, and abstains when the papers only share a word', () => {
    const answered = evidenceOf(QUESTION, TERMS, input([hit('a', 'A', 'The incubation period of MERS was 5 days.')]));
    const offTopic = evidenceOf(
      QUESTION,
      TERMS,
      input([hit('b', 'B', 'MERS was reported in Jeddah.'), hit('c', 'C', 'MERS camels.'), hit('d', 'D', 'A period of rain.')]),
    );
    expect(answered.contextId).toBe('a');
    expect(isTooWeak(answered)).toBe(false);
    expect(isTooWeak(offTopic)).toBe(true);
    expect(offTopic.score).toBeLessThan(ABSTAIN_BELOW_EVIDENCE);
  });

  it('scores 0 without sources', () => {
    expect(evidenceOf(QUESTION, TERMS, input([])).score).toBe(0);
  });
});

describe(evidenceScore.name, () => {
  it('rises with each feature', () => {
    const base = { sentence: 0.5, article: 0.5, agreement: 0.5, unique: 0.5 };
    for (const name of ['sentence', 'article', 'agreement', 'unique'] as const) {
      expect(evidenceScore({ ...base, [name]: 0.9 })).toBeGreaterThan(evidenceScore(base));
    }
  });
});
