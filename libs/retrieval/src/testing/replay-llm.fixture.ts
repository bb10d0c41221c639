/** The real OpenAI-protocol client against the loopback replay server, with routing of scripted replies by task. */
import type { LlmClient } from '@lectern/llm';
import { OpenAiLlmClient } from '@lectern/llm';
import type { ChatReply, ChatRequest, OpenAiReplay } from '../../../../test/replay/openai.replay-server';

export const LARGE_MODEL = 'large-model';
export const SMALL_MODEL = 'small-model';

/** Few, fast retries: failure tests take milliseconds, not the production backoff. */
export function replayLlm(replay: OpenAiReplay, timeoutMs = 5000): LlmClient {
  return new OpenAiLlmClient(
    { baseUrl: replay.url, apiKey: 'test', model: LARGE_MODEL, smallModel: SMALL_MODEL, timeoutMs },
    { retries: 1, backoffMs: 5 },
  );
}

export type LlmTask = 'variants' | 'judge' | 'rate' | 'answer' | 'rewrite';

/** Which of our prompts a request carries, told by its system message. */
export function taskOf(request: Pick<ChatRequest, 'messages'>): LlmTask {
  const system = request.messages.find((m) => m.role === 'system')?.content ?? '';
  if (system.includes('You write search queries')) return 'variants';
  if (system.includes('You decide whether a passage')) return 'judge';
  if (system.includes('You rate how well a passage')) return 'rate';
  if (system.includes('You answer questions about scientific papers')) return 'answer';
  if (system.includes('You turn a follow-up question')) return 'rewrite';
  throw new Error(`unrecognised prompt: ${system.slice(0, 80)}`);
}

/** The passage text of a judge / rate request, without its heading line. */
export function passageOf(request: Pick<ChatRequest, 'messages'>): string {
  const user = request.messages[request.messages.length - 1].content ?? '';
  const heading = user.indexOf('\n\nPassage');
  return user.slice(user.indexOf('\n', heading + 2) + 1);
}

export type TaskScript = Partial<Record<LlmTask, (request: ChatRequest) => ChatReply | Promise<ChatReply>>>;

/** Scripts the replay per task; a task without a handler fails the request loudly (500) so tests notice. */
export function scriptTasks(replay: OpenAiReplay, handlers: TaskScript): void {
  replay.script((request) => {
    const task = taskOf(request);
    const handler = handlers[task];
    if (!handler) throw new Error(`no scripted reply for the ${task} task`);
    return handler(request);
  });
}

/** Chat requests of one task, in the order they arrived. */
export function requestsOf(replay: OpenAiReplay, task: LlmTask): ChatRequest[] {
  return replay.requests
    .filter((r) => r.path === '/v1/chat/completions' && typeof r.body === 'object' && r.body !== null)
    .map((r) => r.body as ChatRequest)
    .filter((body) => taskOf(body) === task);
}
