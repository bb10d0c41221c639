import type { ChatSettings } from './types';

/**
 * The settings a new user starts with: the server's own defaults, so the web chat asks exactly what `lectern ask`
 * asks. (Parent expansion on by default once sent the LLM two or three long passages instead of the dozen best
 * hits, and it answered "the sources don't say" where the CLI cited the evaluation section.)
 */
export const DEFAULT_SETTINGS: ChatSettings = { mode: 'auto', expand: 'none', multiQuery: false, filter: false };

/** A chat request: the conversation, plus only the settings that differ from the server's defaults. */
export function chatRequestBody(messages: Array<{ role: 'user' | 'assistant'; content: string }>, settings: ChatSettings) {
  return {
    messages,
    ...(settings.mode === 'auto' ? {} : { mode: settings.mode }),
    ...(settings.expand === 'parent' ? { expand: settings.expand } : {}),
    ...(settings.multiQuery ? { multiQuery: true } : {}),
    ...(settings.filter ? { filter: true } : {}),
  };
}
