import { createHash } from 'node:crypto';

/** Bodies the OpenAI replay server answers with, shaped like api.openai.com's (v1, 2025). */

export interface ReplayToolCall {
  id?: string;
  name: string;
  arguments: string;
}

export interface ReplayAnswer {
  content?: string;
  toolCalls?: ReplayToolCall[];
}

interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

/** A rough token count (4 characters a token): usage figures only need to be plausible and stable. */
export const roughTokens = (text: string): number => Math.ceil(text.length / 4);

export const usageOf = (promptText: string, answer: ReplayAnswer): Usage => {
  const completion = roughTokens(answer.content ?? '') + roughTokens((answer.toolCalls ?? []).map((c) => c.name + c.arguments).join(''));
  const prompt = roughTokens(promptText);
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
};

const toolCallIds = (calls: ReplayToolCall[], completionId: string) =>
  calls.map((call, index) => call.id ?? `call_${completionId.slice(-8)}${index}`);

const finishReason = (answer: ReplayAnswer) => ((answer.toolCalls?.length ?? 0) > 0 ? 'tool_calls' : 'stop');

export function chatCompletion(id: string, model: string, created: number, answer: ReplayAnswer, usage: Usage) {
  const calls = answer.toolCalls ?? [];
  const ids = toolCallIds(calls, id);
  return {
    id,
    object: 'chat.completion',
    created,
    model,
    system_fingerprint: 'fp_replay',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: answer.content ?? null,
          refusal: null,
          ...(calls.length > 0
            ? {
                tool_calls: calls.map((call, i) => ({
                  id: ids[i],
                  type: 'function',
                  function: { name: call.name, arguments: call.arguments },
                })),
              }
            : {}),
        },
        logprobs: null,
        finish_reason: finishReason(answer),
      },
    ],
    usage,
  };
}

/** Splits text into word-sized deltas (each word keeps its trailing space), as a model streams tokens. */
export const contentDeltas = (text: string): string[] => text.match(/\s*\S+\s*|\s+/g) ?? [];

/** Splits tool-call arguments into short fragments, as OpenAI streams them. */
const argumentFragments = (text: string): string[] => text.match(/[\s\S]{1,8}/g) ?? [];

/**
 * The `chat.completion.chunk` objects of one streamed answer: a role delta, the content deltas, each tool call as a
 * delta with its id and name followed by its argument fragments, a finish delta, and (when asked) a usage chunk.
 */
export function chatCompletionChunks(id: string, model: string, created: number, answer: ReplayAnswer, usage: Usage | null) {
  const chunk = (delta: object, finish: string | null = null) => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model,
    system_fingerprint: 'fp_replay',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
  });
  const calls = answer.toolCalls ?? [];
  const ids = toolCallIds(calls, id);
  const chunks: object[] = [
    chunk({ role: 'assistant', content: answer.content === undefined && calls.length > 0 ? null : '', refusal: null }),
  ];
  for (const delta of contentDeltas(answer.content ?? '')) chunks.push(chunk({ content: delta }));
  calls.forEach((call, index) => {
    chunks.push(chunk({ tool_calls: [{ index, id: ids[index], type: 'function', function: { name: call.name, arguments: '' } }] }));
    for (const fragment of argumentFragments(call.arguments))
      chunks.push(chunk({ tool_calls: [{ index, function: { arguments: fragment } }] }));
  });
  chunks.push(chunk({}, finishReason(answer)));
  if (usage) chunks.push({ id, object: 'chat.completion.chunk', created, model, system_fingerprint: 'fp_replay', choices: [], usage });
  return chunks;
}

/** A unit vector derived only from the text's sha256 stream: the same text always gets the same vector. */
export function hashEmbedding(text: string, dimension: number): number[] {
  const values: number[] = [];
  for (let block = 0; values.length < dimension; block += 1) {
    const digest = createHash('sha256').update(`${block}\u0000${text}`).digest();
    for (let offset = 0; offset + 4 <= digest.length && values.length < dimension; offset += 4) {
      values.push(digest.readUInt32LE(offset) / 0xffffffff - 0.5);
    }
  }
  const norm = Math.sqrt(values.reduce((sum, v) => sum + v * v, 0)) || 1;
  return values.map((v) => v / norm);
}

/** The openai package asks for base64 by default: little-endian float32s, as the real API sends them. */
export const base64Floats = (vector: number[]): string => Buffer.from(new Float32Array(vector).buffer).toString('base64');

export function openAiError(status: number, message?: string) {
  const type = status === 429 ? 'requests' : status >= 500 ? 'server_error' : 'invalid_request_error';
  const code = status === 429 ? 'rate_limit_exceeded' : status === 401 ? 'invalid_api_key' : status === 404 ? 'model_not_found' : null;
  return { error: { message: message ?? `Replayed error ${status}`, type, param: null, code } };
}
