import * as path from 'node:path';
import {
  CATALOG_FILE_NAME,
  CatalogDb,
  ConversationsRepository,
  migrationsDir,
  openDatabase,
  ProjectsRepository,
  runMigrations,
} from '@lectern/corpus';
import { NO_ANSWER_TEXT, NOTICE_LLM_DOWN, NOTICE_NO_LLM } from '@lectern/retrieval';
import { useTempDir } from '../../../corpus/src/testing/temp-dir.fixture';
import { ProjectConversations } from './project-conversations.service';

describe(ProjectConversations.name, () => {
  const dir = useTempDir('lectern-conversations-');

  it('reads back a refusal kept with a note about quoting without that note (catalog 0008), in the API and the Markdown export', () => {
    // A catalog of before 0008, with the turns as the chat stored them before the composer stopped adding the note
    // to a refusal.
    const old = openDatabase(path.join(dir(), CATALOG_FILE_NAME));
    runMigrations(old, migrationsDir('catalog'), { upTo: 7 });
    const projectId = new ProjectsRepository(old).create('course').id;
    const oldConversations = new ConversationsRepository(old);
    const conversation = oldConversations.create(projectId, 'old turns', null);
    const gaveUp = 'The agent gave up: no section matched.';
    oldConversations.append(conversation.id, [
      { role: 'user', content: 'Who won the 1998 World Cup?' },
      { role: 'assistant', content: NO_ANSWER_TEXT, citations: [], notice: NOTICE_NO_LLM },
      { role: 'user', content: 'And the Tour de France?' },
      { role: 'assistant', content: NO_ANSWER_TEXT, citations: [], notice: NOTICE_LLM_DOWN },
      { role: 'user', content: 'How are mentions linked?' },
      { role: 'assistant', content: 'Mentions are linked by a trained model [1].', citations: [{ n: 1 }], notice: NOTICE_NO_LLM },
      { role: 'user', content: 'Which section says so?', kind: 'explore' },
      { role: 'assistant', content: NO_ANSWER_TEXT, citations: [], notice: gaveUp, kind: 'explore' },
    ]);
    old.close();
    const catalog = CatalogDb.open(dir());
    try {
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
