import { CatalogDb } from '@lectern/corpus';
import { NO_ANSWER_TEXT, NOTICE_LLM_DOWN, NOTICE_NO_LLM } from '@lectern/retrieval';
import { useTempDir } from '../../../corpus/src/testing/temp-dir.fixture';
import { ProjectConversations } from './project-conversations.service';

describe(ProjectConversations.name, () => {
  const dir = useTempDir('lectern-conversations-');
  let catalog: CatalogDb;
  let conversations: ProjectConversations;
  beforeEach(() => {
    catalog = CatalogDb.open(dir());
    conversations = new ProjectConversations(catalog);
  });
  afterEach(() => catalog.close());

  it('reads back a refusal kept with a note about quoting without that note, in the API and the Markdown export', () => {
    const projectId = catalog.projects.create('course').id;
    const conversation = catalog.conversations.create(projectId, 'old turns', null);
    const quoted = {
      role: 'assistant' as const,
      content: 'Mentions are linked by a trained model [1].',
      citations: [{ n: 1 }],
      notice: NOTICE_NO_LLM,
    };
    // As the chat stored them before the composer stopped adding the note to a refusal.
    catalog.conversations.append(conversation.id, [
      { role: 'user', content: 'Who won the 1998 World Cup?' },
      { role: 'assistant', content: NO_ANSWER_TEXT, citations: [], notice: NOTICE_NO_LLM },
      { role: 'user', content: 'And the Tour de France?' },
      { role: 'assistant', content: NO_ANSWER_TEXT, citations: [], notice: NOTICE_LLM_DOWN },
      { role: 'user', content: 'How are mentions linked?' },
      quoted,
      { role: 'user', content: 'Which section says so?', kind: 'explore' },
      { role: 'assistant', content: NO_ANSWER_TEXT, citations: [], notice: 'The agent gave up: no section matched.', kind: 'explore' },
    ]);

    const notices = conversations
      .get(projectId, conversation.id)
      .messages.filter((m) => m.role === 'assistant')
      .map((m) => m.notice);
    expect(notices).toEqual([null, null, NOTICE_NO_LLM, 'The agent gave up: no section matched.']);
    const { markdown } = conversations.exportMarkdown(projectId, conversation.id);
    expect(markdown.match(/quoted from the sources/g)).toHaveLength(1);
    expect(markdown).toContain('> The agent gave up: no section matched.');
  });
});
