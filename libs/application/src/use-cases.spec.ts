import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadConfig } from '@lectern/config';
import { ArticleNotFoundError, DocumentNotFoundError, ProjectNotFoundError } from '@lectern/ingest';
import { AskQuestionCommand } from './ask-question/ask-question.command';
import { AskQuestion } from './ask-question/ask-question.usecase';
import { ExploreCommand } from './explore/explore.command';
import { Explore } from './explore/explore.usecase';
import { ExportProjectCommand } from './export-project/export-project.command';
import { ExportProject } from './export-project/export-project.usecase';
import { createLectern, type Lectern } from './lectern.factory';
import { ConversationTitleCommand } from './conversations/conversation.command';
import { ConversationNotFoundError } from './conversations/conversation.errors';
import { ProjectConversations } from './conversations/project-conversations.service';
import { FindProject } from './projects/find-project.query';
import { ReembedProjectCommand } from './reembed-project/reembed-project.command';
import { ProjectHasNoCorpusError, ReembedProject } from './reembed-project/reembed-project.usecase';
import { RemoveDocumentCommand } from './remove-document/remove-document.command';
import { RemoveDocument } from './remove-document/remove-document.usecase';
import { SearchProjectCommand } from './search-project/search-project.command';
import { SearchProject } from './search-project/search-project.usecase';

describe(createLectern.name, () => {
  let dataDir: string;
  let lectern: Lectern;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-usecases-'));
    lectern = await createLectern(loadConfig({ LECTERN_DATA_DIR: dataDir, EMBEDDINGS: 'lexical' }));
  });
  afterAll(async () => {
    await lectern.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses an unknown project with ProjectNotFoundError, before any answer starts', async () => {
    expect(() => lectern.get(AskQuestion).execute(AskQuestionCommand.create({ projectId: 'nope', question: 'why?' }))).toThrow(
      new ProjectNotFoundError('nope'),
    );
    await expect(lectern.get(SearchProject).execute(SearchProjectCommand.create({ projectId: 'nope', query: 'x' }))).rejects.toThrow(
      ProjectNotFoundError,
    );
    expect(() => lectern.get(Explore).execute(ExploreCommand.create({ projectId: 'nope', question: 'why?' }))).toThrow(
      ProjectNotFoundError,
    );
    const file = path.join(dataDir, 'out.sqlite');
    await expect(lectern.get(ExportProject).execute(ExportProjectCommand.create({ projectId: 'nope', file }))).rejects.toThrow(
      ProjectNotFoundError,
    );
    await expect(lectern.get(ReembedProject).execute(ReembedProjectCommand.create({ projectId: 'nope' }))).rejects.toThrow(
      ProjectNotFoundError,
    );
  });

  it('refuses an unknown article of a known project and an unknown document with their named errors', async () => {
    const project = lectern.get(FindProject).byNameOrIdOrCreate('known');
    expect(() =>
      lectern.get(Explore).execute(ExploreCommand.create({ projectId: project.id, question: 'why?', articleId: 'nope' })),
    ).toThrow(ArticleNotFoundError);
    await expect(lectern.get(RemoveDocument).execute(RemoveDocumentCommand.create({ documentId: 'nope' }))).rejects.toThrow(
      new DocumentNotFoundError('nope'),
    );
  });

  it("keeps a finished explore run as a turn of its maker's conversation, and finds no one else's", async () => {
    const project = lectern.get(FindProject).byNameOrIdOrCreate('explored');
    const conversations = lectern.get(ProjectConversations);
    const mine = conversations.create(ConversationTitleCommand.create({ projectId: project.id }), 'alice');
    const ask = (userId: string) =>
      lectern.get(Explore).execute(ExploreCommand.create({ projectId: project.id, question: 'why?', conversationId: mine.id, userId }));
    expect(() => ask('bob')).toThrow(ConversationNotFoundError);
    const outcome = await ask('alice').explore();
    const detail = conversations.get(project.id, mine.id, 'alice');
    expect(detail.title).toBe('why?');
    expect(detail.messages.map((m) => [m.role, m.kind])).toEqual([
      ['user', 'explore'],
      ['assistant', 'explore'],
    ]);
    expect(detail.messages[0].steps).toBeNull();
    expect(detail.messages[1]).toMatchObject({ content: outcome.answer, citations: outcome.citations, steps: outcome.steps });
    expect(outcome.steps.length).toBeGreaterThan(0);
  });

  it('refuses to re-embed a project nothing has been ingested into, before loading any embedder', async () => {
    const project = lectern.get(FindProject).byNameOrIdOrCreate('never-ingested');
    const told = jest.fn();
    await expect(
      lectern.get(ReembedProject).execute(ReembedProjectCommand.create({ projectId: project.id }), { embedder: told }),
    ).rejects.toThrow(new ProjectHasNoCorpusError('never-ingested'));
    expect(told).not.toHaveBeenCalled();
  });

  it('finds a project by name or by id, and by neither when it does not exist', () => {
    const projects = lectern.get(FindProject);
    const created = projects.byNameOrIdOrCreate('papers');
    expect(projects.byNameOrId('papers')?.id).toBe(created.id);
    expect(projects.byNameOrId(created.id)?.name).toBe('papers');
    expect(projects.byNameOrId('absent')).toBeNull();
  });

  it('searches an empty project in the default mode of its embedder (keyword with the lexical one)', async () => {
    const project = lectern.get(FindProject).byNameOrIdOrCreate('empty');
    const result = await lectern
      .get(SearchProject)
      .execute(SearchProjectCommand.create({ projectId: project.id, query: 'entity linking' }));
    expect(result).toEqual({ mode: 'keyword', results: [] });
  });
});
