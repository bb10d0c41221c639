import OpenAI from 'openai';
import { startOpenAiReplay, type OpenAiReplay, type JsonBody } from './openai.replay-server';

const post = (replay: OpenAiReplay, path: string, body: unknown) =>
  fetch(`${replay.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

const question = { model: 'llama3.2', messages: [{ role: 'user', content: 'What is attention?' }] };

const json = (response: Response): Promise<JsonBody> => response.json();

/** The `data:` payloads of a server-sent event stream, in order. */
const events = (text: string) =>
  text
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => block.slice('data: '.length));

describe(startOpenAiReplay.name, () => {
  let replay: OpenAiReplay;
  beforeEach(async () => {
    replay = await startOpenAiReplay();
  });
  afterEach(() => replay.close());

  it('answers a chat completion with the scripted content, a stop finish reason and usage', async () => {
    replay.script(() => ({ content: 'Attention weighs every token against every other.' }));
    const response = await post(replay, '/chat/completions', question);
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body).toMatchObject({ object: 'chat.completion', model: 'llama3.2' });
    expect(body.choices[0]).toMatchObject({
      index: 0,
      finish_reason: 'stop',
      message: { role: 'assistant', content: 'Attention weighs every token against every other.' },
    });
    expect(body.usage.total_tokens).toBe(body.usage.prompt_tokens + body.usage.completion_tokens);
    expect(replay.requests).toEqual([{ path: '/v1/chat/completions', body: question }]);
  });

  it('echoes the last user message by default, as JSON when JSON mode is asked for', async () => {
    const plain = await json(await post(replay, '/chat/completions', question));
    expect(plain.choices[0].message.content).toBe('Echo: What is attention?');
    const jsonMode = await json(await post(replay, '/chat/completions', { ...question, response_format: { type: 'json_object' } }));
    expect(JSON.parse(jsonMode.choices[0].message.content)).toEqual({ echo: 'What is attention?' });
  });

  it('streams content as several chunk deltas that join to the answer, ending with [DONE]', async () => {
    replay.script(() => ({ content: 'Self-attention relates positions of one sequence.' }));
    const response = await post(replay, '/chat/completions', { ...question, stream: true, stream_options: { include_usage: true } });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const payloads = events(await response.text());
    expect(payloads.at(-1)).toBe('[DONE]');
    const chunks = payloads.slice(0, -1).map((p) => JSON.parse(p));
    expect(chunks.every((c) => c.object === 'chat.completion.chunk')).toBe(true);
    const deltas = chunks
      .flatMap((c) => c.choices.map((choice: { delta: { content?: string } }) => choice.delta.content ?? ''))
      .filter(Boolean);
    expect(deltas.length).toBeGreaterThanOrEqual(5);
    expect(deltas.join('')).toBe('Self-attention relates positions of one sequence.');
    expect(chunks.at(-2).choices[0].finish_reason).toBe('stop');
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: expect.any(Number) } });
  });

  it('answers tool calls without streaming as assistant tool_calls with a tool_calls finish reason', async () => {
    replay.script((request) => ({
      toolCalls: [{ id: 'call_1', name: 'search', arguments: JSON.stringify({ query: request.messages[0].content }) }],
    }));
    const body = await json(
      await post(replay, '/chat/completions', { ...question, tools: [{ type: 'function', function: { name: 'search' } }] }),
    );
    expect(body.choices[0].finish_reason).toBe('tool_calls');
    expect(body.choices[0].message).toMatchObject({
      content: null,
      tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'search', arguments: '{"query":"What is attention?"}' } }],
    });
  });

  it('streams a tool call as OpenAI does: id and name first, then argument fragments the openai package reassembles', async () => {
    const args = JSON.stringify({ query: 'scaled dot-product attention', k: 8 });
    replay.script(() => ({
      toolCalls: [
        { name: 'search', arguments: args },
        { name: 'outline', arguments: '{}' },
      ],
    }));
    const client = new OpenAI({ baseURL: replay.url, apiKey: 'test', maxRetries: 0 });
    const stream = await client.chat.completions.create({ model: 'llama3.2', messages: [{ role: 'user', content: 'q' }], stream: true });
    const toolDeltas: Array<{ index: number; id?: string; function?: { name?: string; arguments?: string } }> = [];
    let finish: string | null = null;
    for await (const chunk of stream) {
      toolDeltas.push(...(chunk.choices[0]?.delta.tool_calls ?? []));
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    const first = toolDeltas.filter((d) => d.index === 0);
    expect(first[0]).toMatchObject({ id: expect.stringMatching(/^call_/), function: { name: 'search', arguments: '' } });
    expect(first.slice(1).length).toBeGreaterThan(1);
    expect(first.slice(1).every((d) => d.id === undefined && d.function?.name === undefined)).toBe(true);
    expect(first.map((d) => d.function?.arguments ?? '').join('')).toBe(args);
    expect(toolDeltas.find((d) => d.index === 1)?.function?.name).toBe('outline');
    expect(finish).toBe('tool_calls');
  });

  it('gives the same unit vector for the same text, of the configured dimension, as floats or base64', async () => {
    const small = await startOpenAiReplay({ embeddingDimension: 384 });
    try {
      const raw = await json(await post(small, '/embeddings', { model: 'e', input: ['alpha', 'beta', 'alpha'], encoding_format: 'float' }));
      const [a, b, again] = raw.data.map((d: { embedding: number[] }) => d.embedding);
      expect(a).toHaveLength(384);
      expect(Math.hypot(...a)).toBeCloseTo(1, 6);
      expect(again).toEqual(a);
      expect(b).not.toEqual(a);
      expect(raw.data.map((d: { index: number }) => d.index)).toEqual([0, 1, 2]);
      // The openai package asks for base64 unless told otherwise and decodes it itself.
      const viaClient = await new OpenAI({ baseURL: small.url, apiKey: 'test' }).embeddings.create({ model: 'e', input: 'alpha' });
      expect(viaClient.data[0].embedding.map((v) => Number(v.toFixed(5)))).toEqual(a.map((v: number) => Number(v.toFixed(5))));
    } finally {
      await small.close();
    }
  });

  it('lists its models', async () => {
    const body = await json(await fetch(`${replay.url}/models`));
    expect(body.data.map((m: { id: string }) => m.id)).toContain('llama3.2');
  });

  it('answers a scripted status with an OpenAI error body, and a status fault only as many times as asked', async () => {
    replay.script((request) => (request.response_format ? { status: 400 } : { content: 'ok' }));
    const rejected = await post(replay, '/chat/completions', { ...question, response_format: { type: 'json_object' } });
    expect(rejected.status).toBe(400);
    expect((await json(rejected)).error.type).toBe('invalid_request_error');

    replay.setFault({ kind: 'status', status: 429, times: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await post(replay, '/chat/completions', question)).status);
    expect(statuses).toEqual([429, 429, 200]);
    expect(replay.requests).toHaveLength(4);
  });

  it('answers garbage, empty bodies and dropped connections when told to', async () => {
    replay.setFault({ kind: 'garbage' });
    const garbage = await post(replay, '/chat/completions', question);
    expect(garbage.status).toBe(200);
    expect(garbage.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await garbage.text();
    expect(() => JSON.parse(page)).toThrow();
    replay.setFault({ kind: 'empty' });
    expect(await (await post(replay, '/chat/completions', question)).text()).toBe('');
    replay.setFault({ kind: 'drop' });
    await expect(post(replay, '/chat/completions', question)).rejects.toThrow();
  });

  it('still answers after a slow fault or a scripted delay', async () => {
    replay.setFault({ kind: 'slow', ms: 50 });
    replay.script(() => ({ content: 'late', delayMs: 20 }));
    const body = await json(await post(replay, '/chat/completions', question));
    expect(body.choices[0].message.content).toBe('late');
  });

  it('stops writing a stream whose client went away', async () => {
    replay.script(() => ({ content: 'word '.repeat(20000) }));
    const controller = new AbortController();
    const response = await fetch(`${replay.url}/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...question, stream: true }),
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    await expect(reader.read()).rejects.toThrow();
    // The server notices the closed socket on a later turn of its loop; wait for that, not for a fixed time.
    for (let turn = 0; turn < 1000 && replay.abortedStreams === 0; turn += 1) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(replay.abortedStreams).toBe(1);
  });
});
