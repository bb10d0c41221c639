import * as path from 'node:path';
import { NO_ANSWER_TEXT, NOTICE_NO_LLM } from '@lectern/retrieval';
import { ChatController } from '../apps/api/src/chat/chat.controller';
import { SearchController } from '../apps/api/src/search/search.controller';
import { ingestCorpusPdfs, startTestApp, waitForDocument, type TestApp } from './support/test-app';

/** A Chinese paper printed by Chromium (test/fixtures/cjk/build.js), beside an English one, searched over HTTP. */
const ZH_PAPER = path.join(__dirname, 'fixtures', 'cjk', 'zh-search.pdf');

interface Hit {
  text: string;
  article: { id: string; title: string };
  section: { title: string };
}

let t: TestApp;
let projectId: string;
let zhArticle: string;
let enArticle: string;

beforeAll(async () => {
  t = await startTestApp({ EMBEDDINGS: 'lexical' });
  projectId = (await t.http().post('/projects').send({ name: '检索' }).expect(201)).body.id as string;
  const upload = t.http().post(`/projects/${projectId}/documents`).attach('files', ZH_PAPER);
  const [accepted] = (await upload.expect(202)).body.documents as Array<{ id: string }>;
  zhArticle = (await waitForDocument(t, accepted.id)).articleId as string;
  [enArticle] = (await ingestCorpusPdfs(t, projectId, ['acl-N18-3011.pdf'])).map((d) => d.articleId as string);
}, 120_000);
afterAll(() => t.close());

async function search(query: string, mode = 'keyword', k = 5): Promise<Hit[]> {
  return (await t.http().post(`/projects/${projectId}/search`).send({ query, mode, k }).expect(200)).body.results as Hit[];
}

describe(`${SearchController.name} over Chinese text`, () => {
  it.each([
    ['权', '方法'],
    ['显存', '结论'],
    ['知识图谱', '引言'],
    ['命中率', '实验'],
    ['注意力机制', '方法'],
  ])('finds the passage holding %s inside its sentences (section %s), as printed', async (word, section) => {
    const [top] = await search(word);
    expect(top.article.id).toBe(zhArticle);
    expect(top.section.title).toBe(section);
    // The hit shows the stored text, not the bigrams it was indexed as.
    expect(top.text).toContain(word);
  });

  it('answers a question written without spaces from the passage that shares its words', async () => {
    const [top] = await search('模型是怎样给不同的邻居分配权重的？');
    expect(top.section.title).toBe('方法');
  });

  it('finds a Chinese passage in hybrid search too', async () => {
    const hits = await search('负采样策略', 'hybrid');
    expect(hits.slice(0, 3).map((hit) => hit.section.title)).toContain('方法');
  });

  it('finds English text as before, from the English paper', async () => {
    const hits = await search('literature graph citation', 'keyword', 5);
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((hit) => hit.article.id === enArticle)).toBe(true);
  });
});

interface ChatAnswer {
  answer: string;
  notice: string;
  llm: { used: boolean };
  citations: Array<{ n: number; articleId: string; page: number; quote?: string }>;
}

/** No LLM is configured here: chat answers with sentences quoted from the sources (the extractive path). */
async function chat(question: string): Promise<ChatAnswer> {
  const body = { messages: [{ role: 'user', content: question }] };
  return (await t.http().post(`/projects/${projectId}/chat`).send(body).expect(200)).body as ChatAnswer;
}

describe(`${ChatController.name} over Chinese text, without an LLM`, () => {
  it.each([
    ['训练时每个正例配几个负例？', '每个正例配五个负例'],
    ['本文方法的平均倒数排名提高了多少？', '平均倒数排名提高了百分之六'],
  ])('answers %s by quoting the sentence that says it, cited', async (question, said) => {
    const res = await chat(question);
    expect(res).toMatchObject({ llm: { used: false }, notice: NOTICE_NO_LLM });
    expect(res.answer).toContain(said);
    const cited = res.citations.find((c) => c.quote?.includes(said));
    expect(cited).toMatchObject({ articleId: zhArticle, page: 1 });
    // The marker sits inside the quoted Chinese sentence, before its full stop.
    expect(res.answer).toContain(`[${cited!.n}]。`);
  });

  it('still abstains on a Chinese question the paper does not answer', async () => {
    const res = await chat('火星土壤里的水分含量有多高？');
    expect(res.answer).toBe(NO_ANSWER_TEXT);
    expect(res.citations).toEqual([]);
  });
});
