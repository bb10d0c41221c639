import { ConversationsController } from '../apps/api/src/conversations/conversations.controller';
import { SearchController } from '../apps/api/src/search/search.controller';
import { ingestCorpusPdfs, startTestApp, type TestApp } from './support/test-app';

/** One app, two real papers, no LLM: scoping a question to one paper, and conversations kept on the server. */
let t: TestApp;
let projectId: string;
let otherProjectId: string;
let graph: string;
let higgs: string;

beforeAll(async () => {
  t = await startTestApp({ EMBEDDINGS: 'lexical' });
  projectId = (await t.http().post('/projects').send({ name: 'scope' }).expect(201)).body.id as string;
  otherProjectId = (await t.http().post('/projects').send({ name: 'other' }).expect(201)).body.id as string;
  [graph, higgs] = (await ingestCorpusPdfs(t, projectId, ['acl-N18-3011.pdf', 'arxiv-1211.2288.pdf'])).map((d) => d.articleId as string);
}, 120_000);
afterAll(() => t.close());

const QUESTION = 'What is measured in the experiment and how are the results evaluated?';

describe(`${SearchController.name} with articleIds`, () => {
  it.each(['keyword', 'standard', 'hybrid'])('keeps %s hits to the named paper', async (mode) => {
    const everywhere = (await t.http().post(`/projects/${projectId}/search`).send({ query: QUESTION, mode, k: 50 }).expect(200)).body;
    expect(new Set(everywhere.results.map((h: { article: { id: string } }) => h.article.id))).toEqual(new Set([graph, higgs]));
    for (const only of [graph, higgs]) {
      const scoped = (
        await t
          .http()
          .post(`/projects/${projectId}/search`)
          .send({ query: QUESTION, mode, k: 10, articleIds: [only] })
          .expect(200)
      ).body;
      expect(scoped.results.length).toBeGreaterThan(0);
      expect(scoped.results.every((h: { article: { id: string } }) => h.article.id === only)).toBe(true);
    }
  });

  it('refuses ids that are not articles of the project with a 404 naming the id, and malformed lists with a 400', async () => {
    const search = (articleIds: unknown, project = projectId) =>
      t.http().post(`/projects/${project}/search`).send({ query: QUESTION, articleIds });
    const unknown = await search([graph, 'no-such-article']).expect(404);
    expect(unknown.body.message).toMatch(/no article "no-such-article" in project/);
    // Another project's article is as unknown here: each project is its own corpus.
    expect((await search([graph], otherProjectId).expect(404)).body.message).toMatch(new RegExp(`no article "${graph}"`));
    // One message each, naming the one problem (a string used to get three, two about array sizes).
    expect((await search([]).expect(400)).body.message).toBe(
      'articleIds must name at least one article (leave it out to search the whole project)',
    );
    expect((await search(graph).expect(400)).body.message).toBe('articleIds must be an array of article ids');
    expect((await search(['  ']).expect(400)).body.message).toBe('articleIds must not hold an empty id');
    const chat = await t
      .http()
      .post(`/projects/${projectId}/chat`)
      .send({ messages: [{ role: 'user', content: QUESTION }], articleIds: 'abc' })
      .expect(400);
    expect(chat.body.message).toBe('articleIds must be an array of article ids');
  });

  it('answers a chat question and an explore run from the named paper only', async () => {
    const chat = await t
      .http()
      .post(`/projects/${projectId}/chat`)
      .send({ messages: [{ role: 'user', content: QUESTION }], articleIds: [higgs], expand: 'parent' })
      .expect(200);
    expect(chat.body.citations.length).toBeGreaterThan(0);
    expect(chat.body.citations.every((c: { articleId: string }) => c.articleId === higgs)).toBe(true);

    const explore = await t
      .http()
      .post(`/projects/${projectId}/explore`)
      .send({ question: QUESTION, articleIds: [graph] })
      .expect(200);
    expect(explore.body.citations.length).toBeGreaterThan(0);
    expect(explore.body.citations.every((c: { articleId: string }) => c.articleId === graph)).toBe(true);
    await t
      .http()
      .post(`/projects/${projectId}/explore`)
      .send({ question: QUESTION, articleIds: ['nope'] })
      .expect(404);
  });
});

