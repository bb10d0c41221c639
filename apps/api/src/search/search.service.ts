import { Inject, Injectable } from '@nestjs/common';
import { IngestRuntime, ProjectNotFoundError } from '@lectern/ingest';
import { SearchService as CorpusSearch, type SearchMode } from '@lectern/retrieval';
import { INGEST_RUNTIME } from '../core/tokens';
import type { SearchResponseDto } from './dto/search.response.dto';

@Injectable()
export class SearchService {
  constructor(@Inject(INGEST_RUNTIME) private readonly runtime: IngestRuntime) {}

  async search(projectId: string, query: string, requested?: SearchMode, k?: number): Promise<SearchResponseDto> {
    const mode = requested ?? this.runtime.defaultSearchMode;
    if (!this.runtime.catalog.projects.findById(projectId)) throw new ProjectNotFoundError(projectId);
    const search = new CorpusSearch(this.runtime.corpora.get(projectId), this.runtime.embedder);
    const hits = await search.search(query, { mode, k });
    return { mode, results: hits };
  }
}
