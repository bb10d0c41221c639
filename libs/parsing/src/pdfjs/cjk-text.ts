import { CJK_LETTERS, HAN_KANA, HAN_KANA_LETTER } from '@lectern/common';

/**
 * Chinese, Japanese and Korean text: scripts written without spaces between words (Han, kana), or with Hangul
 * words whose letters a display title may spread apart. Only CJK-specific rules live here; the layout steps call them.
 */

/** Han ideographs and kana (no spaces between words), with CJK and full-width punctuation. */
export const CJK_CHAR = new RegExp(String.raw`[${HAN_KANA}\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\u30fc]`, 'u');
const CJK_RUN = new RegExp(`[${CJK_LETTERS}]`, 'gu');
const HAN_OR_KANA = new RegExp(`^[${HAN_KANA}]$`, 'u');
const HAN_KANA_ALL = new RegExp(`[${HAN_KANA}]`, 'gu');
const HAN_KANA_RUNS = new RegExp(`[${HAN_KANA}]+`, 'gu');
/** A Japanese full stop ("．") with more Han or kana text after it. */
const INNER_FULL_STOP = new RegExp(`．(?=\\s*[${HAN_KANA}])`, 'u');
const HANGUL = /^\p{Script=Hangul}$/u;

/** Han, kana or Hangul letters in the text. */
export const cjkLetters = (text: string): number => (text.match(CJK_RUN) ?? []).length;

/** Whether the text is mostly CJK letters (of its letters). */
export function isMostlyCjk(text: string): boolean {
  const all = (text.match(/\p{L}/gu) ?? []).length;
  return all > 0 && cjkLetters(text) / all >= 0.5;
}

/**
 * Section names that a display title spreads letter by letter ("目 录", "摘 要", "参 考 文 献", Korean "차 례"):
 * a line made only of two to eight single Han, kana or Hangul letters one space apart is one word. Longer spaced
 * lines are left alone; Hangul is joined only where the joined word is a section name (Korean puts spaces between words).
 */
export function joinCjkLetterSpacing(text: string, isSectionName: (joined: string) => boolean): string {
  const tokens = text.split(' ');
  if (tokens.length < 2 || tokens.length > 8 || tokens.some((t) => [...t].length !== 1)) return text;
  const joined = tokens.join('');
  if (tokens.every((t) => HAN_OR_KANA.test(t))) return joined;
  return tokens.every((t) => HANGUL.test(t)) && isSectionName(joined) ? joined : text;
}

/**
 * How many words a text has for the "is this a title or a sentence" tests: words between spaces, as `words` counts
 * them, except that Han or kana text, written without spaces, counts about two characters a word.
 */
export function titleWordCount(text: string): number {
  if (!HAN_KANA_LETTER.test(text)) return text.split(/\s+/).filter(Boolean).length;
  const han = (text.match(HAN_KANA_ALL) ?? []).length;
  const rest = text.replace(HAN_KANA_RUNS, ' ');
  return rest.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length + Math.ceil(han / 2);
}

/**
 * A CJK sentence or list lead-in rather than a title: a full stop inside or at the end ("。", Japanese "．" before
 * more text), clauses ("，" twice, not in a question), or a closing colon or comma ("如下：", "以下，").
 */
export function isCjkSentence(title: string, subNumbered = false): boolean {
  if (cjkLetters(title) < 2) return false;
  if (/[。]/.test(title) || INNER_FULL_STOP.test(title)) return true;
  if (!isMostlyCjk(title)) return false;
  // A sub-numbered title may end in a colon ("1.1 命令的基本格式:"); a list item numbered "4" ending in one is a lead-in.
  if (/[，、；;]$/.test(title) || (/[：:]$/.test(title) && !subNumbered)) return true;
  // A question may run over clauses ("如何排序并压缩连续的引用，产生如 … 的引用？").
  return (title.match(/[，,]/g) ?? []).length >= 2 && !/[？?]$/.test(title);
}

/**
 * Joins two lines of a paragraph: Han and kana text breaks lines anywhere, with no space to restore, so a line
 * ending in such a letter or CJK punctuation and a line opening with one meet without a space.
 */
export function joinsWithoutSpace(text: string, next: string): boolean {
  const last = [...text].pop() ?? '';
  const first = [...next][0] ?? '';
  return CJK_CHAR.test(last) && CJK_CHAR.test(first);
}
