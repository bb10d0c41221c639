import { LlmOutputError, type ChatMessage, type LlmClient } from '@lectern/llm';
import { mapBounded } from './bounded-parallel';
import type { SearchHit } from './search.service';

export const DEFAULT_FILTER_CONCURRENCY = 8;
/** UIUC.chat measured 1–5 s per judgement even fully parallel; past this the rest are kept unjudged. */
export const DEFAULT_FILTER_BUDGET_MS = 20_000;
/** Long contexts are cut for the judge: the small model only needs enough to tell topic and content. */
const JUDGED_PASSAGE_CHARS = 4000;

export interface RelevanceFilterOptions {
  concurrency?: number;
  budgetMs?: number;
  signal?: AbortSignal;
}

export interface RelevanceFilterResult<T> {
  kept: T[];
  dropped: T[];
  /** Kept without a verdict: the judge failed, answered nonsense or ran out of time. */
  unjudged: T[];
}

/** The passage to judge: a search hit or anything carrying text and a section title. */
export interface Judgeable {
  text: string;
  section: { title: string };
  article: { title: string };
}

function judgeMessages(question: string, candidate: Judgeable): ChatMessage[] {
  const heading = [candidate.article.title, candidate.section.title].filter((part) => part.length > 0).join(' — ');
  return [
    {
      role: 'system',
      content:
        'You decide whether a passage from a scientific paper helps answer a question. A passage is relevant ' +
        'when it contains information a good answer would use, even partly; it is not relevant when it only ' +
        'shares words with the question. Reply with JSON only: {"relevant": true} or {"relevant": false}.',
    },
    { role: 'user', content: `Question: ${question}\n\nPassage (${heading}):\n${candidate.text.slice(0, JUDGED_PASSAGE_CHARS)}` },
  ];
}

export function parseRelevance(value: unknown): boolean {
  const relevant = (value as { relevant?: unknown } | null)?.relevant;
  if (typeof relevant === 'boolean') return relevant;
  // Small models often answer with a string; anything else is not a verdict.
  if (relevant === 'true' || relevant === 'yes') return true;
  if (relevant === 'false' || relevant === 'no') return false;
  throw new LlmOutputError('expected {"relevant": true|false} from the relevance judge');
}

/**
 * The small model judges each candidate, in parallel up to `concurrency`, within one time budget. Only a clear
 * "not relevant" drops a candidate: a judge that fails, times out or answers nonsense keeps it, because dropping the
 * passage that held the answer costs more than sending the large model one passage too many. Order is kept.
 */
export async function filterRelevant<T extends Judgeable = SearchHit>(
  llm: LlmClient,
  question: string,
  candidates: readonly T[],
  options: RelevanceFilterOptions = {},
): Promise<RelevanceFilterResult<T>> {
  const outcomes = await mapBounded(
    candidates,
    (candidate, signal) =>
      llm.completeJson(judgeMessages(question, candidate), parseRelevance, { model: 'small', temperature: 0, maxTokens: 20, signal }),
    {
      concurrency: options.concurrency ?? DEFAULT_FILTER_CONCURRENCY,
      budgetMs: options.budgetMs ?? DEFAULT_FILTER_BUDGET_MS,
      signal: options.signal,
    },
  );
  const result: RelevanceFilterResult<T> = { kept: [], dropped: [], unjudged: [] };
  outcomes.forEach((outcome, i) => {
    const candidate = candidates[i];
    if (outcome.status !== 'done') {
      result.unjudged.push(candidate);
      result.kept.push(candidate);
    } else if (outcome.value) result.kept.push(candidate);
    else result.dropped.push(candidate);
  });
  return result;
}
