export * from './llm.types';
export * from './tool-calling.types';
export { OpenAiLlmClient, type OpenAiLlmClientOptions } from './openai-llm.client';
export { LlmRejectedError } from './llm-attempt';
export { extractJson } from './json-output';
export { createLlm } from './llm.factory';
export {
  countChatTokens,
  fitContext,
  fitMessages,
  MESSAGE_OVERHEAD_TOKENS,
  REPLY_PRIMING_TOKENS,
  TokenBudgetExceededError,
} from './token-budget';
