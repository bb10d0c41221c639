import type { AnswerOutcome } from '../bench/eval/answer-eval';
import { ARTICLE_CALIBRATION, articleFolds, calibrateAcrossArticles, outOfFoldScores } from '../bench/eval/article-calibration';

/** An outcome with the features all at `x` (the evidence model's score is taken from `score`). */
function outcome(documentKey: string, answerable: boolean, x: number, score = x): AnswerOutcome {
  return {
    answerable,
    documentKey,
    score,
    coverage: x,
    features: { sentence: x, article: x, agreement: x, unique: x },
    question: `${documentKey}?`,
    goldInAnswer: answerable,
    words: 10,
    citations: 1,
    citationsWithGold: answerable ? 1 : 0,
    refusedAnyway: false,
  };
}

describe(articleFolds.name, () => {
  it('deals each kind of article round the folds, one fold per article', () => {
    const items = [...'abcdef'].flatMap((key, i) => [outcome(key, i < 3, 0.5), outcome(key, i < 3, 0.6)]);
    const folds = articleFolds(items, 3);
    expect(new Set(['a', 'b', 'c'].map((k) => folds.get(k)))).toEqual(new Set([0, 1, 2]));
    expect(new Set(['d', 'e', 'f'].map((k) => folds.get(k)))).toEqual(new Set([0, 1, 2]));
  });
});

describe(outOfFoldScores.name, () => {
  it('scores every outcome by a model fitted without its article, higher for the answerable kind', () => {
    const items = Array.from({ length: 10 }, (_, a) =>
      Array.from({ length: 6 }, (_, q) => outcome(`art${a}`, a % 2 === 0, a % 2 === 0 ? 0.6 + q * 0.05 : 0.1 + q * 0.05)),
    ).flat();
    const scores = outOfFoldScores(items, 5);
    const mean = (answerable: boolean) => {
      const own = scores.filter((_, i) => items[i].answerable === answerable);
      return own.reduce((s, x) => s + x, 0) / own.length;
    };
    expect(mean(true)).toBeGreaterThan(mean(false));
  });
});

describe(calibrateAcrossArticles.name, () => {
  // 20 answerable articles of 10 questions; in each, question q scores q / 10: 10% of them score below 0.1, 20% below 0.2.
  const items = Array.from({ length: 20 }, (_, a) => Array.from({ length: 10 }, (_, q) => outcome(`a${a}`, true, q / 10 + 0.005))).flat();

  it('keeps wrongful refusals within the bound on the resamples', () => {
    const scores = items.map((o) => o.score);
    const t = calibrateAcrossArticles(items, scores, { ...ARTICLE_CALIBRATION, maxRefusals: 0.1 });
    expect(t).toBeCloseTo(0.1, 2);
  });

  it('chooses a lower threshold when one article fails all its questions than when failures are spread', () => {
    const spread = items.map((o) => o.score);
    // The same number of low scores, all in two articles: resamples that draw those articles twice exceed the bound.
    const clustered = items.map((o, i) => (i < 20 ? 0.005 : Math.max(0.105, o.score)));
    const bound = { ...ARTICLE_CALIBRATION, maxRefusals: 0.1 };
    expect(calibrateAcrossArticles(items, clustered, bound)).toBeLessThan(calibrateAcrossArticles(items, spread, bound));
  });
});
