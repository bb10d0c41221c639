import type { ConversationMessageRow } from '@lectern/corpus';
import { NO_ANSWER_TEXT, NOTICE_LLM_DOWN, NOTICE_NO_LLM } from '@lectern/retrieval';

/** How an answer's sentences were quoted: a refusal quotes nothing. */
const QUOTING_NOTICES: ReadonlySet<string> = new Set([NOTICE_NO_LLM, NOTICE_LLM_DOWN]);

/**
 * A kept message as it is read back. A refusal recorded before the composer stopped adding a note about quoting to
 * one still holds that note in the catalog; it is dropped here, so the API and the Markdown export show such a turn
 * as they show a new refusal.
 */
export function asReadBack(message: ConversationMessageRow): ConversationMessageRow {
  const refusal = message.role === 'assistant' && message.citations.length === 0 && message.content.trim() === NO_ANSWER_TEXT;
  return refusal && message.notice !== null && QUOTING_NOTICES.has(message.notice) ? { ...message, notice: null } : message;
}
