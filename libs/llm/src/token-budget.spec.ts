import * as fs from 'node:fs';
import * as path from 'node:path';
import { TiktokenCounter } from '@lectern/text';
import { CORPUS_DIR } from '../../../test/support/paths';
import type { ChatMessage } from './llm.types';
import { countChatTokens, fitContext, fitMessages, TokenBudgetExceededError } from './token-budget';

const counter = new TiktokenCounter();
/** Paragraphs of the Switch Transformer paper as Nougat read it: real prose, formulas and tables. */
const paragraphs = fs
  .readFileSync(path.join(CORPUS_DIR, 'nougat', 'arxiv-2101.03961v3.mmd'), 'utf8')
  .split(/\n{2,}/)
  .filter((p) => p.length > 200);

const system: ChatMessage = { role: 'system', content: 'You answer questions about the Switch Transformer paper, citing passages.' };
const question: ChatMessage = { role: 'user', content: 'How does the capacity factor trade quality against speed?' };
/** A long chat: each turn asks about a paragraph and the assistant answers with it. */
const history: ChatMessage[] = paragraphs.slice(0, 160).flatMap((p, i): ChatMessage[] => [
  { role: 'user', content: `What does paragraph ${i + 1} say?` },
  { role: 'assistant', content: p },
]);

describe(fitMessages.name, () => {
  it('drops the oldest turns of a history far over the window, keeping the system prompt and the question', () => {
    const messages = [system, ...history, question];
    const budget = 4096;
    expect(countChatTokens(messages, counter)).toBeGreaterThan(5 * budget);

    const fitted = fitMessages(messages, budget, counter);
    const used = countChatTokens(fitted, counter);
    expect(used).toBeLessThanOrEqual(budget);
    expect(fitted[0]).toBe(system);
    expect(fitted.at(-1)).toBe(question);
    // What is kept of the history is its newest end, in order, and starts with a whole turn.
    const kept = fitted.slice(1, -1);
    expect(kept.length).toBeGreaterThan(4);
    expect(kept).toEqual(history.slice(history.length - kept.length));
    expect(kept[0].role).toBe('user');
    // Full: the next older turn would not have fitted.
    const olderTurn = history.slice(history.length - kept.length - 2, history.length - kept.length);
    expect(used + countChatTokens(olderTurn, counter) - 3).toBeGreaterThan(budget);
  });

  it('keeps everything when the conversation already fits', () => {
    const messages = [system, ...history.slice(-4), question];
    expect(fitMessages(messages, 100_000, counter)).toEqual(messages);
  });

  it('cuts the end of the system prompt, never the question, when they alone are over the budget', () => {
    const passages: ChatMessage = { role: 'system', content: `Passages:\n${paragraphs.slice(0, 30).join('\n\n')}` };
    const budget = 1000;
    const fitted = fitMessages([system, passages, ...history.slice(-6), question], budget, counter);
    expect(countChatTokens(fitted, counter)).toBeLessThanOrEqual(budget);
    expect(countChatTokens(fitted, counter)).toBeGreaterThan(budget - 20);
    expect(fitted.map((m) => m.role)).toEqual(['system', 'system', 'user']);
    expect(fitted[0]).toBe(system);
    expect(fitted[1].content.startsWith(passages.content.slice(0, 500))).toBe(true);
    expect(fitted[1].content.endsWith('[…]')).toBe(true);
    expect(fitted[2]).toBe(question);
  });

  it('throws TokenBudgetExceededError when the question alone does not fit', () => {
    const long: ChatMessage = { role: 'user', content: paragraphs.slice(0, 10).join('\n\n') };
    const failure = (() => {
      try {
        fitMessages([system, long], 200, counter);
      } catch (error) {
        return error;
      }
    })();
    expect(failure).toBeInstanceOf(TokenBudgetExceededError);
    expect((failure as TokenBudgetExceededError).required).toBeGreaterThan(200);
  });
});

describe(fitContext.name, () => {
  it('keeps passages in rank order until the next one would exceed the budget', () => {
    const counts = paragraphs.slice(0, 10).map((p) => counter.count(p));
    const budget = counts[0] + counts[1] + counts[2] + Math.floor(counts[3] / 2);
    expect(fitContext(paragraphs.slice(0, 10), budget, counter)).toEqual(paragraphs.slice(0, 3));
    expect(fitContext(paragraphs.slice(0, 10), counts[0] - 1, counter)).toEqual([]);
  });
});
