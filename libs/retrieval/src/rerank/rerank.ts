import type { LlmClient } from '@lectern/llm';
import { CrossEncoderReranker } from './cross-encoder.reranker';
import { LlmReranker, type LlmRerankerOptions } from './llm.reranker';
import { RerankerUnavailableError, type Reranker, type RerankerName } from './reranker';

/**
 * On the shared 0–1 scale: an LLM rating below 2/10, or a cross-encoder logit below about −1.4 (MS MARCO
 * cross-encoders put unrelated passages near −10 and answering ones above 0).
 */
export const DEFAULT_RERANK_THRESHOLD = 0.2;

export interface RerankOptions {
  threshold?: number;
  signal?: AbortSignal;
}

export interface RerankResult<T> {
  /** Scored hits at or above the threshold, best first, then any the reranker could not score, in their old order. */
  hits: Array<T & { rerankScore?: number }>;
  reranker: RerankerName | 'off';
  dropped: number;
  unscored: number;
  /** Why a preferred reranker was passed over. */
  notes: string[];
}

/**
 * Reranks with the first reranker of `rerankers` that runs (a cross-encoder that will not load or an unreachable LLM
 * hands over to the next); with none left the hits come back untouched and the reranker is `off`.
 */
export async function rerankHits<T extends { text: string }>(
  rerankers: readonly Reranker[],
  query: string,
  hits: readonly T[],
  options: RerankOptions = {},
): Promise<RerankResult<T>> {
  const threshold = options.threshold ?? DEFAULT_RERANK_THRESHOLD;
  const notes: string[] = [];
  for (const reranker of rerankers) {
    let scores: Array<number | null>;
    try {
      scores = await reranker.score(
        query,
        hits.map((hit) => hit.text),
        options.signal,
      );
    } catch (error) {
      if (!(error instanceof RerankerUnavailableError)) throw error;
      notes.push(`${reranker.name} reranker unavailable: ${error.message}`);
      continue;
    }
    const scored = hits.map((hit, index) => ({ hit, index, score: scores[index] ?? null }));
    const kept = scored
      .filter((s): s is typeof s & { score: number } => s.score !== null && s.score >= threshold)
      .sort((a, b) => b.score - a.score || a.index - b.index)
      .map(({ hit, score }) => ({ ...hit, rerankScore: score }));
    const unscored = scored.filter((s) => s.score === null).map(({ hit }) => ({ ...hit }));
    const dropped = scored.length - kept.length - unscored.length;
    if (unscored.length > 0)
      notes.push(`${reranker.name} reranker could not score ${unscored.length} of ${hits.length} hits; they were kept`);
    return { hits: [...kept, ...unscored], reranker: reranker.name, dropped, unscored: unscored.length, notes };
  }
  notes.push('no reranker is available (no local cross-encoder model and no LLM); hits keep their search order');
  return { hits: hits.map((hit) => ({ ...hit })), reranker: 'off', dropped: 0, unscored: 0, notes };
}

export interface RerankerChoice {
  modelsDir: string;
  allowDownload: boolean;
  llm?: LlmRerankerOptions;
}

/** The rerankers to try, best first: the local cross-encoder when its model is there, then the small LLM. */
export function selectRerankers(choice: RerankerChoice, llm: LlmClient | null): Reranker[] {
  const rerankers: Reranker[] = [];
  const crossEncoder = new CrossEncoderReranker({ modelsDir: choice.modelsDir, allowDownload: choice.allowDownload });
  if (crossEncoder.isAvailable()) rerankers.push(crossEncoder);
  if (llm) rerankers.push(new LlmReranker(llm, choice.llm));
  return rerankers;
}
