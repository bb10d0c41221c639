import { LlmOutputError, type ChatMessage, type LlmClient } from '@lectern/llm';
import { MAX_QUERY_LENGTH } from './search.service';

export const DEFAULT_QUERY_VARIANTS = 3;
export const MAX_QUERY_VARIANTS = 10;

function variantMessages(query: string, n: number): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        "You write search queries for a library of scientific papers. Rewrite the user's question as " +
        `${n} different search queries that use more and more specific keywords: technical terms, synonyms, ` +
        'the vocabulary a paper would use in the section that answers it. Keep each under 30 words. ' +
        `Reply with JSON only: {"queries": ["…", …]} holding exactly ${n} strings.`,
    },
    { role: 'user', content: query },
  ];
}

/**
 * Checks the small model's `{ queries: string[] }`: keeps non-empty strings that differ from the original and from
 * each other (case-insensitively), cut to the search length limit, at most `n`. None usable is an LlmOutputError.
 */
export function parseQueryVariants(value: unknown, original: string, n: number): string[] {
  const queries = (value as { queries?: unknown } | null)?.queries;
  if (!Array.isArray(queries)) throw new LlmOutputError('expected {"queries": [...]} from the query writer');
  const seen = new Set([normalise(original)]);
  const variants: string[] = [];
  for (const query of queries) {
    if (typeof query !== 'string') continue;
    const text = query.trim().slice(0, MAX_QUERY_LENGTH);
    const key = normalise(text);
    if (key.length === 0 || seen.has(key)) continue;
    seen.add(key);
    variants.push(text);
    if (variants.length === n) break;
  }
  if (variants.length === 0) throw new LlmOutputError('the query writer returned no usable query variant');
  return variants;
}

/** `n` reworded variants of `query` from the small model (LlmUnavailableError / LlmOutputError pass through). */
export async function writeQueryVariants(
  llm: LlmClient,
  query: string,
  n = DEFAULT_QUERY_VARIANTS,
  signal?: AbortSignal,
): Promise<string[]> {
  const count = Math.min(Math.max(1, Math.floor(n)), MAX_QUERY_VARIANTS);
  return llm.completeJson(variantMessages(query, count), (value) => parseQueryVariants(value, query, count), {
    model: 'small',
    temperature: 0.3,
    maxTokens: 80 * count,
    signal,
  });
}

function normalise(query: string): string {
  return query.toLowerCase().replace(/\s+/g, ' ').trim();
}
