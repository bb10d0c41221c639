import * as path from 'node:path';
import { sink } from './support/cli';
import { createLectern, type Lectern } from '@lectern/application';
import { loadConfig } from '@lectern/config';
import { NO_ANSWER_TEXT } from '@lectern/retrieval';
import { askCommand } from '../apps/cli/src/commands/ask.command';
import { commandDeps } from '../apps/cli/src/command-deps';
import { chatRequestBody, DEFAULT_SETTINGS } from '../apps/web/src/api/chat-request';
import { corpusPdf } from './support/paths';
import { startTestApp, waitForDocument, type TestApp } from './support/test-app';

/*
 * Issue 19's abstention errors, asked through the web chat and `lectern ask` with no LLM (the evidence decides
 * alone): off-topic questions must be refused — about a country the papers mention ("Financial Inclusion and
 * Economic Growth in Nigeria" is one of them), and about one they do not, whose other word only shares a porter stem
 * with the papers' words ("capital" and "capitalized", in the Armenian NER paper) — and a question whose answer is
 * there, asked with a verb the paper does not use ("consider"), must be answered.
 */
const PAPERS = [
  corpusPdf('qasper-1705.07830.pdf'),
  corpusPdf('qasper-1810.08699.pdf'),
  path.resolve(__dirname, 'fixtures/journal/numbered-tables.pdf'),
];
const OFF_TOPIC = ['What is the capital of Nigeria?', 'What is the capital of France?'];
const REPHRASED = 'What baselines did they consider for question reformulation?';

describe('abstention in the web chat and `lectern ask`', () => {
  let t: TestApp;
  let lectern: Lectern;
  let projectId: string;

  beforeAll(async () => {
    const env = { EMBEDDINGS: 'lexical' };
    t = await startTestApp(env);
    projectId = (await t.http().post('/projects').send({ name: 'abstention' }).expect(201)).body.id;
    for (const file of PAPERS) {
      const upload = await t.http().post(`/projects/${projectId}/documents`).attach('files', file).expect(202);
      expect((await waitForDocument(t, upload.body.documents[0].id, 120_000)).status).toBe('ready');
    }
    lectern = await createLectern(loadConfig({ LECTERN_DATA_DIR: t.dataDir, ...env }));
  }, 240_000);
  afterAll(async () => {
    await lectern?.close();
    await t?.close();
  });

  async function askBoth(
    question: string,
  ): Promise<{ cli: { answer: string; citations: Array<{ articleTitle: string }> }; web: { answer: string } }> {
    const out = sink();
    expect(await askCommand(commandDeps.ask(lectern), question, { project: projectId, json: true }, out, sink())).toBe(0);
    const body = chatRequestBody([{ role: 'user', content: question }], DEFAULT_SETTINGS);
    const web = (await t.http().post(`/projects/${projectId}/chat`).send(body).expect(200)).body;
    return { cli: JSON.parse(out.text()), web };
  }

  it.each(OFF_TOPIC)('refuses "%s", about a country the papers only mention or never name, in both', async (question) => {
    const { cli, web } = await askBoth(question);
    expect(cli.answer).toBe(NO_ANSWER_TEXT);
    expect(cli.citations).toEqual([]);
    expect(web.answer).toBe(NO_ANSWER_TEXT);
    // A refusal quotes nothing: the no-LLM notice ("… sentences quoted from the sources") does not go with it.
    expect(cli).not.toHaveProperty('notice');
    expect(web).not.toHaveProperty('notice');
  });

  it('answers a question about what the paper does say, asked with a verb it does not use, in both', async () => {
    const { cli, web } = await askBoth(REPHRASED);
    expect(cli.answer).not.toBe(NO_ANSWER_TEXT);
    expect(web.answer).toBe(cli.answer);
    expect(cli.citations.length).toBeGreaterThan(0);
    expect(cli.citations[0].articleTitle).toMatch(/Active Question Reformulation/);
  });
});
