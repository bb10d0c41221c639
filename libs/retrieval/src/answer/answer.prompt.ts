import type { ChatMessage } from '@lectern/llm';
import { renderSource, type AnswerSource } from './answer-sources';
import { NO_ANSWER_TEXT } from './answer.types';

const SYSTEM_PROMPT = [
  'You answer questions about scientific papers using only the numbered sources given with the question.',
  'Cite the source of every claim with its number in square brackets, like [1] or [2][3], right after the claim.',
  'Do not cite a source for something it does not say, and do not use knowledge from outside the sources.',
  `If the sources do not contain the answer, reply exactly: "${NO_ANSWER_TEXT}"`,
  'A source that only shares words with the question, or is about another paper, subject or place, does not contain the answer.',
  'Answer in the language of the question, concisely, in plain prose.',
].join('\n');

/** System instructions, the recent conversation, then the sources and the question in one user message. */
export function answerMessages(question: string, history: readonly ChatMessage[], sources: readonly AnswerSource[]): ChatMessage[] {
  const sourceBlock = sources.map(renderSource).join('\n\n');
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    ...history.filter((message) => message.role !== 'system'),
    { role: 'user', content: `Sources:\n\n${sourceBlock}\n\nQuestion: ${question}` },
  ];
}
