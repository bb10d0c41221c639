import type { LlmConfig } from '@lectern/config';
import { startOpenAiReplay, type OpenAiReplay } from '../../../test/replay/openai.replay-server';
import { LlmRejectedError } from './llm-attempt';
import { createLlm } from './llm.factory';
import { LlmOutputError, LlmUnavailableError, type ChatMessage } from './llm.types';
import { OpenAiLlmClient } from './openai-llm.client';
import type { LlmTool } from './tool-calling.types';

/** Rejection of the promise, for assertions on its class and fields. */
async function failureOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to fail');
}

const question: ChatMessage[] = [
  { role: 'system', content: 'Answer from the passages.' },
  { role: 'user', content: 'What does the Switch Transformer route?' },
];
const searchTool: LlmTool = {
  name: 'search',
  description: 'Search the corpus',
  parameters: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
};
const isAnswer = (value: unknown) => {
  if (typeof (value as { answer?: unknown })?.answer !== 'string') throw new Error('answer must be a string');
  return value as { answer: string };
};

describe(OpenAiLlmClient.name, () => {
  let replay: OpenAiReplay;
  // Small backoff so retry tests take milliseconds; backoffDelay itself is covered in llm-attempt.spec.
  const client = (config: Partial<LlmConfig> = {}) =>
    new OpenAiLlmClient(
      { baseUrl: replay.url, apiKey: 'test', model: 'large-model', smallModel: 'small-model', timeoutMs: 5000, ...config },
      { retries: 2, backoffMs: 5 },
    );
  const chatRequests = () => replay.requests.filter((r) => r.path === '/v1/chat/completions');

  beforeEach(async () => {
    replay = await startOpenAiReplay();
  });
  afterEach(() => replay.close());

  it('completes with the large model by default and the small one when asked, forwarding the messages and limits', async () => {
    replay.script((request) => ({ content: `${request.model} routes tokens to one expert` }));
    const llm = client();
    expect(await llm.complete(question)).toBe('large-model routes tokens to one expert');
    expect(await llm.complete(question, { model: 'small', maxTokens: 64, temperature: 0 })).toBe('small-model routes tokens to one expert');
    expect(chatRequests()[0].body).toMatchObject({ model: 'large-model', messages: question });
    expect(chatRequests()[1].body).toMatchObject({ model: 'small-model', max_tokens: 64, temperature: 0 });
  });

  it('streams the answer as several deltas that join to the whole answer', async () => {
    const answer = 'Each token goes to the single expert with the highest router probability.';
    replay.script(() => ({ content: answer }));
    const deltas: string[] = [];
    for await (const delta of client().stream(question)) deltas.push(delta);
    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas.join('')).toBe(answer);
    expect(chatRequests()[0].body.stream).toBe(true);
  });

  it('stops a stream when the signal aborts, rejecting with the abort reason and closing the connection', async () => {
    replay.script(() => ({ content: 'expert '.repeat(5000) }));
    const controller = new AbortController();
    const deltas: string[] = [];
    const reading = (async () => {
      for await (const delta of client().stream(question, { signal: controller.signal })) {
        deltas.push(delta);
        if (deltas.length === 3) controller.abort();
      }
    })();
    expect((await failureOf(reading)).name).toBe('AbortError');
    expect(deltas).toHaveLength(3);
    // The server sees the closed socket on a later turn of its loop; poll for it rather than sleep a fixed time.
    for (let turn = 0; turn < 1000 && replay.abortedStreams === 0; turn += 1) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(replay.abortedStreams).toBe(1);
  });

  it('closes the connection when the consumer stops reading early', async () => {
    replay.script(() => ({ content: 'expert '.repeat(5000) }));
    for await (const delta of client().stream(question)) {
      expect(delta).toBe('expert ');
      break;
    }
    for (let turn = 0; turn < 1000 && replay.abortedStreams === 0; turn += 1) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(replay.abortedStreams).toBe(1);
  });

  it('rejects at once, without a request, when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    expect((await failureOf(client().complete(question, { signal: controller.signal }))).name).toBe('AbortError');
    expect(replay.requests).toHaveLength(0);
  });

  it('asks for a JSON object and returns the validated value', async () => {
    replay.script(() => ({ content: '{"answer": "tokens"}' }));
    expect(await client().completeJson(question, isAnswer)).toEqual({ answer: 'tokens' });
    expect(chatRequests()[0].body.response_format).toEqual({ type: 'json_object' });
  });

  it.each([
    ['a ```json fence', 'Here it is:\n```json\n{"answer": "fenced"}\n```\nHope this helps.'],
    ['prose around the object', 'Sure! {"answer": "in prose", "note": "braces } in strings"} is my answer.'],
    ['a reasoning block before it', '<think>maybe {"answer": "draft"}</think>{"answer": "final"}'],
  ])('extracts the JSON object from %s', async (_, content) => {
    replay.script(() => ({ content }));
    const value = await client().completeJson(question, isAnswer);
    expect(['fenced', 'in prose', 'final']).toContain(value.answer);
  });

  it('throws LlmOutputError for an answer without JSON, and for JSON the validator refuses', async () => {
    replay.script(() => ({ content: 'I am sorry, I cannot answer in JSON.' }));
    expect(await failureOf(client().completeJson(question, isAnswer))).toBeInstanceOf(LlmOutputError);
    replay.script(() => ({ content: '{"answer": 42}' }));
    const refused = await failureOf(client().completeJson(question, isAnswer));
    expect(refused).toBeInstanceOf(LlmOutputError);
    expect(refused.message).toMatch(/answer must be a string/);
  });

  it('asks again without response_format when the server rejects it with a 400, and stops asking for it', async () => {
    replay.script((request) => (request.response_format ? { status: 400 } : { content: '{"answer": "fallback"}' }));
    const llm = client();
    expect(await llm.completeJson(question, isAnswer)).toEqual({ answer: 'fallback' });
    expect(chatRequests().map((r) => r.body.response_format)).toEqual([{ type: 'json_object' }, undefined]);
    expect(await llm.completeJson(question, isAnswer)).toEqual({ answer: 'fallback' });
    expect(chatRequests()).toHaveLength(3);
  });

  it('keeps asking for JSON mode when the 400 was about something else', async () => {
    replay.script(() => ({ status: 400 }));
    const llm = client();
    const failure = await failureOf(llm.completeJson(question, isAnswer));
    expect(failure).toBeInstanceOf(LlmRejectedError);
    expect(failure).toBeInstanceOf(LlmUnavailableError);
    replay.script(() => ({ content: '{"answer": "ok"}' }));
    await llm.completeJson(question, isAnswer);
    expect(chatRequests().map((r) => r.body.response_format ?? null)).toEqual([{ type: 'json_object' }, null, { type: 'json_object' }]);
  });

  it('retries through two 429s and returns the third answer', async () => {
    replay.setFault({ kind: 'status', status: 429, times: 2 });
    replay.script(() => ({ content: 'third time' }));
    expect(await client().complete(question)).toBe('third time');
    expect(chatRequests()).toHaveLength(3);
  });

  it('gives up with LlmUnavailableError when the server answers 500 through every retry', async () => {
    replay.setFault({ kind: 'status', status: 500 });
    const failure = await failureOf(client().complete(question));
    expect(failure).toBeInstanceOf(LlmUnavailableError);
    expect(failure.message).toMatch(/500.*gave up after 3 attempts/);
    expect(chatRequests()).toHaveLength(3);
  });

  it('retries a dropped connection, then reports the LLM unavailable', async () => {
    replay.setFault({ kind: 'drop' });
    expect(await failureOf(client().complete(question))).toBeInstanceOf(LlmUnavailableError);
    expect(chatRequests()).toHaveLength(3);
  });

  it('does not retry a refusal (404 model) or an answer that is not an OpenAI response', async () => {
    replay.script(() => ({ status: 404 }));
    const refused = await failureOf(client().complete(question));
    expect(refused).toBeInstanceOf(LlmRejectedError);
    expect((refused as LlmRejectedError).upstreamStatus).toBe(404);
    replay.setFault({ kind: 'garbage' });
    expect(await failureOf(client().complete(question))).toBeInstanceOf(LlmUnavailableError);
    replay.setFault({ kind: 'empty' });
    expect(await failureOf(client().complete(question))).toBeInstanceOf(LlmUnavailableError);
    expect(await failureOf(client().completeJson(question, isAnswer))).toBeInstanceOf(LlmUnavailableError);
    expect(chatRequests()).toHaveLength(4);
  });

  it('reports a stream request answered with a non-stream body as unavailable', async () => {
    replay.setFault({ kind: 'garbage' });
    const reading = (async () => {
      for await (const delta of client().stream(question)) expect(delta).toBeUndefined();
    })();
    expect(await failureOf(reading)).toBeInstanceOf(LlmUnavailableError);
  });

  it('fails with a timed-out LlmUnavailableError when the server answers too late, without retrying', async () => {
    replay.setFault({ kind: 'slow', ms: 5000 });
    const failure = await failureOf(client({ timeoutMs: 200 }).complete(question));
    expect(failure).toBeInstanceOf(LlmUnavailableError);
    expect(failure.message).toMatch(/within 200 ms/);
    expect(chatRequests()).toHaveLength(1);
  });

  it('fails a stream that does not start within the timeout', async () => {
    replay.script(() => ({ content: 'late', delayMs: 5000 }));
    const reading = (async () => {
      for await (const delta of client({ timeoutMs: 200 }).stream(question)) expect(delta).toBeUndefined();
    })();
    expect(await failureOf(reading)).toBeInstanceOf(LlmUnavailableError);
  });

  it('sends tools in OpenAI form and returns the calls the model makes, then carries results back', async () => {
    replay.script((request) =>
      request.messages.some((m) => m.role === 'tool')
        ? { content: 'It routes each token to one expert.' }
        : { toolCalls: [{ id: 'call_a', name: 'search', arguments: '{"query":"switch routing"}' }] },
    );
    const llm = client();
    const first = await llm.chatWithTools(question, [searchTool]);
    expect(first).toEqual({ content: null, toolCalls: [{ id: 'call_a', name: 'search', arguments: '{"query":"switch routing"}' }] });
    expect(chatRequests()[0].body).toMatchObject({ tools: [{ type: 'function', function: searchTool }], tool_choice: 'auto' });

    const second = await llm.chatWithTools(
      [
        ...question,
        { role: 'assistant', content: null, toolCalls: first.toolCalls },
        { role: 'tool', toolCallId: 'call_a', content: 'passage 1' },
      ],
      [searchTool],
    );
    expect(second).toEqual({ content: 'It routes each token to one expert.', toolCalls: [] });
    expect(chatRequests()[1].body.messages.slice(2)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_a', type: 'function', function: { name: 'search', arguments: '{"query":"switch routing"}' } }],
      },
      { role: 'tool', tool_call_id: 'call_a', content: 'passage 1' },
    ]);
  });

  it('reassembles streamed tool calls from their argument fragments and passes content deltas on', async () => {
    const args = JSON.stringify({ query: 'expert capacity factor and token dropping', limit: 5 });
    replay.script(() => ({
      content: 'Let me look that up.',
      toolCalls: [
        { name: 'search', arguments: args },
        { name: 'outline', arguments: '{"article":1}' },
      ],
    }));
    const deltas: string[] = [];
    const result = await client().chatWithTools(question, [searchTool], {
      stream: true,
      toolChoice: 'required',
      onContent: (d) => deltas.push(d),
    });
    expect(result.content).toBe('Let me look that up.');
    expect(deltas.length).toBeGreaterThan(1);
    expect(result.toolCalls.map(({ name, arguments: a }) => ({ name, arguments: a }))).toEqual([
      { name: 'search', arguments: args },
      { name: 'outline', arguments: '{"article":1}' },
    ]);
    expect(result.toolCalls.every((call) => call.id.startsWith('call_'))).toBe(true);
    expect(chatRequests()[0].body).toMatchObject({ stream: true, tool_choice: 'required' });
  });
});

describe(createLlm.name, () => {
  it('makes no client without configuration, and an OpenAI client with it', () => {
    expect(createLlm(null)).toBeNull();
    const llm = createLlm({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'k', model: 'big', smallModel: 'small', timeoutMs: 1000 });
    expect(llm).toBeInstanceOf(OpenAiLlmClient);
    expect([llm?.largeModel, llm?.smallModel]).toEqual(['big', 'small']);
  });
});
