import type { SearchHit, SearchMode } from '@lectern/retrieval';

/** Tools the agent may call; `answer` and `give_up` end the loop. */
export type ExploreToolName = 'search' | 'outline' | 'read' | 'next' | 'previous' | 'read_page' | 'answer' | 'give_up';

/** One move of the agent, as the API and CLI show it. */
export interface ExploreStep {
  tool: string;
  args: Record<string, unknown>;
  /** What the tool returned, in one line (or why it refused). */
  summary: string;
  /** The start of what the tool returned to the agent (at most STEP_PREVIEW_CHARS); absent for refused calls. */
  saw?: string;
  /** Tokens of what the tool returned to the agent. */
  tokens: number;
  ms: number;
}

export interface ExploreCitation {
  articleId: string;
  articleTitle: string;
  sectionNumber: string;
  sectionTitle: string;
  /** The page of the quoted sentence when there is one, else of the cited section's first passage. */
  page: number;
  /** The last page of a quoted sentence printed across a page break; absent when it sits on one page. */
  pageEnd?: number;
  /** The `[n]` marker of the answer, when the answer carries markers (extracted answers do). */
  n?: number;
  /** The context of the quoted sentence, with the sentence and its character span in the context's text. */
  contextId?: string;
  quote?: string;
  span?: { start: number; end: number };
}

export interface ExploreUsage {
  steps: number;
  /** Tokens the agent read (tool results), plus the prompts sent when an LLM navigates. */
  tokens: number;
  llmCalls: number;
}

export interface ExploreResult {
  answer: string;
  citations: ExploreCitation[];
  steps: ExploreStep[];
  usage: ExploreUsage;
  navigator: 'llm' | 'heuristic';
  /** Set when the loop ended without the agent's own answer: budget, give-up, no LLM. */
  notice?: string;
  /** Section ids the agent read (the eval scores these against the gold section). */
  readSectionIds: string[];
}

export type ExploreEvent =
  | { event: 'step'; data: ExploreStep }
  | { event: 'token'; data: { text: string } }
  | { event: 'answer'; data: { answer: string; citations: ExploreCitation[] } }
  | { event: 'done'; data: Omit<ExploreResult, 'readSectionIds'> };

/** Search as the agent sees it: the retrieval SearchService, or anything that ranks hits the same way. */
export interface AgentSearch {
  search(query: string, options: { mode?: SearchMode; k?: number }): Promise<SearchHit[]>;
}

export interface ExploreBudget {
  /** Tool calls, including refused ones. */
  maxSteps: number;
  /** Tokens read plus prompts sent; the loop stops before going over. */
  maxTokens: number;
  timeoutMs: number;
  /** Cap on one `read`; the rest follows with `next()`. */
  readTokens: number;
}

export const DEFAULT_EXPLORE_BUDGET: ExploreBudget = { maxSteps: 8, maxTokens: 24_000, timeoutMs: 120_000, readTokens: 1_200 };
export const MAX_EXPLORE_STEPS = 30;

export interface ExploreRequest {
  question: string;
  /** Restricts outline/read defaults to one article; search still ranks the whole project. */
  articleId?: string;
  /** The papers outline/read/next/previous/read_page may open (unset: all); the search is scoped by its caller. */
  articleIds?: readonly string[];
  budget?: Partial<ExploreBudget>;
  searchMode?: SearchMode;
  /** LLM navigator only: stream the model's text as `token` events. */
  stream?: boolean;
  signal?: AbortSignal;
}
