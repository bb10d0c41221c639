import { backoffDelay, sleep } from '@lectern/common';
import type { LlmConfig } from '@lectern/config';
import OpenAI from 'openai';
import { parseJsonAnswer } from './json-output';
import { AttemptDeadline, classifyFailure, LlmRejectedError, type AttemptFailure } from './llm-attempt';
import { LlmUnavailableError, type ChatMessage, type CompletionOptions, type LlmClient } from './llm.types';
import type { LlmTool, LlmToolCall, ToolCallingLlm, ToolChatMessage, ToolChatOptions, ToolChatResult } from './tool-calling.types';

type MessageParam = OpenAI.Chat.Completions.ChatCompletionMessageParam;
type ChunkDelta = OpenAI.Chat.Completions.ChatCompletionChunk.Choice.Delta;
type ExtraParams = Pick<OpenAI.Chat.Completions.ChatCompletionCreateParams, 'response_format' | 'tools' | 'tool_choice'>;

export interface OpenAiLlmClientOptions {
  /** Further attempts after the first on 408, 429, 5xx and connection failures (not after a timeout). */
  retries?: number;
  /** First wait between attempts; doubles each time unless the server sends `Retry-After`. */
  backoffMs?: number;
}

const toMessageParam = (message: ToolChatMessage): MessageParam => {
  if (message.role === 'tool') return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
  if (message.role === 'assistant' && 'toolCalls' in message) {
    return {
      role: 'assistant',
      content: message.content,
      tool_calls: message.toolCalls.map((call) => ({
        id: call.id,
        type: 'function',
        function: { name: call.name, arguments: call.arguments },
      })),
    };
  }
  return { role: message.role, content: message.content };
};

/**
 * The LLM behind any OpenAI-compatible chat endpoint (OpenAI, vLLM, Ollama, llama.cpp), through the `openai` package.
 * Retries (its own loop, so timeouts and backoff are testable) live here; the package's own retries are off.
 * Failures surface as `LlmUnavailableError` (unreachable, timed out, busy through every retry, refused) or
 * `LlmOutputError` (answered with unusable JSON); aborting `options.signal` rejects with the signal's reason.
 */
export class OpenAiLlmClient implements LlmClient, ToolCallingLlm {
  readonly largeModel: string;
  readonly smallModel: string;
  private readonly openai: OpenAI;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly backoffMs: number;
  /** Cleared once a server refused `response_format` and then accepted the same request without it. */
  private jsonModeSupported = true;

  constructor(config: LlmConfig, options: OpenAiLlmClientOptions = {}) {
    this.largeModel = config.model;
    this.smallModel = config.smallModel;
    this.timeoutMs = config.timeoutMs;
    this.retries = options.retries ?? 3;
    this.backoffMs = options.backoffMs ?? 500;
    // Explicit nulls keep the package from reading OPENAI_* variables: config comes only from loadConfig.
    this.openai = new OpenAI({
      baseURL: config.baseUrl,
      apiKey: config.apiKey,
      organization: null,
      project: null,
      webhookSecret: null,
      maxRetries: 0,
      timeout: config.timeoutMs,
      logLevel: 'off',
    });
  }

  async complete(messages: ChatMessage[], options: CompletionOptions = {}): Promise<string> {
    const result = await this.completeOnce(messages, options, {});
    return result.content ?? '';
  }

  async *stream(messages: ChatMessage[], options: CompletionOptions = {}): AsyncIterable<string> {
    for await (const delta of this.streamDeltas(messages, options, {})) {
      if (delta.content) yield delta.content;
    }
  }

  async completeJson<T>(messages: ChatMessage[], validate: (value: unknown) => T, options: CompletionOptions = {}): Promise<T> {
    if (!this.jsonModeSupported) return parseJsonAnswer((await this.completeOnce(messages, options, {})).content ?? '', validate);
    let answer: ToolChatResult;
    try {
      answer = await this.completeOnce(messages, options, { response_format: { type: 'json_object' } });
    } catch (error) {
      // Older vLLM and llama.cpp builds reject the parameter with a 400; the prompt still asks for JSON.
      if (!(error instanceof LlmRejectedError && error.upstreamStatus === 400)) throw error;
      answer = await this.completeOnce(messages, options, {});
      this.jsonModeSupported = false;
    }
    return parseJsonAnswer(answer.content ?? '', validate);
  }

