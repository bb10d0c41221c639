import { MAX_SEARCH_K } from '@lectern/retrieval';

/** The one definition of the search modes and of how many hits each use case may ask for (API DTOs and CLI flags use these). */
export { SEARCH_MODES, type SearchMode, MAX_QUERY_LENGTH } from '@lectern/retrieval';
export { MAX_EXPLORE_STEPS } from '@lectern/agent';
/** Hits a search returns at most. */
export const MAX_SEARCH_RESULTS = MAX_SEARCH_K;
/** Hits an answer is built from at most (a chat turn, `lectern ask`). */
export const MAX_ANSWER_K = 200;
export const MAX_MULTI_QUERY_N = 5;
export const MAX_CHAT_MESSAGES = 50;
export const MAX_CHAT_MESSAGE_CHARS = 20_000;
export const EXPAND_MODES = ['parent', 'none'] as const;
export const CHAT_ROLES = ['user', 'assistant'] as const;
