import type { SentenceModel } from './sentence-features';

/**
 * The extractive ranker's logistic model: P(a sentence holds the gold answer, or its start). Fitted by
 * bench/eval/sentence-ranker-fit.ts on the tuning half of the COVID-QA dev construction (questions about
 * even-indexed ingested articles) only; regenerate with `node dist/bench/eval/sentence-ranker-fit.js --write`.
 */
export const SENTENCE_MODEL: SentenceModel = {
  intercept: -4.3411,
  coefficients: {
    score: 0.2897,
    titled: 0.3274,
    coverage: 0.3108,
    shape: -0.0426,
    definition: 0.5172,
    fragment: 0.0315,
    enumeration: 0.4111,
    background: 0,
    anaphor: -0.3394,
    proximity: 0.547,
    context: 0.4419,
    previousCoverage: -0.108,
    nextCoverage: -0.2177,
    pairs: 0.8021,
    rankPrior: 0.8106,
    anchor: 0,
    first: -0.4011,
    position: 0.0073,
    logWords: 0.041,
    digits: 0.321,
    novelty: -1.3748,
    headingNamed: -0.1075,
    rarest: -0.1573,
    scoreGap: 0.6416,
    titledGap: 0.5702,
    handRank: 2.4586,
    articleShare: 0.0087,
    articleFirst: 0.2043,
    articleCoverage: -0.136,
  },
};
