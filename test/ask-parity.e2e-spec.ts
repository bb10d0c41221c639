import { sink } from './support/cli';
import { createLectern, type Lectern } from '@lectern/application';
import { loadConfig } from '@lectern/config';
import { NO_ANSWER_TEXT } from '@lectern/retrieval';
import { askCommand } from '../apps/cli/src/commands/ask.command';
import { commandDeps } from '../apps/cli/src/command-deps';
import { chatRequestBody, DEFAULT_SETTINGS } from '../apps/web/src/api/chat-request';
import { startOpenAiReplay, type ChatRequest, type OpenAiReplay } from './replay/openai.replay-server';
import { corpusPdf } from './support/paths';
import { startTestApp, waitForDocument, type TestApp } from './support/test-app';

/*
 * The question ("What baselines did they consider for causality prediction?") is about QASPER paper
 * 1809.01202, one of the papers held back from the shared corpus; the same question is asked here of a QASPER paper
 * that is in it, whose baselines are named in its experiments section (§5.4 Baselines and benchmarks).
 */
const PAPER = 'qasper-1705.07830.pdf';
/** The QASPER question of both papers, as asked of 1809.01202 in the issue (without its topic words). */
const QUESTION = 'What baselines did they consider?';
const EXPERIMENTS_SECTION = /^5(\.\d+)*$/;

/**
 * Stands in for the large model and answers only from its prompt, as the instructions ask: the first sentence of the
 * numbered sources that says what a baseline is ("as a baseline, we…", "…for our baseline"), cited with its source's
 * number, or the refusal when no source has one.
 */
function answerFromSources(request: ChatRequest): { content: string } {
  const prompt = request.messages[request.messages.length - 1].content ?? '';
  const sources = prompt.split(/^(?=\[\d+\] )/m).filter((part) => /^\[\d+\] /.test(part));
  for (const source of sources) {
    const n = /^\[(\d+)\]/.exec(source)![1];
    const text = source.slice(source.indexOf('\n') + 1);
    const sentence = text.split(/(?<=[.!?])\s+/).find((s) => /\b(as (a|our)|for our) baselines?\b/i.test(s));
    if (sentence) return { content: `${sentence.trim()} [${n}]` };
  }
  return { content: NO_ANSWER_TEXT };
}

describe('the web chat and `lectern ask` on the same question', () => {
  let replay: OpenAiReplay;
  let t: TestApp;
  let lectern: Lectern;
  let projectId: string;

  beforeAll(async () => {
    replay = await startOpenAiReplay();
    replay.script(answerFromSources);
    const env = { EMBEDDINGS: 'lexical', OPENAI_BASE_URL: replay.url, LLM_MODEL: 'llama3.2', LLM_SMALL_MODEL: 'llama3.2:1b' };
    t = await startTestApp(env);
    projectId = (await t.http().post('/projects').send({ name: 'reformulation' }).expect(201)).body.id;
    const upload = await t.http().post(`/projects/${projectId}/documents`).attach('files', corpusPdf(PAPER)).expect(202);
    expect((await waitForDocument(t, upload.body.documents[0].id, 120_000)).status).toBe('ready');
    // The CLI builds its own graph on the same data directory, as `lectern ask` beside a running server does.
    lectern = await createLectern(loadConfig({ LECTERN_DATA_DIR: t.dataDir, ...env }));
  }, 180_000);
  afterAll(async () => {
    await lectern?.close();
    await t?.close();
    await replay?.close();
  });

  it('gives the same cited answer from the experiments section, by default, in both', async () => {
    const out = sink();
    expect(await askCommand(commandDeps.ask(lectern), QUESTION, { project: projectId, json: true }, out, sink())).toBe(0);
    const cli = JSON.parse(out.text());

    // What the web app sends for a new user's first question.
    const body = chatRequestBody([{ role: 'user', content: QUESTION }], DEFAULT_SETTINGS);
    const web = (await t.http().post(`/projects/${projectId}/chat`).send(body).expect(200)).body;
    // …and what it shows: the streamed answer's `done` event.
    const streamed = await t
      .http()
      .post(`/projects/${projectId}/chat`)
      .send({ ...body, stream: true })
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => done(null, text));
      })
      .expect(200);
    const doneEvent = /event: done\ndata: (.+)\n/.exec(streamed.body as string);
    expect(doneEvent).not.toBeNull();
    expect(JSON.parse(doneEvent![1])).toEqual(web);

    expect(cli.answer).not.toBe(NO_ANSWER_TEXT);
    expect(web.answer).toBe(cli.answer);
    expect(web.citations.map(({ contextId: _id, ...citation }: { contextId: string }) => citation)).toEqual(cli.citations);
    expect(cli.citations).toHaveLength(1);
    expect(cli.citations[0].sectionNumber).toMatch(EXPERIMENTS_SECTION);
    expect(cli.answer).toMatch(/baseline/i);
  });
});
