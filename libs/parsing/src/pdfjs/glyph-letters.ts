/**
 * The letters a glyph stands for when pdf.js could not say: pdf.js maps a glyph to Unicode through the font's
 * ToUnicode CMap or the Adobe Glyph List, and a name outside that list (`t_t`, `q.sc_u.sc`, `f_f_i`) falls back to
 * the character code itself — a control character — so "Formatting" reads "Forma\u001ding".
 */

/** Code points no text means: C0/C1 controls (tab and line breaks aside), private use, the replacement character. */
export const LOST_GLYPH = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ue000-\uf8ff\ufffd]/u;

/** Ligature names without underscores (AGL's ff/fi/fl/ffi/ffl and the ones TeX fonts add). */
const LIGATURE_NAME = /^(?:f{1,2}[ijlbhkt]|ff|tt|st|ct|sp|Th|Qu)$/;
const LETTER_NAME = /^[A-Za-z]$/;
const DIGIT_NAMES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const UNI_NAME = /^uni([0-9A-F]{4})$|^u([0-9A-F]{4,6})$/;

/** One component of a glyph name (suffix such as `.sc` or `.alt` dropped) as letters or a figure, or null. */
function componentLetters(component: string): string | null {
  const base = component.replace(/\..*$/, '');
  if (LETTER_NAME.test(base) || LIGATURE_NAME.test(base)) return base;
  if (base === 'longs') return 's';
  // Only with a suffix (`one.oldstyle`, `seven.taboldstyle`): a plain digit name is pdf.js's to map.
  if (DIGIT_NAMES.includes(base) && base !== component) return String(DIGIT_NAMES.indexOf(base));
  const uni = UNI_NAME.exec(base);
  if (uni) {
    const char = String.fromCodePoint(parseInt(uni[1] ?? uni[2], 16));
    return /^\p{L}$/u.test(char) ? char : null;
  }
  return null;
}

/**
 * The letters a ligature's glyph name spells, following the AGL's rule for names joined by `_` (`f_f_i` is f, f, i),
 * each part's suffix dropped (`q.sc_u.sc` is "qu"); null when any part is not a letter.
 */
export function lettersOfGlyphName(name: string | undefined): string | null {
  if (!name || name === '.notdef') return null;
  const parts = name.split('_');
  // A single name is taken only when it is a known ligature or a letter with a suffix (`a.sc`), not a plain letter
  // pdf.js would have mapped already.
  if (parts.length === 1 && !LIGATURE_NAME.test(name.replace(/\..*$/, '')) && !name.includes('.')) return null;
  const letters = parts.map(componentLetters);
  return letters.every((part): part is string => part !== null) ? letters.join('') : null;
}

/** Adobe's private-use old-style figures 0–9 and small capitals a–z. */
export const ADOBE_FIGURES = { first: 0xf730, last: 0xf739 } as const;
export const ADOBE_SMALL_CAPS = { first: 0xf761, last: 0xf77a } as const;

/**
 * Adobe's private-use letters and figures (Expert fonts, `zerooldstyle` U+F730…, `Asmall` U+F761…): the glyph list
 * gives them private code points, which search cannot match.
 */
export function adobePrivateUseLetter(char: string): string | null {
  const code = char.codePointAt(0) ?? 0;
  if (code >= ADOBE_FIGURES.first && code <= ADOBE_FIGURES.last) return String(code - ADOBE_FIGURES.first);
  if (code >= ADOBE_SMALL_CAPS.first && code <= ADOBE_SMALL_CAPS.last) return String.fromCharCode(code - ADOBE_SMALL_CAPS.first + 0x61);
  return null;
}

/**
 * TeX's text encodings put the f-ligatures at fixed codes: T1 (Cork) at 0x1B–0x1F, OT1 at 0x0B–0x0F, in the order
 * ff, fi, fl, ffi, ffl. A font drawn from bitmaps (dvips' Type 3 fonts) names its glyphs by code only, so the code
 * is all there is; the caller checks the glyph's width against its letters' before trusting it.
 */
export function texLigatureAt(code: number): string | null {
  const order = ['ff', 'fi', 'fl', 'ffi', 'ffl'];
  if (code >= 0x1b && code <= 0x1f) return order[code - 0x1b];
  if (code >= 0x0b && code <= 0x0f) return order[code - 0x0b];
  return null;
}
