import { z } from 'zod';
import type { CatalogDb, CorpusDb, SearchScope } from '@lectern/corpus';
import type { CorpusRegistry } from '@lectern/ingest';
import { parseCommand } from '../command';
import { FindProject } from '../projects/find-project.query';
import { ArticleNotInProjectError, ArticleScopeError } from './article-scope.errors';

/** Articles one search, question or explore run may be scoped to at most. */
export const MAX_SCOPE_ARTICLES = 50;

/**
 * What is wrong with `articleIds`, the first problem only, worded to follow the field's name ("articleIds must …"),
 * or null. The one statement of the rules: the commands' schema and the API's DTO both ask it, so a request refused
 * at the HTTP edge and a command refused in a use case read alike.
 */
export function articleIdsProblem(value: unknown): string | null {
  if (!Array.isArray(value)) return 'must be an array of article ids';
  if (value.length < 1) return 'must name at least one article (leave it out to search the whole project)';
  if (value.length > MAX_SCOPE_ARTICLES) return `must name at most ${MAX_SCOPE_ARTICLES} articles`;
  if (value.some((id) => typeof id !== 'string')) return 'must hold only strings';
  if (value.some((id: string) => id.trim().length === 0)) return 'must not hold an empty id';
  return null;
}

/** `articleIds` of a command: one or more distinct, non-empty ids (unset: the whole project), trimmed. */
export const articleIdsSchema = z
  .custom<string[]>(
    (value) => articleIdsProblem(value) === null,
    (value) => ({ message: articleIdsProblem(value) ?? 'is invalid' }),
  )
  .transform((ids) => [...new Set(ids.map((id) => id.trim()))]);

/**
 * `articleIds` from a caller that is not a command (the MCP server's `?articleIds=`, `--paper`), checked by the same
 * schema as a command's: more than MAX_SCOPE_ARTICLES, an empty id or a non-list is refused here, not by a later tool.
 */
export function parseArticleIds(articleIds: unknown): string[] | undefined {
  return parseCommand(articleIdsSchema.optional(), articleIds, ArticleScopeError, () => 'articleIds');
}

/**
 * The scope of a search over `corpus`: every id must be an article of this project; an id of another project's
 * article is as unknown here as a made-up one (each project is its own corpus), so both are a 404 naming the id.
 */
export function checkedScope(
  corpus: CorpusDb,
  projectId: string,
  articleIds: readonly string[] | undefined,
  /** The 404's message, for a caller whose scope is not a search's (the MCP endpoint's). */
  unknownMessage?: (articleId: string) => string,
): SearchScope {
  if (!articleIds) return {};
  const unknown = corpus.unknownArticles(articleIds);
  if (unknown.length > 0) throw new ArticleNotInProjectError(unknown[0], projectId, unknownMessage?.(unknown[0]));
  return { articleIds };
}

export interface PaperMatch {
  id: string;
  title: string;
}

/**
 * Resolves what a person typed for a paper (`lectern ask --paper …`): an article id, else a case-insensitive
 * substring of exactly one title. Several titles matching, or none, is an error listing what there is.
 */
export class FindPaper {
  private readonly projects: FindProject;

  constructor(
    catalog: CatalogDb,
    private readonly corpora: CorpusRegistry,
  ) {
    this.projects = new FindProject(catalog);
  }

  resolve(projectId: string, wanted: string): PaperMatch {
    this.projects.byId(projectId);
    const articles = this.corpora.get(projectId).listArticles();
    const text = wanted.trim();
    if (text === '') throw new ArticleScopeError('the paper to search must not be empty (an article id or part of its title)');
    const byId = articles.find((a) => a.id === text);
    if (byId) return { id: byId.id, title: byId.title };
    const needle = text.toLowerCase();
    const matches = articles.filter((a) => a.title.toLowerCase().includes(needle));
    if (matches.length === 1) return { id: matches[0].id, title: matches[0].title };
    if (matches.length === 0)
      throw new ArticleScopeError(`no paper in this project has the id or a title containing ${JSON.stringify(text)}`);
    const listed = matches
      .slice(0, 5)
      .map((a) => `${a.id} (${a.title})`)
      .join('; ');
    throw new ArticleScopeError(
      `${matches.length} papers have a title containing ${JSON.stringify(text)}: ${listed}${matches.length > 5 ? '; …' : ''}; give more of the title or the id`,
    );
  }
}
