import type { CatalogDb } from '@lectern/corpus';
import type { ConfiguredEmbedder, CorpusRegistry } from '@lectern/ingest';
import { SearchService, type SearchHit, type SearchMode } from '@lectern/retrieval';
import { FindProject } from '../projects/find-project.query';
import type { SearchProjectCommand } from './search-project.command';
import { checkedScope } from '../article-scope/article-scope';

export interface SearchProjectResult {
  mode: SearchMode;
  results: SearchHit[];
}

/** Ranks a project's contexts for a query: `POST /projects/:id/search` and `lectern search`. */
export class SearchProject {
  private readonly projects: FindProject;

  constructor(
    catalog: CatalogDb,
    private readonly corpora: CorpusRegistry,
    private readonly embedder: ConfiguredEmbedder,
  ) {
    this.projects = new FindProject(catalog);
  }

  async execute(command: SearchProjectCommand): Promise<SearchProjectResult> {
    const mode = command.mode ?? this.embedder.defaultSearchMode;
    this.projects.byId(command.projectId);
    const corpus = this.corpora.get(command.projectId);
    const search = new SearchService(corpus, this.embedder.instance, checkedScope(corpus, command.projectId, command.articleIds));
    return { mode, results: await search.search(command.query, { mode, k: command.k }) };
  }
}
