/**
 * The CJK scripts as regex character-class bodies, for the parser and the eval to build their patterns from one
 * spelling. Patterns built from them need the `u` flag (`\p{Script=…}`).
 */

/** Han ideographs and kana: the scripts written without spaces between words. */
export const HAN_KANA = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}`;

/** Han, kana and Hangul letters: the scripts of Chinese, Japanese and Korean text. */
export const CJK_LETTERS = String.raw`${HAN_KANA}\p{Script=Hangul}`;

/** One Han or kana letter. */
export const HAN_KANA_LETTER = new RegExp(`[${HAN_KANA}]`, 'u');

/** One Han, kana or Hangul letter. */
export const CJK_LETTER = new RegExp(`[${CJK_LETTERS}]`, 'u');
