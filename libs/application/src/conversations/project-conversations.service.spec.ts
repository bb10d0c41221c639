import { CatalogDb } from '@lectern/corpus';
import { NO_ANSWER_TEXT, NOTICE_LLM_DOWN, NOTICE_NO_LLM } from '@lectern/retrieval';
import { useTempDir } from '../../../corpus/src/testing/temp-dir.fixture';
import { ProjectConversations } from './project-conversations.service';

describe(ProjectConversations.name, () => {
  const dir = useTempDir('lectern-conversations-');

  it('reads back a refusal kept with a note about quoting without that note, in the API and the Markdown export', () => {
    const catalog = CatalogDb.open(dir());
    try {
      const projectId = catalog.projects.create('course').id;
      const conversation = catalog.conversations.create(projectId, 'old turns', null);
      const gaveUp = 'The agent gave up: no section matched.';
      // As the chat stored them before the composer stopped adding the note to a refusal.
      catalog.conversations.append(conversation.id, [
        { role: 'user', content: 'Who won the 1998 World Cup?' },
        { role: 'assistant', content: NO_ANSWER_TEXT, citations: [], notice: NOTICE_NO_LLM },
        { role: 'user', content: 'And the Tour de France?' },
        { role: 'assistant', content: NO_ANSWER_TEXT, citations: [], notice: NOTICE_LLM_DOWN },
        { role: 'user', content: 'How are mentions linked?' },
        { role: 'assistant', content: 'Mentions are linked by a trained model [1].', citations: [{ n: 1 }], notice: NOTICE_NO_LLM },
        { role: 'user', content: 'Which section says so?', kind: 'explore' },
        { role: 'assistant', content: NO_ANSWER_TEXT, citations: [], notice: gaveUp, kind: 'explore' },
      ]);
      const conversations = new ProjectConversations(catalog);

      const { messages } = conversations.get(projectId, conversation.id);
      expect(messages.filter((m) => m.role === 'assistant').map((m) => m.notice)).toEqual([null, null, NOTICE_NO_LLM, gaveUp]);
      const { markdown } = conversations.exportMarkdown(projectId, conversation.id);
      expect(markdown.match(/quoted from the sources/g)).toHaveLength(1);
      expect(markdown).toContain(`> ${gaveUp}`);
    } finally {
      catalog.close();
    }
  });
});
