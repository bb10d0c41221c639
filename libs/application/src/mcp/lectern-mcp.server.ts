import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod/v4';
import {
  DEFAULT_EXPLORE_BUDGET,
  DEFAULT_TOOL_SEARCH_K,
  MAX_TOOL_SEARCH_K,
  PaperReader,
  type PaperReaderCorpus,
  type ToolOutput,
} from '@lectern/agent';
import { DomainError, pagesLabel } from '@lectern/common';
import type { ConfiguredEmbedder, CorpusRegistry } from '@lectern/ingest';
import { SearchService } from '@lectern/retrieval';
import { version } from '../../../../package.json';
import { ExploreCommand } from '../explore/explore.command';
import type { Explore } from '../explore/explore.usecase';
import type { FindProject } from '../projects/find-project.query';
import { checkedScope, parseArticleIds } from '../article-scope/article-scope';

export const MCP_TOOL_NAMES = ['search', 'outline', 'read_section', 'next', 'previous', 'read_page', 'cite', 'explore'] as const;

export interface LecternMcpDeps {
  projects: FindProject;
  corpora: Pick<CorpusRegistry, 'get'>;
  embedder: ConfiguredEmbedder;
  explore: Explore;
}

interface Location {
  article: { id: string; title: string };
  section: { id: string; number: string; title: string };
  page: number | null;
}

/**
 * Lectern's navigation as MCP tools over one project, for any MCP client (`lectern mcp` over stdio, `/mcp` over
 * streamable HTTP). One server per client session: it keeps the agent's reading cursor (PaperReader, the same object
 * the explore agent moves with), so `next`/`previous` go on from the last read and `cite` cites only what was read.
 * Every reading tool returns its article, section and page in `structuredContent`. `articleIds` scopes the session:
 * search ranks only those papers, and outline/read/next/previous/read_page refuse any other. The ids (as the caller
 * got them: a query parameter, `--paper`) pass the commands' `articleIdsSchema` here, and only here, so a scope
 * `explore` would refuse (too many, an empty id) is refused before the session starts.
 */
