import { composeNegations, symbolFontGlyph, texMathGlyph } from './symbol-glyphs';
import { ADOBE_FIGURES, ADOBE_SMALL_CAPS, adobePrivateUseLetter, lettersOfGlyphName, LOST_GLYPH, texLigatureAt } from './glyph-letters';

/**
 * What pdf.js exports of a simple font with `fontExtraProperties` (structured-cloned, so plain objects):
 * the encoding's glyph names by code, the ToUnicode map, the advance widths.
 */
export interface PdfjsFontData {
  name?: string;
  isType3Font?: boolean;
  composite?: boolean;
  differences?: Record<number, string | undefined> | Array<string | undefined>;
  defaultEncoding?: Array<string | undefined>;
  toUnicode?: { _map?: Array<string | undefined> | Record<number, string | undefined> };
  widths?: Record<number, number | undefined> | Array<number | undefined>;
}

/** Lost characters → their letters, for one font. */
export type GlyphRepairs = ReadonlyMap<string, string>;

/**
 * A composite font's repairs, the same for every such font: Adobe's private-use figures and small capitals, the only
 * lost characters its text is read for.
 */
const COMPOSITE_REPAIRS: GlyphRepairs = new Map(
  [ADOBE_FIGURES, ADOBE_SMALL_CAPS]
    .flatMap(({ first, last }) => [...Array(last - first + 1).keys()].map((k) => String.fromCharCode(first + k)))
    .map((ch) => [ch, adobePrivateUseLetter(ch) as string]),
);

/** A ligature drawn from bitmaps is trusted only when its advance is its letters' within this share. */
const WIDTH_TOLERANCE = { low: 0.9, high: 1.03 };

/**
 * For each code of a simple font whose text pdf.js gives as a control or private-use character, the letters its
 * glyph stands for: from the glyph's name (`t_t`, `f_f_i`, `q.sc_u.sc`), from Adobe's private-use letters, or —
 * for a Type 3 font with names that say nothing — from TeX's ligature codes when the glyph is as wide as its
 * letters. Composite (CID) fonts get only Adobe's private-use letters: their codes are not one byte and name no glyphs.
 */
export function glyphRepairs(font: PdfjsFontData | null | undefined): GlyphRepairs {
  if (font?.composite) return COMPOSITE_REPAIRS;
  const repairs = new Map<string, string>();
  if (!font) return repairs;
  const toUnicode = font.toUnicode?._map ?? {};
  const widths = font.widths as Record<number, number | undefined> | undefined;
  // Texts a drawn glyph means as pdf.js reads them: a symbol repair keyed on the same text would be ambiguous.
  const meant = new Set<string>();
  for (let code = 0; code < 256; code++) {
    const mapped = (toUnicode as Record<number, string | undefined>)[code];
    // pdf.js falls back to the code itself when no map or name gives a character.
    const text = typeof mapped === 'string' && mapped.length > 0 ? mapped : String.fromCharCode(code);
    if (LOST_GLYPH.test(text)) {
      const letters = repairs.has(text) ? null : lettersFor(font, code, text);
      if (letters) repairs.set(text, letters);
      continue;
    }
    // Codes the font draws nothing at (no width) still map to text; only drawn glyphs count.
    if (widths && widths[code] === undefined) continue;
    const symbol = meant.has(text) ? null : symbolFor(font, code, text);
    if (symbol && !repairs.has(text)) repairs.set(text, symbol);
    else if (!symbol) {
      meant.add(text);
      repairs.delete(text);
    }
  }
  return repairs;
}

function glyphName(font: PdfjsFontData, code: number): string | undefined {
  return (font.differences as Record<number, string | undefined> | undefined)?.[code] ?? font.defaultEncoding?.[code];
}

/**
 * A symbol pdf.js read as the letter or figure at its code: a TeX math glyph named outside the glyph list, or a
 * symbol font's code its name tells (`symbolFontGlyph`). Only where pdf.js fell back to the code itself.
 */
function symbolFor(font: PdfjsFontData, code: number, text: string): string | null {
  const named = text === String.fromCharCode(code) ? texMathGlyph(glyphName(font, code)) : null;
  return named ?? symbolFontGlyph(font.name, code, text);
}

function lettersFor(font: PdfjsFontData, code: number, text: string): string | null {
  const name = glyphName(font, code);
  // NFKC spreads ligatures into letters; a symbol (ℓ, the negation slash) is kept as it is.
  const named = lettersOfGlyphName(name)?.normalize('NFKC') ?? texMathGlyph(name) ?? symbolFontGlyph(font.name, code, text);
  if (named) return named;
  const adobe = [...text].length === 1 ? adobePrivateUseLetter(text) : null;
  if (adobe) return adobe;
  if (!font.isType3Font) return null;
  const ligature = texLigatureAt(code);
  return ligature && asWideAsLetters(font, code, ligature) ? ligature.normalize('NFKC') : null;
}

/** Whether the glyph at `code` is as wide as its letters set one by one (ASCII codes in every TeX encoding). */
function asWideAsLetters(font: PdfjsFontData, code: number, letters: string): boolean {
  const widths = (font.widths ?? {}) as Record<number, number | undefined>;
  const own = widths[code];
  const parts = [...letters].map((letter) => widths[letter.charCodeAt(0)]);
  if (!own || parts.some((width) => !width)) return false;
  const sum = parts.reduce<number>((total, width) => total + (width ?? 0), 0);
  return own >= WIDTH_TOLERANCE.low * sum && own <= WIDTH_TOLERANCE.high * sum;
}

/**
 * The text with each lost or misread character replaced by what the font says it is, TeX's negation slash composed
 * with the relation it is drawn over.
 */
export function repairGlyphs(text: string, repairs: GlyphRepairs | undefined): string {
  if (!repairs || repairs.size === 0) return text;
  let out = '';
  for (const char of text) out += repairs.get(char) ?? char;
  return composeNegations(out);
}
