/** The server's NO_ANSWER_TEXT, also when a model quotes it with a typographic apostrophe or in quotes. */
export const NO_ANSWER = /^\W*The sources in this project don['’]t contain an answer/i;
const NO_LLM_NOTICE = /^No LLM is configured/;

/**
 * The notice to print under an answer, or null: none that the no-LLM banner already says. (The server sends no
 * notice about quoting with a refusal.)
 */
export function visibleNotice(notice: string | null | undefined, options: { showNoLlmNotice: boolean }): string | null {
  if (!notice) return null;
  if (!options.showNoLlmNotice && NO_LLM_NOTICE.test(notice)) return null;
  return notice;
}
