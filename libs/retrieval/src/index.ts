export {
  SearchService,
  SEARCH_MODES,
  DEFAULT_SEARCH_K,
  MAX_SEARCH_K,
  MAX_QUERY_LENGTH,
  MIN_FUSION_DEPTH,
  type SearchMode,
  type SearchOptions,
  type SearchHit,
  type SearchableCorpus,
} from './search.service';
export { reciprocalRankFusion, fuseRankings, DEFAULT_RRF_K, type Ranked } from './reciprocal-rank-fusion';
export { InvalidSearchError } from './errors';
export {
  expandParents,
  DEFAULT_EXPAND_TOP,
  DEFAULT_EXPAND_BEFORE,
  DEFAULT_EXPAND_AFTER,
  type Passage,
  type PassageContext,
  type ExpandOptions,
  type ContextNeighbourhoodSource,
} from './parent-expansion';
export { mapBounded, type BoundedOutcome, type BoundedOptions } from './bounded-parallel';
export { standaloneQuery, isFollowUp, parseStandaloneQuery, type StandaloneQuery } from './follow-up';
export { writeQueryVariants, parseQueryVariants, DEFAULT_QUERY_VARIANTS, MAX_QUERY_VARIANTS } from './multi-query';
export {
  filterRelevant,
  parseRelevance,
  DEFAULT_FILTER_CONCURRENCY,
  DEFAULT_FILTER_BUDGET_MS,
  type RelevanceFilterOptions,
  type RelevanceFilterResult,
  type Judgeable,
} from './relevance-filter';
export { RerankerUnavailableError, type Reranker, type RerankerName } from './rerank/reranker';
export {
  CrossEncoderReranker,
  CROSS_ENCODER_MODEL,
  localCrossEncoderWeights,
  type CrossEncoderOptions,
} from './rerank/cross-encoder.reranker';
export { LlmReranker, parseLlmScore, type LlmRerankerOptions } from './rerank/llm.reranker';
export {
  rerankHits,
  selectRerankers,
  DEFAULT_RERANK_THRESHOLD,
  type RerankOptions,
  type RerankResult,
  type RerankerChoice,
} from './rerank/rerank';
export {
  RetrievalPipeline,
  type RetrievalOptions,
  type RetrievalResult,
  type RetrievalUsed,
  type RetrievalPipelineDeps,
  type RetrievedHit,
  type ExpandMode,
} from './retrieval.pipeline';
export {
  AnswerComposer,
  NOTICE_LLM_STOPPED,
  DEFAULT_SOURCE_TOKENS,
  type AnswerComposerOptions,
  type AnswerOptions,
} from './answer/answer.composer';
export {
  NO_ANSWER_TEXT,
  NOTICE_NO_LLM,
  NOTICE_LLM_DOWN,
  type Answer,
  type AnswerEvent,
  type Citation,
  type AnswerSourcesInput,
} from './answer/answer.types';
export { citedNumbers } from './answer/citation-markers';
export {
  ABSTAIN_BELOW_EVIDENCE,
  EVIDENCE_FEATURES,
  EVIDENCE_MODEL,
  evidenceOf,
  evidenceScore,
  isTooWeak,
  abstentionThreshold,
  type Evidence,
  type EvidenceFeature,
} from './answer/evidence';
export {
  ABSTAIN_BELOW_RERANKED_EVIDENCE,
  CROSS_ENCODER_FEATURES,
  RERANKED_EVIDENCE_FEATURES,
  RERANKED_EVIDENCE_MODEL,
  crossEncoderFeatures,
  rerankedEvidenceScore,
  type CrossEncoderEvidence,
  type CrossEncoderFeature,
  type RerankedEvidenceFeature,
} from './answer/evidence-reranked';
export { evidenceFeatures, type EvidenceContext, type EvidenceFeatures } from './answer/evidence-features';
// Bench-only: the abstention study (bench/eval/evidence-candidates.ts) still computes its answer-type candidates
// ("definition", "shape") with these, though none was adopted; no application code imports them from here.
export { definesTerm, hasAnswerShape } from './answer/question-type';
export {
  extractiveAnswer,
  DEFAULT_ANSWER_WORDS,
  DEFAULT_COMPOSITION,
  withMarker,
  withoutCitationBrackets,
  type CompositionRules,
  type ExtractiveOptions,
} from './answer/extractive-answer';
export {
  rankSentences,
  DEFAULT_RANKER_WEIGHTS,
  type RankerWeights,
  type RankedSentence,
  type SentenceRanking,
} from './answer/sentence-ranker';
export {
  SENTENCE_FEATURES,
  sentenceLogit,
  type SentenceFeature,
  type SentenceFeatures,
  type SentenceModel,
  type SentenceTree,
} from './answer/sentence-features';
export { SENTENCE_MODEL } from './answer/sentence-ranker.model';
export { buildSources, type AnswerSource } from './answer/answer-sources';
export {
  isQuotable,
  questionType,
  scoreSentence,
  sentencesWithSpans,
  titleCoverage,
  weightedCoverage,
  weightedQuestionTerms,
  type QuestionType,
  type SentenceSpan,
  type TermWeights,
} from './answer/sentence-scorer';
export { rankByStructure, questionTermWeights } from './structure-rank';
