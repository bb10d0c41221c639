import type { Evidence } from './evidence';
import type { TermWeights } from './sentence-scorer';
import type { Passage } from '../parent-expansion';
import type { RetrievedHit } from '../retrieval.pipeline';
import type { RerankerName } from '../rerank/reranker';

/** Said instead of guessing when retrieval found nothing relevant; the LLM is told to say it too. */
export const NO_ANSWER_TEXT = "The sources in this project don't contain an answer to that.";

/** Where an `[n]` marker of the answer points. */
export interface Citation {
  n: number;
  contextId: string;
  articleId: string;
  articleTitle: string;
  sectionNumber: string;
  sectionTitle: string;
  /** 1-based: the page the quoted sentence starts on, or the context's first page when nothing is quoted. */
  page: number;
  /** The last page of a quoted sentence printed across a page break; absent when it sits on one page. */
  pageEnd?: number;
  /** The sentence of the context the marker quotes or rests on. */
  quote?: string;
  /** Where `quote` sits in the context's text: character offsets, end exclusive. */
  span?: { start: number; end: number };
}

export interface Answer {
  answer: string;
  /** The `[n]` markers the answer actually uses, in order of first use. */
  citations: Citation[];
  /** True when an LLM wrote the answer; false for the fixed no-answer text and extractive answers. */
  llm: boolean;
  /** Why the answer is extractive (no LLM configured, LLM unreachable), for the UI to show. */
  notice?: string;
  /** How strongly the sources bore on the question (what abstention decided on); absent when there were none. */
  evidence?: Evidence;
}

export type AnswerEvent = { type: 'token'; text: string } | { type: 'citation'; citation: Citation } | { type: 'done'; answer: Answer };

/** What an answer is composed from: a RetrievalResult satisfies it. */
export interface AnswerSourcesInput {
  hits: readonly RetrievedHit[];
  passages: readonly Passage[];
  /** Corpus idf per stemmed question term, for weighing sentences and evidence. */
  termWeights?: TermWeights;
  /** Which reranker scored the hits: a cross-encoder's scores join the evidence (evidence-reranked.ts). */
  used?: { reranker: RerankerName | 'off' };
}

export const NOTICE_NO_LLM = 'No LLM is configured, so this answer is made of sentences quoted from the sources.';
export const NOTICE_LLM_DOWN = 'The LLM could not be reached, so this answer is made of sentences quoted from the sources.';
