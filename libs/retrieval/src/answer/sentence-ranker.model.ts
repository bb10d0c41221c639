import type { SentenceModel } from './sentence-features';

/**
 * The extractive ranker's logistic model: P(a sentence holds the gold answer, or its start). Fitted by
 * bench/eval/sentence-ranker-fit.ts on the tuning half of the COVID-QA dev construction (questions about
 * even-indexed ingested articles) only; regenerate with `node dist/bench/eval/sentence-ranker-fit.js --write`.
 */
export const SENTENCE_MODEL: SentenceModel = {
  intercept: -4.3121,
  coefficients: {
    score: 0.2858,
    titled: 0.3115,
    coverage: 0.3051,
    shape: -0.031,
    definition: 0.3431,
    fragment: -0.1192,
    enumeration: 0.4287,
    background: 0,
    anaphor: -0.3266,
    proximity: 0.5395,
    context: 0.4848,
    previousCoverage: -0.1119,
    nextCoverage: -0.2667,
    pairs: 0.726,
    rankPrior: 0.7902,
    anchor: 0,
    first: -0.4537,
    position: 0.0332,
    logWords: 0.0455,
    digits: 0.3438,
    novelty: -1.4385,
    headingNamed: -0.2504,
    rarest: -0.1403,
    scoreGap: 0.6412,
    titledGap: 0.5636,
    handRank: 2.4926,
    articleShare: 0.0091,
    articleFirst: 0.2024,
    articleCoverage: -0.1649,
  },
};
