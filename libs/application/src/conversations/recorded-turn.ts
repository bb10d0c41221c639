import type { ConversationRow } from '@lectern/corpus';
import type { QuestionTurn } from '../ask-question/ask-question.usecase';
import type { ProjectConversations } from './project-conversations.service';

/**
 * A chat turn that appends its question and finished answer to a conversation. Only a finished answer is kept: a
 * turn that fails or whose client leaves mid-stream leaves the conversation as it was.
 */
export function recordedTurn(
  turn: QuestionTurn,
  conversations: ProjectConversations,
  conversation: ConversationRow,
  question: string,
): QuestionTurn {
  return {
    answer: async (signal) => {
      const result = await turn.answer(signal);
      conversations.recordTurn(conversation, question, result);
      return result;
    },
    async *events(signal) {
      for await (const event of turn.events(signal)) {
        if (event.event === 'done') conversations.recordTurn(conversation, question, event.data);
        yield event;
      }
    },
  };
}
