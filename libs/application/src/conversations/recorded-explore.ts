import type { ConversationRow } from '@lectern/corpus';
import type { ExploreRun } from '../explore/explore.usecase';
import type { ProjectConversations } from './project-conversations.service';

/**
 * An explore run that appends its question and finished answer (citations and steps) to a conversation, as
 * `recordedTurn` does for chat: a run that fails or whose client leaves mid-stream leaves the conversation as it was.
 */
export function recordedExplore(
  run: ExploreRun,
  conversations: ProjectConversations,
  conversation: ConversationRow,
  question: string,
): ExploreRun {
  return {
    explore: async (signal) => {
      const outcome = await run.explore(signal);
      conversations.recordExplore(conversation, question, outcome);
      return outcome;
    },
    async *events(signal) {
      for await (const event of run.events(signal)) {
        if (event.event === 'done') conversations.recordExplore(conversation, question, event.data);
        yield event;
      }
    },
  };
}
