import type { AnswerSource } from './answer-sources';
import type { AnswerSourcesInput } from './answer.types';
import { evidenceFeatures, type EvidenceContext, type EvidenceFeatures } from './evidence-features';
import { weightedQuestionTerms, type TermWeights } from './sentence-scorer';
import { ABSTAIN_BELOW_EVIDENCE, EVIDENCE_FEATURES, EVIDENCE_MODEL, logisticScore, type EvidenceFeature } from './evidence.model';
import {
  ABSTAIN_BELOW_RERANKED_EVIDENCE,
  crossEncoderFeatures,
  rerankedEvidenceScore,
  type CrossEncoderEvidence,
} from './evidence-reranked';

export { ABSTAIN_BELOW_EVIDENCE, EVIDENCE_FEATURES, EVIDENCE_MODEL, type EvidenceFeature };

/**
 * How strongly the sources bear on the question: one score from the features of evidence-features.ts. A question
 * about a paper that is not in the project shares its common words with many contexts, but seldom its rare ones
 * within one sentence, and the search does not settle on one paper for it.
 */
export interface Evidence extends EvidenceFeatures {
  /** 0..1, the model's probability that the sources answer the question; 0 when there is no source or no content word. */
  score: number;
  /**
   * Present when a cross-encoder scored the hits: then `score` is evidence-reranked.ts's model, which adds the
   * cross-encoder's features to the lexical ones, and abstention uses its threshold.
   */
  crossEncoder?: CrossEncoderEvidence;
}

/** The model's score for some features. */
export function evidenceScore(features: Pick<EvidenceFeatures, EvidenceFeature>): number {
  return logisticScore(EVIDENCE_FEATURES, EVIDENCE_MODEL, features);
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
  if (features.contextId === null) return { ...features, score: 0 };
  const lexicalScore = evidenceScore(features);
  const crossEncoder = Array.isArray(input) ? null : crossEncoderFeatures(input as AnswerSourcesInput);
  if (!crossEncoder) return { ...features, score: lexicalScore };
  return { ...features, score: rerankedEvidenceScore({ ...features, ...crossEncoder }), crossEncoder: { ...crossEncoder, lexicalScore } };
}

/** The threshold abstention uses for this evidence when the caller sets none: the reranked model's has its own. */
export function abstentionThreshold(evidence: Evidence): number {
  return evidence.crossEncoder ? ABSTAIN_BELOW_RERANKED_EVIDENCE : ABSTAIN_BELOW_EVIDENCE;
}

export function isTooWeak(evidence: Evidence, threshold = abstentionThreshold(evidence)): boolean {
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