  async chatWithTools(messages: ToolChatMessage[], tools: LlmTool[], options: ToolChatOptions = {}): Promise<ToolChatResult> {
    const extra: ExtraParams = {
      tools: tools.map((tool) => ({
        type: 'function',
        function: { name: tool.name, description: tool.description, parameters: tool.parameters },
      })),
      tool_choice: options.toolChoice ?? 'auto',
    };
    if (!options.stream) return this.completeOnce(messages, options, extra);

    let content: string | null = null;
    const calls = new Map<number, LlmToolCall>();
    for await (const delta of this.streamDeltas(messages, options, extra)) {
      if (delta.content) {
        content = (content ?? '') + delta.content;
        options.onContent?.(delta.content);
      }
      for (const part of delta.tool_calls ?? []) {
        const call = calls.get(part.index) ?? { id: '', name: '', arguments: '' };
        if (part.id) call.id = part.id;
        // OpenAI sends the name once; some local servers repeat it in every delta.
        if (part.function?.name && part.function.name !== call.name) call.name += part.function.name;
        call.arguments += part.function?.arguments ?? '';
        calls.set(part.index, call);
      }
    }
    const toolCalls = [...calls.entries()].sort(([a], [b]) => a - b).map(([index, call]) => ({ ...call, id: call.id || `call_${index}` }));
    return { content, toolCalls };
  }

  private params(messages: ToolChatMessage[], options: CompletionOptions) {
    return {
      model: options.model === 'small' ? this.smallModel : this.largeModel,
      messages: messages.map(toMessageParam),
      max_tokens: options.maxTokens,
      temperature: options.temperature,
    };
  }

  private async completeOnce(messages: ToolChatMessage[], options: CompletionOptions, extra: ExtraParams): Promise<ToolChatResult> {
    const { result, deadline } = await this.withRetries(options, async (deadline) => {
      const completion: unknown = await this.openai.chat.completions.create(
        { ...this.params(messages, options), ...extra, stream: false },
        { signal: deadline.signal },
      );
      const message = (completion as { choices?: Array<{ message?: OpenAI.Chat.Completions.ChatCompletionMessage }> } | null)?.choices?.[0]
        ?.message;
      if (typeof message !== 'object' || message === null) throw new LlmUnavailableError('LLM answer is not an OpenAI chat completion');
      const toolCalls = (message.tool_calls ?? []).flatMap((call, index) =>
        call.type === 'function' ? [{ id: call.id || `call_${index}`, name: call.function.name, arguments: call.function.arguments }] : [],
      );
      return { content: message.content ?? null, toolCalls };
    });
    deadline.dispose();
    return result;
  }

  /** The deltas of one streamed answer; only opening the stream is retried, since deltas already given cannot be taken back. */
  private async *streamDeltas(messages: ToolChatMessage[], options: CompletionOptions, extra: ExtraParams): AsyncGenerator<ChunkDelta> {
    const { result: chunks, deadline } = await this.withRetries(options, (deadline) =>
      this.openai.chat.completions.create({ ...this.params(messages, options), ...extra, stream: true }, { signal: deadline.signal }),
    );
    let received = 0;
    try {
      for await (const chunk of chunks) {
        deadline.touch();
        received += 1;
        // The package ends the iteration quietly on abort, but chunks already buffered would still come through.
        if (deadline.signal.aborted) break;
        const delta = chunk.choices?.[0]?.delta;
        if (delta) yield delta;
      }
    } catch (error) {
      throw classifyFailure(error, deadline, options.signal, this.timeoutMs).error;
    } finally {
      deadline.dispose();
      // Closes the connection when the consumer stops early, so the server stops generating.
      chunks.controller.abort();
    }
    options.signal?.throwIfAborted();
    if (deadline.timedOut) throw new LlmUnavailableError(`LLM stream went silent for ${this.timeoutMs} ms`);
    if (received === 0) throw new LlmUnavailableError('LLM answered a stream request without any chunk (not an OpenAI-compatible stream)');
  }

  /**
   * Runs `request` until it succeeds, fails for good, or the retries are spent. Each attempt has its own deadline; on
   * success it is handed back still running, since a stream keeps needing it.
   */
  private async withRetries<T>(
    options: CompletionOptions,
    request: (deadline: AttemptDeadline) => Promise<T>,
  ): Promise<{ result: T; deadline: AttemptDeadline }> {
    let failure: AttemptFailure | null = null;
    for (let attempt = 0; attempt <= this.retries; attempt += 1) {
      if (failure) await sleep(backoffDelay(attempt - 1, this.backoffMs, failure.retryAfterMs), options.signal);
      options.signal?.throwIfAborted();
      const deadline = new AttemptDeadline(this.timeoutMs, options.signal);
      try {
        return { result: await request(deadline), deadline };
      } catch (error) {
        deadline.dispose();
        failure = classifyFailure(error, deadline, options.signal, this.timeoutMs);
        if (!failure.retryable) throw failure.error;
      }
    }
    const attempts = this.retries + 1;
    throw new LlmUnavailableError(`${failure?.error.message ?? 'no answer'} (gave up after ${attempts} attempts)`, {
      cause: failure?.error,
    });
  }
}
