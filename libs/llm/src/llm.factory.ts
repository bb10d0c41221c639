import type { LlmConfig } from '@lectern/config';
import type { LlmClient } from './llm.types';
import { OpenAiLlmClient, type OpenAiLlmClientOptions } from './openai-llm.client';
import type { ToolCallingLlm } from './tool-calling.types';

/**
 * The LLM for this configuration, or null when none is configured (no OPENAI_BASE_URL): callers then answer
 * extractively and the agent navigates heuristically. The client also calls tools, for the agent.
 */
export function createLlm(config: LlmConfig | null, options?: OpenAiLlmClientOptions): (LlmClient & ToolCallingLlm) | null {
  return config ? new OpenAiLlmClient(config, options) : null;
}
