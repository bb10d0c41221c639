/** The server's NO_ANSWER_TEXT, also when a model quotes it with a typographic apostrophe or in quotes. */
export const NO_ANSWER = /^\W*The sources in this project don['’]t contain an answer/i;
const NO_LLM_NOTICE = /^No LLM is configured/;
/** NOTICE_NO_LLM and NOTICE_LLM_DOWN: how an answer's sentences were quoted, which a refusal has none of. */
const QUOTING_NOTICE = /quoted from the sources/;

/**
 * The notice to print under an answer, or null: none that the no-LLM banner already says, and no note about quoting
 * under a refusal. The server no longer sends one with a refusal, but conversations kept before (on the server and in
 * this browser) still hold it.
 */
export function visibleNotice(notice: string | null | undefined, options: { refusal: boolean; showNoLlmNotice: boolean }): string | null {
  if (!notice) return null;
  if (options.refusal && QUOTING_NOTICE.test(notice)) return null;
  if (!options.showNoLlmNotice && NO_LLM_NOTICE.test(notice)) return null;
  return notice;
}
