import { LlmOutputError, type ChatMessage, type LlmClient } from '@lectern/llm';
import { stemmedQuestionTerms } from '@lectern/text';
import { MAX_QUERY_LENGTH } from './search.service';

/** What was searched for a chat turn, and how it was made from the conversation. */
export interface StandaloneQuery {
  query: string;
  /** `asked`: the question alone; `rewritten`: the small LLM folded the conversation in; `joined`: the previous question was prepended. */
  how: 'asked' | 'rewritten' | 'joined';
  /** For the retrieval notes when the search differs from the question. */
  note?: string;
}

/** Words that point back into the conversation: a question using them does not stand alone. */
const ANAPHORA = /\b(it|its|they|them|their|theirs|this|these|those|he|she|his|her|former|latter|same|above|previous|earlier)\b/i;
const CONTINUATION = /^\s*(and|also|what about|how about|why|why not|so|then|but)\b/i;
/** A question with this few topic words leans on what was said before ("And the accuracy?"). */
const FEW_TERMS = 2;
/** A name after the first word ("France", "BERT", "COVID-19"): a short question that names its topic stands alone. */
const NAMED_TOPIC = /\s[\p{Lu}\d][\p{L}\d-]*/u;

/**
 * True when a chat question only makes sense with the conversation before it: there is an earlier question, and
 * this one refers back (it, they, this method…), continues ("and what about…"), or names almost no topic words and no
 * name ("Which dataset?", not "What is the capital of France?").
 */
export function isFollowUp(question: string, history: readonly ChatMessage[]): boolean {
  if (!history.some((m) => m.role === 'user')) return false;
  const fewTopicWords = stemmedQuestionTerms(question).length <= FEW_TERMS && !NAMED_TOPIC.test(question);
  return ANAPHORA.test(question) || CONTINUATION.test(question) || fewTopicWords;
}

function rewriteMessages(question: string, history: readonly ChatMessage[]): ChatMessage[] {
  const recent = history.slice(-6).map((m) => `${m.role === 'user' ? 'User' : 'Assistant'}: ${m.content.slice(0, 1200)}`);
  return [
    {
      role: 'system',
      content:
        'You turn a follow-up question into a standalone search query for a library of scientific papers. ' +
        'Replace pronouns and references with what they mean in the conversation; keep the technical terms. ' +
        'Under 40 words. Reply with JSON only: {"query": "…"}.',
    },
    { role: 'user', content: `Conversation:\n${recent.join('\n')}\n\nFollow-up question: ${question}` },
  ];
}

export function parseStandaloneQuery(value: unknown): string {
  const query = (value as { query?: unknown } | null)?.query;
  if (typeof query !== 'string' || query.trim().length === 0) throw new LlmOutputError('expected {"query": "..."} from the query rewriter');
  return query.trim().slice(0, MAX_QUERY_LENGTH);
}

/** The previous question, then this one, cut at a word boundary to the search limit. */
function joined(question: string, history: readonly ChatMessage[]): string {
  const previous =
    [...history]
      .reverse()
      .find((m) => m.role === 'user')
      ?.content.trim() ?? '';
  const text = `${previous} ${question.trim()}`.trim();
  if (text.length <= MAX_QUERY_LENGTH) return text;
  const cut = text.slice(text.length - MAX_QUERY_LENGTH);
  return cut.slice(cut.indexOf(' ') + 1);
}

/**
 * The search query for a chat turn. A question that stands alone is searched as asked; a follow-up is rewritten by
 * the small LLM when there is one, else (or when it fails) searched together with the previous question.
 */
export async function standaloneQuery(
  question: string,
  history: readonly ChatMessage[],
  llm: LlmClient | null,
  signal?: AbortSignal,
): Promise<StandaloneQuery> {
  if (!isFollowUp(question, history)) return { query: question, how: 'asked' };
  if (llm) {
    try {
      const query = await llm.completeJson(rewriteMessages(question, history), parseStandaloneQuery, {
        model: 'small',
        temperature: 0,
        maxTokens: 120,
        signal,
      });
      return { query, how: 'rewritten', note: `follow-up searched as "${query}"` };
    } catch (error) {
      if (signal?.aborted) throw error;
      const query = joined(question, history);
      return {
        query,
        how: 'joined',
        note: `the LLM could not rewrite the follow-up (${(error as Error).message}); searched it with the previous question`,
      };
    }
  }
  const query = joined(question, history);
  return { query, how: 'joined', note: 'follow-up searched together with the previous question' };
}
