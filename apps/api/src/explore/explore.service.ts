import { Inject, Injectable } from '@nestjs/common';
import { ExploreAgent, type ExploreEvent, type ExploreRequest } from '@lectern/agent';
import { ArticleNotFoundError, IngestRuntime, ProjectNotFoundError } from '@lectern/ingest';
import type { LlmClient, ToolCallingLlm } from '@lectern/llm';
import { SearchService } from '@lectern/retrieval';
import { LLM_CLIENT } from '../chat/llm.provider';
import { INGEST_RUNTIME } from '../core/tokens';
import type { ExploreRequestDto } from './dto/explore.request.dto';
import type { ExploreResponseDto } from './dto/explore.response.dto';

/** A checked explore request with its agent: built before a response starts, so its errors are plain HTTP errors. */
export interface ExploreRun {
  agent: ExploreAgent;
  request: ExploreRequest;
}

@Injectable()
export class ExploreService {
  constructor(
    @Inject(INGEST_RUNTIME) private readonly runtime: IngestRuntime,
    @Inject(LLM_CLIENT) private readonly llm: (LlmClient & ToolCallingLlm) | null,
  ) {}

  start(projectId: string, dto: ExploreRequestDto): ExploreRun {
    if (!this.runtime.catalog.projects.findById(projectId)) throw new ProjectNotFoundError(projectId);
    const corpus = this.runtime.corpora.get(projectId);
    if (dto.articleId && !corpus.getArticle(dto.articleId)) throw new ArticleNotFoundError(dto.articleId);
    const agent = new ExploreAgent({ corpus, search: new SearchService(corpus, this.runtime.embedder), llm: this.llm });
    const request: ExploreRequest = {
      question: dto.question,
      articleId: dto.articleId,
      budget: { maxSteps: dto.maxSteps },
      searchMode: this.runtime.defaultSearchMode,
      stream: dto.stream === true,
    };
    return { agent, request };
  }

  async explore(run: ExploreRun, signal?: AbortSignal): Promise<ExploreResponseDto> {
    const { readSectionIds: _read, ...result } = await run.agent.explore({ ...run.request, signal });
    return result;
  }

  events(run: ExploreRun, signal: AbortSignal): AsyncIterable<ExploreEvent> {
    return run.agent.events({ ...run.request, signal });
  }
}
