/** The server's NO_ANSWER_TEXT, also when a model quotes it with a typographic apostrophe or in quotes. */
export const NO_ANSWER = /^\W*The sources in this project don['’]t contain an answer/i;
const NO_LLM_NOTICE = /^No LLM is configured/;
/** NOTICE_NO_LLM and NOTICE_LLM_DOWN: they describe how an answer's sentences were made, which a refusal has none of. */
const QUOTED_ANSWER_NOTICE = /quoted from the sources/;

/** The notice to print under an answer, or null: none for a refusal that only explains quoting, nor one the banner already says. */
export function visibleNotice(notice: string | null | undefined, options: { refusal: boolean; showNoLlmNotice: boolean }): string | null {
  if (!notice) return null;
  if (options.refusal && QUOTED_ANSWER_NOTICE.test(notice)) return null;
  if (!options.showNoLlmNotice && NO_LLM_NOTICE.test(notice)) return null;
  return notice;
}
