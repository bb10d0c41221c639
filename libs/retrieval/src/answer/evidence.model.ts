/** The lexical evidence model and its threshold: constants, apart so that evidence-reranked.ts can build on them. */

/**
 * A logistic model of "the sources answer it" over EVIDENCE_FEATURES, fitted on the dev half of the COVID-QA dev
 * construction (articles split in two; `npm run eval -- --answers` refits it there and prints the fit).
 */
export const EVIDENCE_MODEL: { intercept: number; weights: Record<EvidenceFeature, number> } = {
  intercept: -6.322,
  weights: { sentence: 3.628, article: 2.613, agreement: 2.19, unique: 1.354 },
};

export type EvidenceFeature = 'sentence' | 'article' | 'agreement' | 'unique';
export const EVIDENCE_FEATURES: readonly EvidenceFeature[] = ['sentence', 'article', 'agreement', 'unique'];

/**
 * Below this score the answer is "the sources don't say", in chat, `lectern ask`, explore and MCP alike. Chosen on
 * the dev half of the COVID-QA dev construction across its articles (bench/eval/article-calibration.ts: out-of-fold
 * scores, wrongful refusals ≤ 5% on 80% of article resamples), so that it holds on articles it was not chosen on;
 * bench/RESULTS.md, "Answer evaluation", reports it on the held-out half.
 */
export const ABSTAIN_BELOW_EVIDENCE = 0.23;

/** A logistic model's probability for some features: the intercept plus each named feature times its weight. */
export function logisticScore<F extends string>(
  names: readonly F[],
  model: { intercept: number; weights: Record<F, number> },
  features: Record<F, number>,
): number {
  const z = names.reduce<number>((sum, name) => sum + model.weights[name] * features[name], model.intercept);
  return 1 / (1 + Math.exp(-z));
}
