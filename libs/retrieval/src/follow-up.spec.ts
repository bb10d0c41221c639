import type { ChatMessage } from '@lectern/llm';
import { startOpenAiReplay, type OpenAiReplay } from '../../../test/replay/openai.replay-server';
import { isFollowUp, standaloneQuery } from './follow-up';
import { MAX_QUERY_LENGTH } from './search.service';
import { replayLlm, requestsOf, scriptTasks } from './testing/replay-llm.fixture';

const HISTORY: ChatMessage[] = [
  { role: 'user', content: 'How does Semantic Scholar link entity mentions to the knowledge base?' },
  { role: 'assistant', content: 'A trained linker scores candidate entities [1].' },
];

describe(standaloneQuery.name, () => {
  let replay: OpenAiReplay;
  beforeAll(async () => {
    replay = await startOpenAiReplay();
  });
  afterAll(() => replay.close());
  afterEach(() => {
    replay.script(null);
    replay.setFault(null);
  });

  it.each([
    ['What is its precision?', true],
    ['And the biomedical domain?', true],
    ['Why?', true],
    ['How are these candidates generated?', true],
    ['Which ammonia-oxidizing archaea dominate the deep South China Sea?', false],
    ['What corpus was used to train the NER models in Semantic Scholar?', false],
    ['Which dataset?', true],
    ['What is the capital of France?', false],
    ['How accurate is BERT?', false],
  ])('tells whether "%s" leans on the conversation: %s', (question, expected) => {
    expect(isFollowUp(question, HISTORY)).toBe(expected);
  });

  it('takes no question as a follow-up when nothing was asked before', () => {
    expect(isFollowUp('What is its precision?', [])).toBe(false);
    expect(isFollowUp('Why?', [{ role: 'assistant', content: 'Hello.' }])).toBe(false);
  });

  it('searches a question that stands alone as asked, without calling the LLM', async () => {
    const question = 'Which knowledge base does the entity linker use?';
    expect(await standaloneQuery(question, HISTORY, replayLlm(replay))).toEqual({ query: question, how: 'asked' });
    expect(replay.requests).toEqual([]);
  });

  it('has the small model rewrite a follow-up with the conversation in view', async () => {
    scriptTasks(replay, { rewrite: () => ({ content: '{"query": "precision of the Semantic Scholar entity linker"}' }) });
    const result = await standaloneQuery('What is its precision?', HISTORY, replayLlm(replay));
    expect(result).toEqual({
      query: 'precision of the Semantic Scholar entity linker',
      how: 'rewritten',
      note: 'follow-up searched as "precision of the Semantic Scholar entity linker"',
    });
    const [request] = requestsOf(replay, 'rewrite');
    expect(request.model).toBe('small-model');
    expect(request.messages.at(-1)!.content).toContain('How does Semantic Scholar link entity mentions');
    expect(request.messages.at(-1)!.content).toContain('Follow-up question: What is its precision?');
  });

  it('joins the follow-up to the previous question when the LLM fails or answers nonsense', async () => {
    for (const reply of [{ status: 500 }, { content: '{"answer": 3}' }]) {
      replay.script(() => reply);
      const result = await standaloneQuery('What is its precision?', HISTORY, replayLlm(replay));
      expect(result.query).toBe(`${HISTORY[0].content} What is its precision?`);
      expect(result.how).toBe('joined');
      expect(result.note).toMatch(/^the LLM could not rewrite the follow-up/);
    }
  });

  it('joins without an LLM, keeping the new question whole when the two are too long together', async () => {
    expect(await standaloneQuery('Why?', HISTORY, null)).toEqual({
      query: `${HISTORY[0].content} Why?`,
      how: 'joined',
      note: 'follow-up searched together with the previous question',
    });
    const long: ChatMessage[] = [{ role: 'user', content: 'knowledge '.repeat(200) }];
    const { query } = await standaloneQuery('And its recall?', long, null);
    expect(query.length).toBeLessThanOrEqual(MAX_QUERY_LENGTH);
    expect(query.endsWith('knowledge And its recall?')).toBe(true);
  });
});
