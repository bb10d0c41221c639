import type { TokenCounter } from '@lectern/text';
import type { ChatMessage } from './llm.types';

/** Tokens OpenAI's chat format adds around each message (`<|im_start|>role … <|im_end|>`), per its cookbook. */
export const MESSAGE_OVERHEAD_TOKENS = 4;
/** Tokens that prime the reply (`<|im_start|>assistant`). */
export const REPLY_PRIMING_TOKENS = 3;
const TRUNCATION_MARK = '\n[…]';

/** Even the system prompt cut to nothing leaves no room for the question: the caller must shorten the question. */
export class TokenBudgetExceededError extends RangeError {
  override readonly name = 'TokenBudgetExceededError';
  constructor(
    readonly budget: number,
    readonly required: number,
  ) {
    super(`The question alone needs ${required} tokens, over the budget of ${budget}`);
  }
}

/** Tokens a request with these messages costs, framing included. */
export function countChatTokens(messages: ChatMessage[], counter: TokenCounter): number {
  return messages.reduce((sum, m) => sum + MESSAGE_OVERHEAD_TOKENS + counter.count(m.content), REPLY_PRIMING_TOKENS);
}

/** The longest prefix of `text` (cut at a word when possible) that costs at most `tokens`, found by bisection. */
function truncateToTokens(text: string, tokens: number, counter: TokenCounter): string {
  if (counter.count(text) <= tokens) return text;
  const room = tokens - counter.count(TRUNCATION_MARK);
  if (room <= 0) return '';
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (counter.count(text.slice(0, mid)) <= room) low = mid;
    else high = mid - 1;
  }
  const prefix = text.slice(0, low);
  const wordEnd = prefix.search(/\s\S*$/);
  return `${wordEnd > prefix.length / 2 ? prefix.slice(0, wordEnd) : prefix}${TRUNCATION_MARK}`;
}

/** History as turns (a user message and the replies to it), so no answer is kept without its question. */
function historyTurns(indexes: number[], messages: ChatMessage[]): number[][] {
  const turns: number[][] = [];
  for (const index of indexes) {
    if (messages[index].role === 'user' || turns.length === 0) turns.push([index]);
    else turns[turns.length - 1].push(index);
  }
  return turns;
}

/**
 * Fits a conversation into `budget` tokens (framing included). System messages and the last user message (the
 * question) always stay; whole history turns are dropped oldest first. When system + question still do not fit,
 * system messages are cut from their end, last one first (retrieved passages sit there, instructions come first).
 * Throws TokenBudgetExceededError only when the question alone cannot fit. Order is preserved.
 */
export function fitMessages(messages: ChatMessage[], budget: number, counter: TokenCounter): ChatMessage[] {
  const cost = messages.map((m) => MESSAGE_OVERHEAD_TOKENS + counter.count(m.content));
  const question = messages.map((m) => m.role).lastIndexOf('user');
  const systems = messages.flatMap((m, i) => (m.role === 'system' ? [i] : []));
  const history = messages.flatMap((m, i) => (m.role !== 'system' && i !== question ? [i] : []));

  const fixed = REPLY_PRIMING_TOKENS + [...systems, ...(question === -1 ? [] : [question])].reduce((sum, i) => sum + cost[i], 0);
  if (fixed <= budget) {
    const kept = new Set([...systems, question]);
    let left = budget - fixed;
    for (const turn of historyTurns(history, messages).reverse()) {
      const turnCost = turn.reduce((sum, i) => sum + cost[i], 0);
      if (turnCost > left) break;
      left -= turnCost;
      turn.forEach((i) => kept.add(i));
    }
    return messages.filter((_, i) => kept.has(i));
  }

  const questionCost = REPLY_PRIMING_TOKENS + (question === -1 ? 0 : cost[question]);
  const bareSystems = systems.length * MESSAGE_OVERHEAD_TOKENS;
  if (questionCost + bareSystems > budget) throw new TokenBudgetExceededError(budget, questionCost + bareSystems);
  let over = fixed - budget;
  const cut = new Map<number, string>();
  for (const index of [...systems].reverse()) {
    if (over <= 0) break;
    const content = messages[index].content;
    const contentTokens = cost[index] - MESSAGE_OVERHEAD_TOKENS;
    const shortened = truncateToTokens(content, Math.max(0, contentTokens - over), counter);
    cut.set(index, shortened);
    over -= contentTokens - counter.count(shortened);
  }
  return messages.flatMap((m, i) => {
    if (i === question) return [m];
    if (m.role !== 'system') return [];
    return cut.has(i) ? [{ ...m, content: cut.get(i) ?? '' }] : [m];
  });
}

/** The best-ranked passages, in rank order, while their tokens stay within `budget`; stops at the first that does not fit. */
export function fitContext(passages: string[], budget: number, counter: TokenCounter): string[] {
  const kept: string[] = [];
  let left = budget;
  for (const passage of passages) {
    const tokens = counter.count(passage);
    if (tokens > left) break;
    kept.push(passage);
    left -= tokens;
  }
  return kept;
}
