import { LlmOutputError, LlmUnavailableError, type ChatMessage, type LlmClient } from '@lectern/llm';
import { mapBounded } from '../bounded-parallel';
import { RerankerUnavailableError, type Reranker } from './reranker';

export const DEFAULT_LLM_RERANK_CONCURRENCY = 8;
export const DEFAULT_LLM_RERANK_BUDGET_MS = 20_000;
const SCORED_PASSAGE_CHARS = 4000;

export interface LlmRerankerOptions {
  concurrency?: number;
  budgetMs?: number;
}

function scoreMessages(query: string, passage: string): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        'You rate how well a passage from a scientific paper answers a question, from 0 (unrelated) to 10 ' +
        '(answers it directly and fully); 5 means related but only partly useful. Reply with JSON only: {"score": n}.',
    },
    { role: 'user', content: `Question: ${query}\n\nPassage:\n${passage.slice(0, SCORED_PASSAGE_CHARS)}` },
  ];
}

/** `{ score: 0..10 }` (a numeric string is accepted) → 0..1. */
export function parseLlmScore(value: unknown): number {
  const raw = (value as { score?: unknown } | null)?.score;
  const score = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  if (typeof score !== 'number' || !Number.isFinite(score) || score < 0 || score > 10) {
    throw new LlmOutputError('expected {"score": 0..10} from the LLM reranker');
  }
  return score / 10;
}

/**
 * The small model rates each passage 0–10, in parallel under a concurrency cap and a time budget. A passage whose
 * rating failed gets null; when none could be rated and the LLM was unreachable the reranker counts as unavailable.
 */
export class LlmReranker implements Reranker {
  readonly name = 'llm' as const;

  constructor(
    private readonly llm: LlmClient,
    private readonly options: LlmRerankerOptions = {},
  ) {}

  async score(query: string, passages: readonly string[], signal?: AbortSignal): Promise<Array<number | null>> {
    const outcomes = await mapBounded(
      passages,
      (passage, taskSignal) =>
        this.llm.completeJson(scoreMessages(query, passage), parseLlmScore, {
          model: 'small',
          temperature: 0,
          maxTokens: 20,
          signal: taskSignal,
        }),
      {
        concurrency: this.options.concurrency ?? DEFAULT_LLM_RERANK_CONCURRENCY,
        budgetMs: this.options.budgetMs ?? DEFAULT_LLM_RERANK_BUDGET_MS,
        signal,
      },
    );
    const scores = outcomes.map((outcome) => (outcome.status === 'done' ? outcome.value : null));
    const unreachable = outcomes.find((o) => o.status === 'failed' && o.error instanceof LlmUnavailableError);
    if (passages.length > 0 && scores.every((score) => score === null) && unreachable) {
      const error = (unreachable as { error: Error }).error;
      throw new RerankerUnavailableError(`the LLM reranker could not reach the LLM: ${error.message}`);
    }
    return scores;
  }
}
