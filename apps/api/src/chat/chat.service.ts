import { Inject, Injectable } from '@nestjs/common';
import type { LecternConfig } from '@lectern/config';
import { IngestRuntime, ProjectNotFoundError } from '@lectern/ingest';
import type { ChatMessage, LlmClient } from '@lectern/llm';
import {
  AnswerComposer,
  MAX_QUERY_LENGTH,
  RetrievalPipeline,
  SearchService,
  selectRerankers,
  standaloneQuery,
  type Answer,
  type Reranker,
  type RetrievalOptions,
  type RetrievalResult,
} from '@lectern/retrieval';
import { INGEST_RUNTIME, LECTERN_CONFIG } from '../core/tokens';
import type { ChatRequestDto } from './dto/chat.request.dto';
import type { ChatEvent, ChatResponseDto, ChatSourceDto } from './dto/chat.response.dto';
import { LLM_CLIENT } from './llm.provider';

/** The retrieval event names at most this many sources: enough to show, without echoing all k hits. */
export const MAX_ANNOUNCED_SOURCES = 20;

/** One question, checked and ready to answer: built before a response starts, so its errors are plain HTTP errors. */
export interface ChatTurn {
  question: string;
  /** The conversation before the question, oldest first; the composer keeps what fits its budget. */
  history: ChatMessage[];
  query: string;
  pipeline: RetrievalPipeline;
  options: RetrievalOptions;
  /** Set when the question had to be cut down to the search query limit. */
  queryNote: string | null;
}

@Injectable()
export class ChatService {
  private readonly composer: AnswerComposer;
  private readonly rerankers: Reranker[];

  constructor(
    @Inject(INGEST_RUNTIME) private readonly runtime: IngestRuntime,
    @Inject(LECTERN_CONFIG) config: LecternConfig,
    @Inject(LLM_CLIENT) private readonly llm: LlmClient | null,
  ) {
    this.composer = new AnswerComposer(llm);
    // Chosen once: the cross-encoder loads lazily on the first rerank and is then kept.
    this.rerankers = selectRerankers({ modelsDir: config.embeddings.modelsDir, allowDownload: config.embeddings.allowDownload }, llm);
  }

  start(projectId: string, dto: ChatRequestDto): ChatTurn {
    if (!this.runtime.catalog.projects.findById(projectId)) throw new ProjectNotFoundError(projectId);
    const corpus = this.runtime.corpora.get(projectId);
    const search = new SearchService(corpus, this.runtime.embedder);
    const pipeline = new RetrievalPipeline({ search, corpus, llm: this.llm, rerankers: this.rerankers });
    const question = dto.messages[dto.messages.length - 1].content;
    const history: ChatMessage[] = dto.messages.slice(0, -1).map(({ role, content }) => ({ role, content }));
    const query = searchQuery(question);
    const options: RetrievalOptions = {
      mode: dto.mode ?? this.runtime.defaultSearchMode,
      k: dto.k,
      expand: dto.expand,
      multiQuery: dto.multiQuery,
      filter: dto.filter,
      rerank: dto.rerank,
    };
    const queryNote =
      query.length < question.trim().length
        ? `the question is ${question.trim().length} characters long; search takes ${MAX_QUERY_LENGTH}, so its first ${query.length} were searched`
        : null;
    return { question, history, query, pipeline, options, queryNote };
  }

  async answer(turn: ChatTurn, signal?: AbortSignal): Promise<ChatResponseDto> {
    const result = await this.retrieve(turn, signal);
    const answer = await this.composer.answer(turn.question, turn.history, result, { signal });
    return this.response(answer, result);
  }

  /** retrieval → token* → citation* (each as soon as its marker is complete) → done. */
  async *events(turn: ChatTurn, signal: AbortSignal): AsyncIterable<ChatEvent> {
    const result = await this.retrieve(turn, signal);
    yield {
      event: 'retrieval',
      data: { mode: result.used.mode, ...summary(result), sources: announcedSources(result) },
    };
    for await (const event of this.composer.answerStream(turn.question, turn.history, result, { signal })) {
      if (event.type === 'token') yield { event: 'token', data: { text: event.text } };
      else if (event.type === 'citation') yield { event: 'citation', data: event.citation };
      else yield { event: 'done', data: this.response(event.answer, result) };
    }
  }

  /** A follow-up ("what is its precision?") is searched with the conversation folded in; the answer sees it all. */
  private async retrieve(turn: ChatTurn, signal?: AbortSignal): Promise<RetrievalResult> {
    const standalone = await standaloneQuery(turn.query, turn.history, this.llm, signal);
    const result = await turn.pipeline.retrieve(standalone.query, { ...turn.options, signal });
    const notes = [turn.queryNote, standalone.note].filter((note): note is string => Boolean(note));
    return notes.length > 0 ? { ...result, notes: [...notes, ...result.notes] } : result;
  }

  private response(answer: Answer, result: RetrievalResult): ChatResponseDto {
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

function summary(result: RetrievalResult) {
  return { hits: result.hits.length, passages: result.passages.length, notes: result.notes };
}

/** The passages when parent expansion ran (each at its best hit), else the top hits. */
function announcedSources(result: RetrievalResult): ChatSourceDto[] {
  if (result.passages.length > 0) {
    return result.passages.slice(0, MAX_ANNOUNCED_SOURCES).map((passage) => {
      const best = passage.contexts.find((c) => c.id === passage.hitContextIds[0]) ?? passage.contexts[0];
      return source(best.id, passage.article, best.section, best.page);
    });
  }
  return result.hits.slice(0, MAX_ANNOUNCED_SOURCES).map((hit) => source(hit.contextId, hit.article, hit.section, hit.page));
}

function source(
  contextId: string,
  article: { id: string; title: string },
  section: { number: string; title: string },
  page: number,
): ChatSourceDto {
  return { contextId, articleId: article.id, articleTitle: article.title, sectionNumber: section.number, sectionTitle: section.title, page };
}

/** Search takes at most MAX_QUERY_LENGTH characters; a longer question is cut at a word boundary. */
function searchQuery(question: string): string {
  const trimmed = question.trim();
  if (trimmed.length <= MAX_QUERY_LENGTH) return trimmed;
  const cut = trimmed.slice(0, MAX_QUERY_LENGTH);
  const space = cut.lastIndexOf(' ');
  return space > MAX_QUERY_LENGTH / 2 ? cut.slice(0, space) : cut;
}
