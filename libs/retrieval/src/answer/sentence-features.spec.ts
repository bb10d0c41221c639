import { SENTENCE_FEATURES, sentenceLogit, sentenceProbability, type SentenceFeatures, type SentenceModel } from './sentence-features';
import { SENTENCE_MODEL } from './sentence-ranker.model';

const zero = (): SentenceFeatures => Object.fromEntries(SENTENCE_FEATURES.map((f) => [f, 0])) as SentenceFeatures;

describe(sentenceLogit.name, () => {
  it('adds each coefficient times its own feature to the intercept', () => {
    const model: SentenceModel = { intercept: -1, coefficients: { ...zero(), coverage: 2, novelty: -3 } };
    expect(sentenceLogit(model, { ...zero(), coverage: 0.5, novelty: 0.25, pairs: 9 })).toBeCloseTo(-1 + 1 - 0.75);
  });
});

describe(sentenceProbability.name, () => {
  it('gives the fitted model a coefficient for every feature and a probability between 0 and 1', () => {
    for (const name of SENTENCE_FEATURES) expect(Number.isFinite(SENTENCE_MODEL.coefficients[name])).toBe(true);
    const p = sentenceProbability(SENTENCE_MODEL, zero());
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(1);
  });

  it('makes a sentence likelier the answer when it holds more of the question, all else equal', () => {
    const weak = { ...zero(), score: 0.3, titled: 0.3, coverage: 0.3, proximity: 0.3 };
    const strong = { ...zero(), score: 0.9, titled: 0.9, coverage: 0.9, proximity: 0.9 };
    expect(sentenceProbability(SENTENCE_MODEL, strong)).toBeGreaterThan(sentenceProbability(SENTENCE_MODEL, weak));
  });
});
