import { sentencesWithSpans, stemSet, weightedCoverage } from './sentence-scorer';
import { questionSurfaces, surfaceStems } from './surface-match';

/** One retrieved context as evidence sees it: its text with its heading and its paper's title. */
export interface EvidenceContext {
  id: string;
  text: string;
  sectionTitle: string;
  articleId: string;
  articleTitle: string;
}

/** Hits whose articles are compared with the first hit's (agreement). */
const AGREEMENT_HITS = 5;
/** Articles whose best context covers within this of the best one count as covering the question alike (unique). */
const NEAR_BEST = 0.05;

/**
 * How the retrieved contexts bear on the question, each 0..1. Coverage is the idf-weighted share of the question's
 * terms held (see weightedCoverage); every context is read with its heading and its paper's title.
 */
export interface EvidenceFeatures {
  /** By the best single context. */
  coverage: number;
  /**
   * By the best single sentence: an answerable question's terms sit together where the answer is. A term counts only
   * as the question's word up to inflection (surface-match.ts): "capital" is not held by "capitalized".
   */
  sentence: number;
  /** By the best article: the union of its retrieved contexts. */
  article: number;
  /**
   * Share of the first AGREEMENT_HITS hits in the first hit's article: the search settles on one paper. This and
   * `unique` are scaled by 1 − 1/(articles retrieved, at least 2): half when one or two papers are all there are.
   */
  agreement: number;
  /** 1 / the number of articles covering the question about as well as the best: a vague question fits many. */
  unique: number;
  /** The context with the best coverage. */
  contextId: string | null;
}

/** `terms`: the question's weighted stems (weightedQuestionTerms of `question`); `contexts` best first, as retrieval ranked them. */
export function evidenceFeatures(
  question: string,
  terms: ReadonlyMap<string, number>,
  contexts: readonly EvidenceContext[],
): EvidenceFeatures {
  const none: EvidenceFeatures = { coverage: 0, sentence: 0, article: 0, agreement: 0, unique: 0, contextId: null };
  if (terms.size === 0 || contexts.length === 0) return none;
  let best = { coverage: -1, id: '' };
  let sentence = 0;
  const heldByArticle = new Map<string, Set<string>>();
  const bestOfArticle = new Map<string, number>();
  const surfaces = questionSurfaces(question);
  for (const context of contexts) {
    const headingText = `${context.articleTitle}\n${context.sectionTitle}`;
    const heading = [...stemSet(headingText)].filter((stem) => terms.has(stem));
    const held = new Set([...heading, ...[...stemSet(context.text)].filter((stem) => terms.has(stem))]);
    const coverage = weightedCoverage(terms, held);
    if (coverage > best.coverage) best = { coverage, id: context.id };
    bestOfArticle.set(context.articleId, Math.max(bestOfArticle.get(context.articleId) ?? 0, coverage));
    const article = heldByArticle.get(context.articleId) ?? new Set<string>();
    for (const stem of held) article.add(stem);
    heldByArticle.set(context.articleId, article);
    // A sentence cannot cover more than its context: skip splitting contexts that cannot beat the best sentence.
    if (coverage <= sentence) continue;
    const headingSurface = surfaceStems(headingText, surfaces);
    for (const span of sentencesWithSpans(context.text)) {
      sentence = Math.max(sentence, weightedCoverage(terms, new Set([...headingSurface, ...surfaceStems(span.text, surfaces)])));
    }
  }
  const first = contexts[0].articleId;
  const top = contexts.slice(0, AGREEMENT_HITS);
  const near = [...bestOfArticle.values()].filter((coverage) => coverage >= best.coverage - NEAR_BEST).length;
  // Settling on one paper says more the more papers competed: with two, any question settles on one half the time.
  // One paper alone (a project of one, a question scoped to one) counts as two: the scope was chosen, not found.
  const competition = 1 - 1 / Math.max(2, bestOfArticle.size);
  return {
    coverage: best.coverage,
    sentence,
    article: Math.max(...[...heldByArticle.values()].map((held) => weightedCoverage(terms, held))),
    agreement: (competition * top.filter((c) => c.articleId === first).length) / top.length,
    unique: competition / near,
    contextId: best.id,
  };
}
