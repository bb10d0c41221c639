import type { RetrievedHit } from '../retrieval.pipeline';
import type { RerankerName } from '../rerank/reranker';
import { ABSTAIN_BELOW_EVIDENCE, EVIDENCE_FEATURES, EVIDENCE_MODEL, logisticScore, type EvidenceFeature } from './evidence.model';

/**
 * Evidence when a cross-encoder reranked the hits (issue 19: abstention reads "the cross-encoder … when
 * configured"). Lexical evidence cannot tell a generic question from one a same-domain paper answers; a cross-encoder
 * reads question and passage together. Its best hit's score joins the lexical features in a second model with its own
 * threshold, used only then: without a cross-encoder, evidence.ts's lexical model decides alone, unchanged.
 */

/**
 * `crossEncoder`: the best hit's cross-encoder logit (clipped to ±10, over 10: −1..1); MS MARCO cross-encoders put
 * unrelated passages near −10 and answering ones above 0, and a logit is what a logistic model combines linearly.
 */
export type CrossEncoderFeature = 'crossEncoder';
export const CROSS_ENCODER_FEATURES: readonly CrossEncoderFeature[] = ['crossEncoder'];

export type RerankedEvidenceFeature = EvidenceFeature | CrossEncoderFeature;
export const RERANKED_EVIDENCE_FEATURES: readonly RerankedEvidenceFeature[] = [...EVIDENCE_FEATURES, ...CROSS_ENCODER_FEATURES];

const LOGIT_CLIP = 10;
const FEATURE_SCALE = 10;

/**
 * NOT MEASURED HERE: no cross-encoder weights exist on the machine this was built on, so this model was not fitted.
 * As shipped it is the lexical EVIDENCE_MODEL with the cross-encoder at weight 0, so the cross-encoder changes no
 * refusal: `rerank` drops every hit under its own 0.2 threshold (the only one a chat request or `ask` can set), and when
 * it drops them all the answer is the refusal; the kept hits' scores decide nothing. The weight is the slot an
 * operator's fit fills: `npm run eval -- --answers` with the model in MODELS_DIR prints the fit and the threshold to
 * paste here (bench/RESULTS.md, "Answer evaluation").
 */
export const RERANKED_EVIDENCE_MODEL: { intercept: number; weights: Record<RerankedEvidenceFeature, number> } = {
  intercept: EVIDENCE_MODEL.intercept,
  weights: { ...EVIDENCE_MODEL.weights, crossEncoder: 0 },
};

/** NOT MEASURED HERE, for the same reason: the lexical threshold. Replace it with the eval's "extractive + cross-encoder" calibration. */
export const ABSTAIN_BELOW_RERANKED_EVIDENCE = ABSTAIN_BELOW_EVIDENCE;

/** What the cross-encoder added to the evidence. */
export interface CrossEncoderEvidence extends Record<CrossEncoderFeature, number> {
  /** The best hit's cross-encoder score, 0..1. */
  best: number;
  /** The lexical model's score of the same sources, for comparison (what abstention would decide without it). */
  lexicalScore: number;
}

/** The hits and who reranked them: a RetrievalResult satisfies it. */
export interface RerankedSources {
  hits: readonly RetrievedHit[];
  used?: { reranker: RerankerName | 'off' };
}

/**
 * The cross-encoder features of the best scored hit, or null when no cross-encoder scored any (reranking off, the
 * LLM reranker — its 0–10 ratings are another scale, not calibrated here — or every hit unscored).
 */
export function crossEncoderFeatures(sources: RerankedSources): (Record<CrossEncoderFeature, number> & { best: number }) | null {
  if (sources.used?.reranker !== 'cross-encoder') return null;
  const scores = sources.hits.map((hit) => hit.rerankScore).filter((s): s is number => typeof s === 'number' && Number.isFinite(s));
  if (scores.length === 0) return null;
  const best = Math.max(...scores);
  const logit = Math.min(LOGIT_CLIP, Math.max(-LOGIT_CLIP, Math.log(best / (1 - best))));
  return { best, crossEncoder: logit / FEATURE_SCALE };
}

/** The reranked model's score for some features. */
export function rerankedEvidenceScore(features: Record<RerankedEvidenceFeature, number>, model = RERANKED_EVIDENCE_MODEL): number {
  return logisticScore(RERANKED_EVIDENCE_FEATURES, model, features);
}