describe(ConversationsController.name, () => {
  const base = () => `/projects/${projectId}/conversations`;

  it('keeps named conversations with each turn and its citations, and exports one as Markdown', async () => {
    const created = (await t.http().post(base()).send({}).expect(201)).body;
    // AUTH=off: the one local person (LOCAL_PRINCIPAL) makes and owns the conversations.
    expect(created).toMatchObject({ title: 'New conversation', messageCount: 0, userId: 'local', projectId });
    const other = (await t.http().post(base()).send({ title: 'Higgs only' }).expect(201)).body;

    const first = 'How does Semantic Scholar link entity mentions to the knowledge base?';
    const answer = (
      await t
        .http()
        .post(`/projects/${projectId}/chat`)
        .send({ messages: [{ role: 'user', content: first }], conversationId: created.id })
        .expect(200)
    ).body;
    expect(answer.citations.length).toBeGreaterThan(0);
    // A streamed turn is kept too, once it is done.
    const streamed = await t
      .http()
      .post(`/projects/${projectId}/chat`)
      .send({
        messages: [
          { role: 'user', content: first },
          { role: 'assistant', content: answer.answer },
          { role: 'user', content: 'Which entity types does it extract?' },
        ],
        conversationId: created.id,
        stream: true,
      })
      .expect(200);
    expect(streamed.text).toMatch(/event: done/);

    const list = (await t.http().get(base()).expect(200)).body;
    expect(list.map((c: { id: string }) => c.id)).toEqual([created.id, other.id]); // most recently used first
    const detail = (await t.http().get(`${base()}/${created.id}`).expect(200)).body;
    expect(detail.title).toBe(first); // an untitled conversation takes its first question
    expect(detail.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(detail.messages[0]).toMatchObject({ content: first, citations: [] });
    expect(detail.messages[1]).toMatchObject({ content: answer.answer, citations: answer.citations });

    const renamed = await t.http().patch(`${base()}/${created.id}`).send({ title: '  Entity   linking ' }).expect(200);
    expect(renamed.body.title).toBe('Entity linking');
    const exported = await t.http().get(`${base()}/${created.id}/export.md`).expect(200);
    expect(exported.headers['content-type']).toMatch(/^text\/markdown/);
    expect(exported.headers['content-disposition']).toBe('attachment; filename="entity-linking.md"');
    expect(exported.text).toMatch(/^# Entity linking\n/);
    expect(exported.text).toContain(`## ${first}\n\n${answer.answer.trim()}\n`);
    const c = answer.citations[0];
    expect(exported.text).toContain(`- [${c.n}] ${c.articleTitle} — §${c.sectionNumber} ${c.sectionTitle}, p. ${c.page}`);
    expect(exported.text).toContain('## Which entity types does it extract?');

    await t.http().delete(`${base()}/${other.id}`).expect(204);
    await t.http().get(`${base()}/${other.id}`).expect(404);
    expect((await t.http().get(base()).expect(200)).body.map((c: { id: string }) => c.id)).toEqual([created.id]);
  });

  it('keeps explore runs as turns with their citations and steps, lists them beside chat turns and exports them', async () => {
    const created = (await t.http().post(base()).send({ title: 'Explored' }).expect(201)).body;
    const question = 'How does Semantic Scholar link entity mentions to the knowledge base?';
    const explored = (
      await t
        .http()
        .post(`/projects/${projectId}/explore`)
        .send({ question, articleIds: [graph], conversationId: created.id })
        .expect(200)
    ).body;
    const streamed = await t
      .http()
      .post(`/projects/${projectId}/explore`)
      .send({ question: QUESTION, conversationId: created.id, stream: true })
      .expect(200);
    expect(streamed.text).toMatch(/event: done/);

    const detail = (await t.http().get(`${base()}/${created.id}`).expect(200)).body;
    expect(detail.messages.map((m: { role: string; kind: string }) => `${m.role}/${m.kind}`)).toEqual([
      'user/explore',
      'assistant/explore',
      'user/explore',
      'assistant/explore',
    ]);
    expect(detail.messages[0]).toMatchObject({ content: question, citations: [], steps: null });
    expect(detail.messages[1]).toMatchObject({ content: explored.answer, citations: explored.citations, steps: explored.steps });
    expect(explored.citations.length).toBeGreaterThan(0);

    const exported = (await t.http().get(`${base()}/${created.id}/export.md`).expect(200)).text;
    expect(exported).toContain(`## ${question}\n\n*Explored in ${explored.steps.length} steps.*\n\n${explored.answer.trim()}\n`);
    const c = explored.citations[0];
    expect(exported).toContain(`- [${c.n ?? 1}] ${c.articleTitle} — §${c.sectionNumber} ${c.sectionTitle}, p. ${c.page}`);
    expect(exported).toContain(`Steps:\n\n1. search: ${explored.steps[0].summary}`);
    await t.http().post(`/projects/${projectId}/explore`).send({ question, conversationId: 'nope' }).expect(404);
  });

  it('refuses unknown and other projects’ conversations, blank titles, and a chat naming no such conversation', async () => {
    const mine = (await t.http().post(base()).send({ title: 'mine' }).expect(201)).body;
    await t.http().get(`/projects/${otherProjectId}/conversations/${mine.id}`).expect(404);
    await t.http().get(`/projects/${otherProjectId}/conversations/${mine.id}/export.md`).expect(404);
    await t.http().delete(`/projects/${otherProjectId}/conversations/${mine.id}`).expect(404);
    expect((await t.http().patch(`${base()}/${mine.id}`).send({ title: '   ' }).expect(400)).body.message).toBe('title must not be empty');
    await t
      .http()
      .post(base())
      .send({ title: 'x'.repeat(201) })
      .expect(400);
    const chat = await t
      .http()
      .post(`/projects/${projectId}/chat`)
      .send({ messages: [{ role: 'user', content: QUESTION }], conversationId: 'nope', stream: true })
      .expect(404);
    expect(chat.body.message).toMatch(/no conversation "nope"/);
    expect((await t.http().get(`${base()}/${mine.id}`).expect(200)).body.messages).toEqual([]);
    await t.http().get('/projects/nope/conversations').expect(404);
  });
});
