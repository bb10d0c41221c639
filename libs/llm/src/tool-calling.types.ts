import type { ChatMessage, CompletionOptions } from './llm.types';

/** A function the model may call; `parameters` is a JSON Schema object, as OpenAI's `tools` expects. */
export interface LlmTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** One call the model asked for; `arguments` is the model's JSON text, unparsed (it may be invalid). */
export interface LlmToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** A conversation with tools: the assistant's calls and the tools' results go back to the model in order. */
export type ToolChatMessage =
  | ChatMessage
  | { role: 'assistant'; content: string | null; toolCalls: LlmToolCall[] }
  | { role: 'tool'; toolCallId: string; content: string };

export interface ToolChatOptions extends CompletionOptions {
  /** `auto` (default): the model decides; `required`: it must call a tool; `none`: it must answer in text. */
  toolChoice?: 'auto' | 'required' | 'none';
  /** Streams the answer; `onContent` then gets each text delta as it arrives (tool calls arrive whole at the end). */
  stream?: boolean;
  onContent?: (delta: string) => void;
}

export interface ToolChatResult {
  /** The text the model wrote; null when it only called tools. */
  content: string | null;
  toolCalls: LlmToolCall[];
}

/** An LLM that can call tools (OpenAI function calling); the agent's explore loop runs on it. */
export interface ToolCallingLlm {
  chatWithTools(messages: ToolChatMessage[], tools: LlmTool[], options?: ToolChatOptions): Promise<ToolChatResult>;
}
