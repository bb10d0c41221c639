import { ExploreAgent, type ExploreEvent, type ExploreRequest, type ExploreResult } from '@lectern/agent';
import type { CatalogDb } from '@lectern/corpus';
import { ArticleNotFoundError, type ConfiguredEmbedder, type CorpusRegistry } from '@lectern/ingest';
import type { LlmClient, ToolCallingLlm } from '@lectern/llm';
import { SearchService } from '@lectern/retrieval';
import { FindProject } from '../projects/find-project.query';
import type { ExploreCommand } from './explore.command';
import { checkedScope } from '../article-scope/article-scope';
import { ProjectConversations } from '../conversations/project-conversations.service';
import { recordedRun } from '../conversations/recorded-run';

export type ExploreOutcome = Omit<ExploreResult, 'readSectionIds'>;

/** An explore run checked against its project and article; its errors come before any step is taken. */
export interface ExploreRun {
  explore(signal?: AbortSignal): Promise<ExploreOutcome>;
  /** step/token/answer/done as the agent moves. */
  events(signal?: AbortSignal): AsyncIterable<ExploreEvent>;
}

/** Lets the agent read a project's papers until it can answer: `POST /projects/:id/explore` and `lectern explore`. */
export class Explore {
  private readonly projects: FindProject;
  private readonly conversations: ProjectConversations;

  constructor(
    catalog: CatalogDb,
    private readonly corpora: CorpusRegistry,
    private readonly embedder: ConfiguredEmbedder,
    private readonly llm: (LlmClient & ToolCallingLlm) | null,
  ) {
    this.projects = new FindProject(catalog);
    this.conversations = new ProjectConversations(catalog);
  }

  execute(command: ExploreCommand): ExploreRun {
    this.projects.byId(command.projectId);
    const conversation = command.conversationId
      ? this.conversations.find(command.projectId, command.conversationId, command.userId ?? null)
      : null;
    const run = this.run(command);
    if (!conversation) return run;
    return recordedRun(run, 'explore', (outcome) => this.conversations.recordExplore(conversation, command.question.trim(), outcome));
  }

  private run(command: ExploreCommand): ExploreRun {
    const corpus = this.corpora.get(command.projectId);
    if (command.articleId && !corpus.getArticle(command.articleId)) throw new ArticleNotFoundError(command.articleId);
    const scope = checkedScope(corpus, command.projectId, command.articleIds);
    const agent = new ExploreAgent({ corpus, search: new SearchService(corpus, this.embedder.instance, scope), llm: this.llm });
    const request: ExploreRequest = {
      question: command.question.trim(),
      // Scoped to one paper, the agent starts there and lists only it.
      articleId: command.articleId ?? (scope.articleIds?.length === 1 ? scope.articleIds[0] : undefined),
      articleIds: scope.articleIds,
      budget: { maxSteps: command.maxSteps },
      searchMode: this.embedder.defaultSearchMode,
      stream: command.stream,
    };
    return {
      explore: async (signal) => {
        const { readSectionIds: _read, ...result } = await agent.explore({ ...request, signal });
        return result;
      },
      events: (signal) => agent.events({ ...request, signal }),
    };
  }
}
