import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { ExploreCitation } from '@lectern/agent';
import { CatalogDb } from '@lectern/corpus';
import type { ConfiguredEmbedder } from '@lectern/ingest';
import { useTempDir } from '../../../corpus/src/testing/temp-dir.fixture';
import type { Explore, ExploreOutcome } from '../explore/explore.usecase';
import { ArticleNotInProjectError, ArticleScopeError } from '../article-scope/article-scope.errors';
import { MAX_SCOPE_ARTICLES } from '../article-scope/article-scope';
import { FindProject } from '../projects/find-project.query';
import { createLecternMcpServer, type LecternMcpDeps } from './lectern-mcp.server';

const cite = (n: number, sectionTitle: string): ExploreCitation => ({
  n,
  articleId: 'a1',
  articleTitle: 'A paper',
  sectionNumber: String(n),
  sectionTitle,
  page: n,
});

describe(createLecternMcpServer.name, () => {
  const dir = useTempDir('lectern-mcp-');
  let catalog: CatalogDb;
  let client: Client;
  let deps: LecternMcpDeps;
  let projectId: string;

  beforeEach(async () => {
    catalog = CatalogDb.open(dir());
    const project = catalog.projects.create('course');
    // The agent's answer as it gives it: markers are the numbers of the sections it read, so the cited ones can skip some.
    const outcome: ExploreOutcome = {
      answer: 'The boson has spin zero [3], and its mass is 125 GeV [5].',
      citations: [cite(3, 'Spin'), cite(5, 'Mass')],
      steps: [],
      usage: { steps: 2, tokens: 10, llmCalls: 0 },
      navigator: 'heuristic',
    };
    const explore = { execute: () => ({ explore: () => Promise.resolve(outcome) }) } as unknown as Explore;
    projectId = project.id;
    deps = {
      projects: new FindProject(catalog),
      corpora: { get: () => ({}) as never },
      embedder: {} as ConfiguredEmbedder,
      explore,
    };
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createLecternMcpServer(deps, project.id).connect(serverSide);
    client = new Client({ name: 'spec', version: '1' });
    await client.connect(clientSide);
  });
  afterEach(async () => {
    await client.close();
    catalog.close();
  });

  it("numbers the explore tool's sources with the answer's own [n] markers", async () => {
    const result = (await client.callTool({ name: 'explore', arguments: { question: 'What is the spin?' } })) as {
      content: Array<{ type: string; text: string }>;
    };
    const lines = result.content[0].text.split('\n');
    expect(lines).toContainEqual(expect.stringMatching(/^\[3\] a1 §3 Spin, p\. 3$/));
    expect(lines).toContainEqual(expect.stringMatching(/^\[5\] a1 §5 Mass, p\. 5$/));
    expect(lines.filter((line) => /^\[[12]\]/.test(line))).toEqual([]);
  });

  it('refuses a scope the commands refuse (too many ids, an empty id) before the session starts, naming articleIds', () => {
    const tooMany = Array.from({ length: MAX_SCOPE_ARTICLES + 1 }, (_, i) => `a${i}`);
    expect(() => createLecternMcpServer(deps, projectId, tooMany)).toThrow(ArticleScopeError);
    expect(() => createLecternMcpServer(deps, projectId, tooMany)).toThrow(`articleIds must name at most ${MAX_SCOPE_ARTICLES} articles`);
    expect(() => createLecternMcpServer(deps, projectId, ['a1', ' '])).toThrow('articleIds must not hold an empty id');
    expect(() => createLecternMcpServer(deps, projectId, [])).toThrow(/articleIds must name at least one article/);
  });

  it("refuses an unknown id in articleIds naming the project by its name and the MCP session's scope", () => {
    const scoped = { ...deps, corpora: { get: () => ({ unknownArticles: (ids: readonly string[]) => [...ids] }) as never } };
    expect(() => createLecternMcpServer(scoped, projectId, ['nope'])).toThrow(ArticleNotInProjectError);
    let message = '';
    try {
      createLecternMcpServer(scoped, projectId, ['nope']);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/"nope"/);
    expect(message).toMatch(/project "course"/);
    expect(message).toMatch(/MCP/);
    expect(message).not.toContain(projectId);
    expect(message).not.toMatch(/scope a search/);
  });
});
