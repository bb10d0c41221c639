/** Cut-offs of the Recall@k columns. */
export const RECALL_CUTOFFS = [1, 5, 20] as const;
/**
 * Recall within the first this-many tokens of results: what an answering prompt can hold. Recall@k alone favours
 * large contexts (one 8192-token context holds a whole section), so budgets are compared at equal reading cost.
 */
export const TOKEN_BUDGET = 2048;

/** What one mode returned for one question, reduced to what the metrics need. */
export interface QuestionOutcome {
  /** 1-based rank of the first result that is evidence; null when none of the results is. */
  firstEvidenceRank: number | null;
  /** Tokens of all results up to and including the first evidence result; null when none is evidence. */
  tokensToFirstEvidence: number | null;
  /** Whether the top result lies in (a passage: runs through) the gold section. */
  top1InGoldSection: boolean;
  /** Whether any context of the ingested corpus is evidence: the ceiling no mode can beat. */
  goldInCorpus: boolean;
}

export interface ModeMetrics {
  questions: number;
  recallAt1: number;
  recallAt5: number;
  recallAt20: number;
  mrr: number;
  /** Recall within the first TOKEN_BUDGET tokens of results. */
  recallAtBudget: number;
  top1GoldSection: number;
  goldInCorpus: number;
}

/** 1-based rank of the first `true`, or null. */
export function firstEvidenceRank(isEvidence: readonly boolean[]): number | null {
  const index = isEvidence.indexOf(true);
  return index < 0 ? null : index + 1;
}

/** Tokens read up to and including the first evidence result, given each result's size; null when none is evidence. */
export function tokensToFirstEvidence(isEvidence: readonly boolean[], tokens: readonly number[]): number | null {
  const rank = firstEvidenceRank(isEvidence);
  if (rank === null) return null;
  return tokens.slice(0, rank).reduce((sum, n) => sum + n, 0);
}

/** Share of questions with evidence within the first `k` results. */
export function recallAt(outcomes: readonly QuestionOutcome[], k: number): number {
  return share(outcomes, (o) => o.firstEvidenceRank !== null && o.firstEvidenceRank <= k);
}

/** Mean reciprocal rank of the first evidence result; a question without one adds 0. */
export function meanReciprocalRank(outcomes: readonly QuestionOutcome[]): number {
  if (outcomes.length === 0) return 0;
  return outcomes.reduce((sum, o) => sum + (o.firstEvidenceRank === null ? 0 : 1 / o.firstEvidenceRank), 0) / outcomes.length;
}

export function summarise(outcomes: readonly QuestionOutcome[]): ModeMetrics {
  return {
    questions: outcomes.length,
    recallAt1: recallAt(outcomes, 1),
    recallAt5: recallAt(outcomes, 5),
    recallAt20: recallAt(outcomes, 20),
    mrr: meanReciprocalRank(outcomes),
    recallAtBudget: share(outcomes, (o) => o.tokensToFirstEvidence !== null && o.tokensToFirstEvidence <= TOKEN_BUDGET),
    top1GoldSection: share(outcomes, (o) => o.top1InGoldSection),
    goldInCorpus: share(outcomes, (o) => o.goldInCorpus),
  };
}

function share(outcomes: readonly QuestionOutcome[], test: (o: QuestionOutcome) => boolean): number {
  return outcomes.length === 0 ? 0 : outcomes.filter(test).length / outcomes.length;
}