export function createLecternMcpServer(deps: LecternMcpDeps, projectId: string, articleIds?: unknown): McpServer {
  const project = deps.projects.byId(projectId);
  const scope = checkedScope(
    deps.corpora.get(project.id),
    project.id,
    parseArticleIds(articleIds),
    (id) =>
      `no article ${JSON.stringify(id)} in project ${JSON.stringify(project.name)}; ` +
      "an MCP connection's articleIds may name only that project's articles (leave articleIds out for all of them)",
  );
  // Looked up on every call, never kept: the registry may close and reopen a corpus (a re-embed does) during a session.
  const current = () => deps.corpora.get(project.id);
  const corpus: PaperReaderCorpus = {
    listArticles: () => current().listArticles(),
    getArticle: (id) => current().getArticle(id),
    outline: (id) => current().outline(id),
    articleOfSection: (id) => current().articleOfSection(id),
    listSectionContexts: (id) => current().listSectionContexts(id),
    listArticleContexts: (id) => current().listArticleContexts(id),
  };
  const reader = new PaperReader({
    corpus,
    search: { search: (query, options) => new SearchService(current(), deps.embedder.instance, scope).search(query, options) },
    searchMode: deps.embedder.defaultSearchMode,
    readTokens: DEFAULT_EXPLORE_BUDGET.readTokens,
    scope: scope.articleIds,
  });
  const server = new McpServer(
    { name: 'lectern', version },
    {
      instructions: `Scientific papers of the Lectern project "${project.name}". Search, then read sections in order; cite what you read.`,
    },
  );

  /** Where the cursor is after a reading tool: article, section, first page. */
  const here = (): Location | null => {
    const cursor = reader.cursor;
    if (!cursor) return null;
    const article = corpus.getArticle(cursor.articleId);
    const section = reader.outlineOf(cursor.articleId).find((e) => e.id === cursor.sectionId);
    if (!article || !section) return null;
    return {
      article: { id: article.id, title: article.title },
      section: { id: section.id, number: section.number, title: section.title },
      page: section.pageStart,
    };
  };
  const reading = (read: () => ToolOutput): Promise<CallToolResult> =>
    run(() => {
      const output = read();
      const location = here();
      return { content: [{ type: 'text', text: output.content }], ...(location ? { structuredContent: { ...location } } : {}) };
    });

  server.registerTool(
    'search',
    {
      description: 'Search the papers. Each hit names its article (id, title), section (id, number, title) and page.',
      inputSchema: { query: z.string().min(1), k: z.number().int().min(1).max(MAX_TOOL_SEARCH_K).optional() },
    },
    ({ query, k }) =>
      run(async () => {
        const output = await reader.search(query, k ?? DEFAULT_TOOL_SEARCH_K);
        const hits = reader.lastHits.map((hit) => ({
          article: { id: hit.article.id, title: hit.article.title },
          section: { id: hit.section.id, number: hit.section.number, title: hit.section.title },
          page: hit.page,
          score: hit.score,
          text: hit.text,
        }));
        return { content: [{ type: 'text', text: output.content }], structuredContent: { hits } };
      }),
  );
  server.registerTool(
    'outline',
    {
      description: "An article's sections in reading order, with ids, numbers, titles and pages.",
      inputSchema: { article_id: z.string().min(1) },
    },
    ({ article_id }) =>
      run(() => {
        const output = reader.outline(article_id);
        const sections = reader.outlineOf(article_id).map((e) => ({
          id: e.id,
          number: e.number,
          title: e.title,
          level: e.level,
          pageStart: e.pageStart,
          pageEnd: e.pageEnd,
        }));
        return { content: [{ type: 'text', text: output.content }], structuredContent: { articleId: article_id, sections } };
      }),
  );
  server.registerTool(
    'read_section',
    {
      description: 'Jump to a section and read it: a section id, a number like "3.2", or a title (with article_id).',
      inputSchema: { section: z.string().min(1), article_id: z.string().min(1).optional() },
    },
    ({ section, article_id }) => reading(() => reader.jump(section, article_id)),
  );
  server.registerTool('next', { description: 'Read on: the rest of the current section, else the next section.' }, () =>
    reading(() => reader.next()),
  );
  server.registerTool('previous', { description: 'Step back to the preceding section in reading order.' }, () =>
    reading(() => reader.previous()),
  );
  server.registerTool(
    'read_page',
    {
      description: 'Read the text on one page of an article.',
      inputSchema: { article_id: z.string().min(1), page: z.number().int().min(1) },
    },
    ({ article_id, page }) => reading(() => reader.readPage(article_id, page)),
  );
  server.registerTool(
    'cite',
    {
      description: 'A citation (article, section, page) for a section read in this session, by section id or number.',
      inputSchema: { section: z.string().min(1) },
    },
    ({ section }) =>
      run(() => {
        const found = reader.citationFor(section);
        if (!found) return failure(`cite: section ${JSON.stringify(section)} has not been read in this session; read it first`);
        const { citation } = found;
        const article = corpus.getArticle(citation.articleId);
        const title = article?.title ?? citation.articleId;
        const label = [citation.sectionNumber ? `§${citation.sectionNumber}` : '', citation.sectionTitle].filter(Boolean).join(' ');
        return {
          content: [{ type: 'text', text: `"${title}", ${label}, p. ${citation.page}` }],
          structuredContent: {
            article: { id: citation.articleId, title },
            section: { id: found.sectionId, number: citation.sectionNumber, title: citation.sectionTitle },
            page: citation.page,
          },
        };
      }),
  );
  server.registerTool(
    'explore',
    {
      description: "Let Lectern's own agent read the papers until it can answer; returns the answer with citations.",
      inputSchema: {
        question: z.string().min(1),
        article_id: z.string().min(1).optional(),
        max_steps: z.number().int().min(1).max(30).optional(),
      },
    },
    ({ question, article_id, max_steps }, extra) =>
      run(async () => {
        const command = ExploreCommand.create({
          projectId: project.id,
          question,
          articleId: article_id,
          articleIds: scope.articleIds ? [...scope.articleIds] : undefined,
          maxSteps: max_steps,
        });
        const result = await deps.explore.execute(command).explore(extra.signal);
        // Numbered by the answer's own markers (the sections' numbers as read, so they can skip); by place only without one.
        const sources = result.citations.map(
          (c, i) => `[${c.n ?? i + 1}] ${c.articleId} §${c.sectionNumber || '-'} ${c.sectionTitle}, ${pagesLabel(c.page, c.pageEnd)}`,
        );
        return {
          content: [{ type: 'text', text: [result.answer, ...(result.notice ? [result.notice] : []), ...sources].join('\n') }],
          structuredContent: { answer: result.answer, citations: result.citations, navigator: result.navigator },
        };
      }),
  );
  return server;
}

/** A tool's own refusal (a bad section, an unknown article) goes back to the model as a tool error, not a protocol error. */
async function run(work: () => CallToolResult | Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError && error.exposable) return failure(error.message);
    throw error;
  }
}

function failure(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}
