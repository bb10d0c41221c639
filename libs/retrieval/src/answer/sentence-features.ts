/**
 * What the learned sentence ranker reads about one candidate sentence (all numbers, most 0..1). The fit
 * (bench/eval/sentence-ranker-fit.ts) and the ranker share this list, so a coefficient always meets its own feature.
 */
export const SENTENCE_FEATURES = [
  /** The hand-weighted scorer's score (scoreSentence): coverage, answer shape, heading, section. */
  'score',
  /** Rarity-weighted coverage of the question, the heading's words counted when it names the question. */
  'titled',
  /** Coverage by the sentence's own words (pronoun carry-over included). */
  'coverage',
  'shape',
  'definition',
  'fragment',
  'enumeration',
  'background',
  'anaphor',
  /** Best share of the question's weight within a short window of the sentence's words. */
  'proximity',
  /** Coverage by the whole context. */
  'context',
  'previousCoverage',
  'nextCoverage',
  /** Share of the question's adjacent word pairs held adjacent. */
  'pairs',
  /** 1 / (1 + the source's retrieval rank). */
  'rankPrior',
  /** The sentence sits in the context retrieval hit (not a neighbour the passage added). */
  'anchor',
  /** First sentence of its context. */
  'first',
  /** Position in its context, 0 (first) .. 1 (last). */
  'position',
  /** ln(words). */
  'logWords',
  'digits',
  /** Share of the sentence's content words the question does not hold: an answer says something new. */
  'novelty',
  /** The section heading names the question. */
  'headingNamed',
  /** The question's rarest term is in the sentence (or its heading). */
  'rarest',
  /** score minus the best score among the question's candidates (≤ 0). */
  'scoreGap',
  /** titled minus the best among the question's candidates (≤ 0). */
  'titledGap',
  /** 1 / (1 + rank by the hand-weighted ranker score). */
  'handRank',
  /** Rank-weighted share of the ranked sources from the sentence's paper: retrieval settling on one paper. */
  'articleShare',
  /** The sentence's paper is the first source's. */
  'articleFirst',
  /** Coverage of the question by all the ranked sources of the sentence's paper, with its title. */
  'articleCoverage',
] as const;

export type SentenceFeature = (typeof SENTENCE_FEATURES)[number];
export type SentenceFeatures = Record<SentenceFeature, number>;

/**
 * A regression tree over the features: a sentence goes `lo` when its feature is below `below`, else `hi`; a leaf is
 * the number it adds to the logit.
 */
export type SentenceTree = number | { feature: SentenceFeature; below: number; lo: SentenceTree; hi: SentenceTree };

/**
 * A logistic model over SENTENCE_FEATURES: P(the sentence holds the gold answer, or its start). `trees`, when
 * present, are boosted on top of the linear logit: they carry what no single weight can (a feature that matters only
 * when another is high or low).
 */
export interface SentenceModel {
  intercept: number;
  coefficients: SentenceFeatures;
  trees?: readonly SentenceTree[];
}

export function sentenceLogit(model: SentenceModel, features: SentenceFeatures): number {
  let z = model.intercept;
  for (const name of SENTENCE_FEATURES) z += model.coefficients[name] * features[name];
  for (const tree of model.trees ?? []) z += treeValue(tree, features);
  return z;
}

export function treeValue(tree: SentenceTree, features: SentenceFeatures): number {
  let node = tree;
  while (typeof node !== 'number') node = features[node.feature] < node.below ? node.lo : node.hi;
  return node;
}

export function sentenceProbability(model: SentenceModel, features: SentenceFeatures): number {
  return 1 / (1 + Math.exp(-sentenceLogit(model, features)));
}
