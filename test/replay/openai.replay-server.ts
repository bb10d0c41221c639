import type * as http from 'node:http';
import {
  base64Floats,
  chatCompletion,
  chatCompletionChunks,
  hashEmbedding,
  openAiError,
  roughTokens,
  usageOf,
  type ReplayToolCall,
} from './openai-replay.bodies';
import type { ReplayFault } from './replay-fault';
import { jsonAnswer, startReplayServer, type ReplayExchange, type ReplayFaultAnswers } from './replay-server';

export type { ReplayFault } from './replay-fault';

/** What a chat script sees of one `/v1/chat/completions` request. */
export interface ChatRequest {
  model: string;
  messages: Array<{ role: string; content: string | null; tool_calls?: unknown; tool_call_id?: string }>;
  tools?: unknown[];
  stream: boolean;
  response_format?: unknown;
}

/** The answer to give: text and/or tool calls; or an HTTP error `status`; optionally after `delayMs`. */
export type ChatReply = { content?: string; toolCalls?: ReplayToolCall[]; status?: number; delayMs?: number };

export type ChatScript = (request: ChatRequest) => ChatReply | Promise<ChatReply>;

export interface OpenAiReplayOptions {
  /** Length of the vectors `/v1/embeddings` returns when the request names no `dimensions`; 768 by default. */
  embeddingDimension?: number;
  /** Ids `/v1/models` lists. */
  models?: string[];
}

/** JSON as it crossed the wire (a request received, a response read): specs read whichever fields they assert on. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- arbitrary JSON; typing it would restate the OpenAI API
export type JsonBody = any;

export interface OpenAiReplay {
  /** Base URL including `/v1`, as the openai package's `baseURL` expects. */
  readonly url: string;
  /** Every request received, faulted or not, in order: path and parsed JSON body (raw text if not JSON, null if none). */
  readonly requests: Array<{ path: string; body: JsonBody }>;
  /** Streams whose client went away before the last chunk was written (an aborted stream stops the "generation"). */
  readonly abortedStreams: number;
  /** Answers chat completions with `handler` from now on; null restores the default echo script. */
  script(handler: ChatScript | null): void;
  /** Misbehave from the next request on; null to behave again. */
  setFault(fault: ReplayFault | null): void;
  close(): Promise<void>;
}

const textOf = (content: unknown): string => {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part) => (typeof part?.text === 'string' ? part.text : '')).join('');
  return '';
};

/**
 * Answers `Echo: <last user message>`, or `{"echo": "<last user message>"}` when JSON mode is asked for, so tests that
 * do not script the model still get a deterministic, well-formed answer.
 */
export const echoScript: ChatScript = (request) => {
  const lastUser = [...request.messages].reverse().find((m) => m.role === 'user');
  const question = textOf(lastUser?.content);
  const jsonMode = (request.response_format as { type?: string } | undefined)?.type === 'json_object';
  return { content: jsonMode ? JSON.stringify({ echo: question }) : `Echo: ${question}` };
};

const readBody = (request: http.IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    request.on('error', reject);
  });

const sendJson = (response: http.ServerResponse, status: number, body: unknown) => {
  if (response.destroyed) return;
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
};

/** How an OpenAI-compatible server misbehaves: its error body, and an HTML page from a proxy in front of it as garbage. */
const OPENAI_FAULTS: ReplayFaultAnswers = {
  status: (status) => jsonAnswer(status, openAiError(status)),
  garbage: [200, '<html><body><h1>502 Bad Gateway</h1>\u0000\u00ff not an API answer</body></html>', 'text/html'],
  empty: [200, '', 'application/json'],
};

/** The settings that point a test app's LLM client at the replay server (its models are names the replay answers to). */
export function replayLlmEnv(replay: Pick<OpenAiReplay, 'url'>, timeoutSeconds = 10): Record<string, string> {
  return {
    OPENAI_BASE_URL: replay.url,
    LLM_MODEL: 'llama3.2',
    LLM_SMALL_MODEL: 'llama3.2:1b',
    LLM_TIMEOUT_SECONDS: String(timeoutSeconds),
  };
}

/**
 * A stand-in for an OpenAI-compatible server (OpenAI, vLLM, Ollama, llama.cpp) on loopback: chat completions as JSON
 * or as server-sent `chat.completion.chunk` events ending in `data: [DONE]`, hash-derived embeddings (float or base64,
 * as the openai package asks by default), and the model list. Faults apply to every route until cleared or used up.
 */
