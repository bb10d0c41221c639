import type { AnswerSource } from './answer-sources';
import type { AnswerSourcesInput } from './answer.types';
import { evidenceFeatures, type EvidenceContext, type EvidenceFeatures } from './evidence-features';
import { weightedQuestionTerms, type TermWeights } from './sentence-scorer';

/**
 * How strongly the sources bear on the question: one score from the features of evidence-features.ts. A question
 * about a paper that is not in the project shares its common words with many contexts, but seldom its rare ones
 * within one sentence, and the search does not settle on one paper for it.
 */
export interface Evidence extends EvidenceFeatures {
  /** 0..1, the model's probability that the sources answer the question; 0 when there is no source or no content word. */
  score: number;
}

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

/** The model's score for some features. */
export function evidenceScore(features: Pick<EvidenceFeatures, EvidenceFeature>): number {
  const z = EVIDENCE_FEATURES.reduce<number>((sum, name) => sum + EVIDENCE_MODEL.weights[name] * features[name], EVIDENCE_MODEL.intercept);
  return 1 / (1 + Math.exp(-z));
}

/**
 * The question's evidence (its terms weighted by the corpus's idf, `termWeights`), over every context retrieved (hits
 * in rank order, then passages' other contexts), whether or not the prompt's token budget takes it. Sources (an
 * array) count in their order.
 */
export function evidenceOf(
  question: string,
  termWeights: TermWeights | undefined,
  input: AnswerSourcesInput | readonly AnswerSource[],
): Evidence {
  const features = evidenceFeatures(question, weightedQuestionTerms(question, termWeights), contextsOf(input));
  return { ...features, score: features.contextId === null ? 0 : evidenceScore(features) };
}

export function isTooWeak(evidence: Evidence, threshold = ABSTAIN_BELOW_EVIDENCE): boolean {
  return evidence.score < threshold;
}

function contextsOf(input: AnswerSourcesInput | readonly AnswerSource[]): EvidenceContext[] {
  const contexts: EvidenceContext[] = [];
  const seen = new Set<string>();
  const add = (context: EvidenceContext) => {
    if (seen.has(context.id)) return;
    seen.add(context.id);
    contexts.push(context);
  };
  const from = (c: { id: string; text: string; section: { title: string } }, article: { id: string; title: string }) =>
    add({ id: c.id, text: c.text, sectionTitle: c.section.title, articleId: article.id, articleTitle: article.title });
  if (Array.isArray(input)) {
    for (const source of input as readonly AnswerSource[]) for (const c of source.contexts) from(c, source.article);
    return contexts;
  }
  const result = input as AnswerSourcesInput;
  for (const hit of result.hits) from({ id: hit.contextId, text: hit.text, section: hit.section }, hit.article);
  for (const passage of result.passages) for (const c of passage.contexts) from(c, passage.article);
  return contexts;
}
