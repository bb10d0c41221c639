import type { Provider } from '@nestjs/common';
import type { LecternConfig } from '@lectern/config';
import { createLlm } from '@lectern/llm';
import { LECTERN_CONFIG } from '../core/tokens';

/** The one LLM client of the API (`LlmClient`), or null when no OPENAI_BASE_URL is configured. */
export const LLM_CLIENT = Symbol('LLM_CLIENT');

export const llmProvider: Provider = {
  provide: LLM_CLIENT,
  useFactory: (config: LecternConfig) => createLlm(config.llm),
  inject: [LECTERN_CONFIG],
};