export async function startOpenAiReplay(options: OpenAiReplayOptions = {}): Promise<OpenAiReplay> {
  const dimension = options.embeddingDimension ?? 768;
  const models = options.models ?? ['llama3.2', 'llama3.2:1b', 'text-embedding-3-small'];
  const requests: Array<{ path: string; body: JsonBody }> = [];
  let chatScript: ChatScript = echoScript;
  let abortedStreams = 0;
  let completions = 0;

  const streamChunks = async (response: http.ServerResponse, chunks: object[]) => {
    response.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
    for (const chunk of [...chunks.map((c) => JSON.stringify(c)), '[DONE]']) {
      // One chunk per turn of the event loop, as a model generates, so a client that goes away stops the stream.
      if (response.destroyed) {
        abortedStreams += 1;
        return;
      }
      if (!response.write(`data: ${chunk}\n\n`)) await new Promise((resolve) => response.once('drain', resolve).once('close', resolve));
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (response.destroyed) abortedStreams += 1;
    else response.end();
  };

  const chat = async (body: Record<string, unknown>, response: http.ServerResponse, { wait }: ReplayExchange) => {
    if (typeof body.model !== 'string' || body.model === '')
      return sendJson(response, 400, openAiError(400, 'you must provide a model parameter'));
    if (!Array.isArray(body.messages) || body.messages.length === 0) {
      return sendJson(response, 400, openAiError(400, "Invalid 'messages': empty array. Expected an array with minimum length 1."));
    }
    const chatRequest: ChatRequest = {
      model: body.model,
      messages: body.messages as ChatRequest['messages'],
      tools: Array.isArray(body.tools) ? body.tools : undefined,
      stream: body.stream === true,
      response_format: body.response_format,
    };
    let reply: ChatReply;
    try {
      reply = await chatScript(chatRequest);
    } catch (error) {
      return sendJson(response, 500, openAiError(500, `Chat script failed: ${error instanceof Error ? error.message : String(error)}`));
    }
    if (reply.delayMs) await wait(reply.delayMs);
    if (reply.status !== undefined && (reply.status < 200 || reply.status >= 300))
      return sendJson(response, reply.status, openAiError(reply.status));

    completions += 1;
    const id = `chatcmpl-replay${String(completions).padStart(6, '0')}`;
    const created = Math.floor(Date.now() / 1000);
    const answer = { content: reply.content, toolCalls: reply.toolCalls };
    const usage = usageOf(chatRequest.messages.map((m) => textOf(m.content)).join('\n'), answer);
    if (!chatRequest.stream) return sendJson(response, 200, chatCompletion(id, chatRequest.model, created, answer, usage));
    const includeUsage = (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true;
    await streamChunks(response, chatCompletionChunks(id, chatRequest.model, created, answer, includeUsage ? usage : null));
  };

  const embeddings = (body: Record<string, unknown>, response: http.ServerResponse) => {
    const input = body.input;
    const inputs: unknown[] = Array.isArray(input) && input.length > 0 && typeof input[0] !== 'number' ? input : [input];
    if (input === undefined || inputs.some((i) => i === '' || i === null || i === undefined)) {
      return sendJson(response, 400, openAiError(400, "'input' : input must be a non-empty string or array"));
    }
    const size = typeof body.dimensions === 'number' ? body.dimensions : dimension;
    const texts = inputs.map((i) => (typeof i === 'string' ? i : JSON.stringify(i)));
    const base64 = body.encoding_format === 'base64';
    const tokens = texts.reduce((sum, text) => sum + roughTokens(text), 0);
    sendJson(response, 200, {
      object: 'list',
      data: texts.map((text, index) => {
        const vector = hashEmbedding(text, size);
        return { object: 'embedding', index, embedding: base64 ? base64Floats(vector) : vector };
      }),
      model: typeof body.model === 'string' ? body.model : 'text-embedding-3-small',
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    });
  };

  /** Records every request with its JSON body (raw text if not JSON, null if none) before any fault applies. */
  const recorded =
    (handle: (body: unknown, response: http.ServerResponse, exchange: ReplayExchange) => void | Promise<void>) =>
    async (exchange: ReplayExchange) => {
      const raw = await readBody(exchange.request);
      let body: unknown = raw === '' ? null : raw;
      try {
        if (raw !== '') body = JSON.parse(raw);
      } catch {
        // Kept as text: the request is recorded as sent, and answered 400 below.
      }
      requests.push({ path: exchange.url.pathname, body });
      await exchange.respond((response) => handle(body, response, exchange));
    };

  /** Chat and embeddings take a JSON object, as the real API does. */
  const jsonObject =
    (handle: (fields: Record<string, unknown>, response: http.ServerResponse, exchange: ReplayExchange) => void | Promise<void>) =>
    (body: unknown, response: http.ServerResponse, exchange: ReplayExchange) => {
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        return sendJson(response, 400, openAiError(400, 'We could not parse the JSON body of your request.'));
      }
      return handle(body as Record<string, unknown>, response, exchange);
    };

  const replay = await startReplayServer({
    routes: {
      'GET /v1/models': recorded((_, response) =>
        sendJson(response, 200, {
          object: 'list',
          data: models.map((id) => ({ id, object: 'model', created: 1700000000, owned_by: 'replay' })),
        }),
      ),
      'POST /v1/chat/completions': recorded(jsonObject(chat)),
      'POST /v1/embeddings': recorded(jsonObject(embeddings)),
    },
    // `/v1/models/<id>`, and the 404 for anything else, which faults apply to as well.
    fallback: recorded((_, response, { request, url }) => {
      const model = /^\/v1\/models\/(.+)$/.exec(url.pathname);
      if (request.method === 'GET' && model) {
        const id = decodeURIComponent(model[1]);
        if (!models.includes(id)) return sendJson(response, 404, openAiError(404, `The model '${id}' does not exist`));
        return sendJson(response, 200, { id, object: 'model', created: 1700000000, owned_by: 'replay' });
      }
      sendJson(response, 404, openAiError(404, `Invalid URL (${request.method} ${url.pathname})`));
    }),
    faults: OPENAI_FAULTS,
    badRequest: (message) => jsonAnswer(500, openAiError(500, message)),
  });

  return {
    url: `${replay.url}/v1`,
    requests,
    get abortedStreams() {
      return abortedStreams;
    },
    script(handler) {
      chatScript = handler ?? echoScript;
    },
    setFault: replay.setFault,
    close: replay.close,
  };
}
