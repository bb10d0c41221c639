import type { ChatMessage, ToolCallingLlm, ToolChatMessage } from '@lectern/llm';
import type { TokenCounter } from '@lectern/text';
import { EXPLORE_TOOLS } from './explore-tools';
import type { ExploreEvent } from './explore.types';
import type { ExploreSession, NavigatorEnding } from './explore.session';

export const EXPLORE_SYSTEM_PROMPT = [
  'You answer questions about scientific papers by reading them the way a researcher does.',
  "Use the tools: search to find where to look, outline to see an article's sections, read to jump to a section,",
  'next and previous to move through the text in reading order, read_page for a page.',
  'Read before you answer. When you know the answer, call answer with the ids of the sections you read that support it.',
  'If the papers do not answer the question, call give_up. Do not repeat a call you already made.',
].join(' ');

export interface LlmNavigatorInput {
  llm: ToolCallingLlm;
  session: ExploreSession;
  counter: TokenCounter;
  question: string;
  /** Lines naming the project's articles (id and title), so the model can outline without searching first. */
  articles: string[];
  stream: boolean;
  signal?: AbortSignal;
  /** Counts each model call, for the usage. */
  onCall: () => void;
}

/** The model picks tools until it answers, gives up, or the session's budget ends the loop (ending null). */
export async function* navigateWithLlm(input: LlmNavigatorInput): AsyncGenerator<ExploreEvent, NavigatorEnding | null> {
  const { llm, session, counter } = input;
  const system: ChatMessage = { role: 'system', content: EXPLORE_SYSTEM_PROMPT };
  const user: ChatMessage = {
    role: 'user',
    content: `Question: ${input.question}\n\nArticles in the project:\n${input.articles.join('\n')}`,
  };
  const messages: ToolChatMessage[] = [system, user];
  session.addPromptTokens(counter.count(system.content) + counter.count(user.content));

  while (!session.exhausted()) {
    const deltas: string[] = [];
    input.onCall();
    const reply = await llm.chatWithTools(messages, EXPLORE_TOOLS, {
      toolChoice: 'auto',
      signal: input.signal,
      ...(input.stream ? { stream: true, onContent: (delta: string) => deltas.push(delta) } : {}),
    });
    for (const text of deltas) yield { event: 'token', data: { text } };
    session.addPromptTokens(counter.count(reply.content ?? '') + reply.toolCalls.reduce((n, c) => n + counter.count(c.arguments), 0));
    if (reply.toolCalls.length === 0) {
      // A plain-text reply is taken as the answer; it may cite only what was read, so it cites all of that.
      const text = (reply.content ?? '').trim();
      // An empty reply would loop without spending a step; the budget fallback answers instead.
      if (text === '') return null;
      const read = session.reader.readSections;
      return {
        text,
        sectionIds: read.map((r) => r.section.id),
        citations: read.map((r) => session.reader.citationFor(r.section.id)!.citation),
      };
    }
    messages.push({ role: 'assistant', content: reply.content, toolCalls: reply.toolCalls });
    for (const call of reply.toolCalls) {
      const outcome = session.exhausted() === null ? await session.call(call.name, call.arguments) : null;
      if (!outcome) {
        // Every tool call needs its result in the conversation, even one the budget stopped.
        messages.push({ role: 'tool', toolCallId: call.id, content: 'skipped: the budget ran out' });
        continue;
      }
      yield { event: 'step', data: outcome.step };
      if (outcome.kind === 'answer') return { text: outcome.text, citations: outcome.citations, sectionIds: outcome.sectionIds };
      if (outcome.kind === 'give_up') return { text: null, reason: outcome.reason, citations: [], sectionIds: [] };
      messages.push({ role: 'tool', toolCallId: call.id, content: outcome.content });
    }
  }
  return null;
}
