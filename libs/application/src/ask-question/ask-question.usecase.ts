import type { CatalogDb } from '@lectern/corpus';
import type { ConfiguredEmbedder, CorpusRegistry } from '@lectern/ingest';
import type { ChatMessage, LlmClient } from '@lectern/llm';
import {
  AnswerComposer,
  MAX_QUERY_LENGTH,
  RetrievalPipeline,
  SearchService,
  standaloneQuery,
  type Answer,
  type Reranker,
  type RetrievalOptions,
  type RetrievalResult,
} from '@lectern/retrieval';
import { FindProject } from '../projects/find-project.query';
import type { AskQuestionCommand } from './ask-question.command';
import { checkedScope } from '../article-scope/article-scope';
import { ProjectConversations } from '../conversations/project-conversations.service';
import { recordedRun } from '../conversations/recorded-run';
import { announcedSources, type AnswerEvent, type AnswerResult, type RetrievalSummary } from './ask-question.result';

/** A question checked against its project and ready to answer; its errors come before any answer starts. */
export interface QuestionTurn {
  /** The whole answer at once. */
  answer(signal?: AbortSignal): Promise<AnswerResult>;
  /** retrieval → token* → citation* (each as soon as its marker is complete) → done. */
  events(signal?: AbortSignal): AsyncIterable<AnswerEvent>;
}

/**
 * Answers a question from a project's papers, citing article, section and page: the one path of `POST
 * /projects/:id/chat` and `lectern ask`. Follow-ups are searched with the conversation folded in; a question
 * longer than search takes is cut, with a note.
 */
export class AskQuestion {
  private readonly composer: AnswerComposer;
  private readonly projects: FindProject;
  private readonly conversations: ProjectConversations;

  constructor(
    catalog: CatalogDb,
    private readonly corpora: CorpusRegistry,
    private readonly embedder: ConfiguredEmbedder,
    private readonly llm: LlmClient | null,
    private readonly rerankers: readonly Reranker[],
  ) {
    this.composer = new AnswerComposer(llm);
    this.projects = new FindProject(catalog);
    this.conversations = new ProjectConversations(catalog);
  }

  execute(command: AskQuestionCommand): QuestionTurn {
    this.projects.byId(command.projectId);
    const conversation = command.conversationId
      ? this.conversations.find(command.projectId, command.conversationId, command.userId ?? null)
      : null;
    const turn = this.turn(command);
    if (!conversation) return turn;
    return recordedRun(turn, 'answer', (answer) => this.conversations.recordTurn(conversation, command.question, answer));
  }

  private turn(command: AskQuestionCommand): QuestionTurn {
    const corpus = this.corpora.get(command.projectId);
    const search = new SearchService(corpus, this.embedder.instance, checkedScope(corpus, command.projectId, command.articleIds));
    const pipeline = new RetrievalPipeline({ search, corpus, llm: this.llm, rerankers: this.rerankers });
    const question = command.question;
    const history: ChatMessage[] = command.history.map(({ role, content }) => ({ role, content }));
    const query = searchQuery(question);
    const options: RetrievalOptions = {
      mode: command.mode ?? this.embedder.defaultSearchMode,
      k: command.k,
      expand: command.expand,
      multiQuery: command.multiQuery,
      filter: command.filter,
      rerank: command.rerank,
    };
    const queryNote =
      query.length < question.trim().length
        ? `the question is ${question.trim().length} characters long; search takes ${MAX_QUERY_LENGTH}, so its first ${query.length} were searched`
        : null;

    /** A follow-up ("what is its precision?") is searched with the conversation folded in; the answer sees it all. */
    const retrieve = async (signal?: AbortSignal): Promise<RetrievalResult> => {
      const standalone = await standaloneQuery(query, history, this.llm, signal);
      const result = await pipeline.retrieve(standalone.query, { ...options, signal });
      const notes = [queryNote, standalone.note].filter((note): note is string => Boolean(note));
      return notes.length > 0 ? { ...result, notes: [...notes, ...result.notes] } : result;
    };
    const composer = this.composer;
    const respond = (answer: Answer, result: RetrievalResult) => this.result(answer, result);
    return {
      answer: async (signal) => {
        const result = await retrieve(signal);
        return respond(await composer.answer(question, history, result, { signal }), result);
      },
      async *events(signal) {
        const result = await retrieve(signal);
        yield { event: 'retrieval', data: { mode: result.used.mode, ...summary(result), sources: announcedSources(result) } };
        for await (const event of composer.answerStream(question, history, result, { signal })) {
          if (event.type === 'token') yield { event: 'token', data: { text: event.text } };
          else if (event.type === 'citation') yield { event: 'citation', data: event.citation };
          else yield { event: 'done', data: respond(event.answer, result) };
        }
      },
    };
  }

  private result(answer: Answer, result: RetrievalResult): AnswerResult {
    return {
      answer: answer.answer,
      citations: answer.citations,
      mode: result.used.mode,
      llm: answer.llm && this.llm ? { used: true, model: this.llm.largeModel } : { used: false },
      ...(answer.notice ? { notice: answer.notice } : {}),
      retrieval: summary(result),
    };
  }
}

function summary(result: RetrievalResult): RetrievalSummary {
  return { hits: result.hits.length, passages: result.passages.length, notes: result.notes };
}

/** Search takes at most MAX_QUERY_LENGTH characters; a longer question is cut at a word boundary. */
function searchQuery(question: string): string {
  const trimmed = question.trim();
  if (trimmed.length <= MAX_QUERY_LENGTH) return trimmed;
  const cut = trimmed.slice(0, MAX_QUERY_LENGTH);
  const space = cut.lastIndexOf(' ');
  return space > MAX_QUERY_LENGTH / 2 ? cut.slice(0, space) : cut;
}
