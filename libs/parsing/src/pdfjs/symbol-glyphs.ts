/**
 * Symbol fonts whose codes pdf.js reads as the letters or figures at the same codes. TeX's math fonts name glyphs the
 * glyph list lacks (`negationslash`, `lscript`, `triangle`), so pdf.js falls back to the code: "A ≠ B" reads "A 6= B"
 * and "ℓ" reads "`". Dingbat fonts draw list bullets at the codes of letters ("o 这是第二层"). The font's name tells
 * which encoding its codes follow.
 */

/** The combining long solidus: TeX's \not overprinted on the relation after it; composed with it when read. */
export const NEGATION_SLASH = '\u0338';

/** TeX's math symbols (OMS: cmsy, Latin Modern's MathSymbols) at the codes pdf.js falls back to. */
const OMS_FONT = /^(?:cmsy|cmbsy|lmsy|rm-lmsy)\d|^LMMathSymbols/i;
const OMS: Record<number, string> = {
  0x30: '′',
  0x31: '∞',
  0x32: '∈',
  0x33: '∋',
  0x34: '△',
  0x35: '▽',
  0x36: NEGATION_SLASH,
  0x38: '∀',
  0x39: '∃',
  0x3a: '¬',
  0x3b: '∅',
  0x3c: 'ℜ',
  0x3d: 'ℑ',
  0x3e: '⊤',
  0x3f: '⊥',
  0x40: 'ℵ',
  0x5b: '∪',
  0x5c: '∩',
  0x5d: '⊎',
  0x5e: '∧',
  0x5f: '∨',
  0x60: '⊢',
  0x61: '⊣',
  0x62: '⌊',
  0x63: '⌋',
  0x64: '⌈',
  0x65: '⌉',
  0x66: '{',
  0x67: '}',
  0x68: '⟨',
  0x69: '⟩',
  0x6a: '|',
  0x6b: '‖',
  0x6c: '↕',
  0x6d: '⇕',
  0x6e: '\\',
  0x6f: '≀',
  0x70: '√',
  0x71: '∐',
  0x72: '∇',
  0x73: '∫',
  0x74: '⊔',
  0x75: '⊓',
  0x76: '⊑',
  0x77: '⊒',
  0x78: '§',
  0x79: '†',
  0x7a: '‡',
  0x7b: '¶',
  0x7c: '♣',
  0x7d: '♢',
  0x7e: '♡',
  0x7f: '♠',
};

/** TeX's math italic (OML: cmmi, Latin Modern's MathItalic): Greek at control codes, ℓ at the grave's code. */
const OML_FONT = /^(?:cmmi|cmbmi|lmmi|rm-lmmi)\d|^LMMathItalic/i;
const OML_GREEK = 'ΓΔΘΛΞΠΣΥΦΨΩαβγδϵζηθικλμνξπρστυϕχψωεϑϖϱςφ';
const OML: Record<number, string> = {
  ...Object.fromEntries([...OML_GREEK].map((letter, code) => [code, letter])),
  0x3f: '⋆',
  0x40: '∂',
  0x5b: '♭',
  0x5c: '♮',
  0x5d: '♯',
  0x60: 'ℓ',
  0x7b: 'ı',
  0x7c: 'ȷ',
  0x7d: '℘',
};

/** Glyph names TeX's math fonts use that the glyph list lacks, for fonts whose encoding names its glyphs. */
const TEX_GLYPH_NAMES: Record<string, string> = {
  negationslash: NEGATION_SLASH,
  lscript: 'ℓ',
  triangle: '△',
  triangleinv: '▽',
  prime: '′',
  owner: '∋',
  latticetop: '⊤',
  unionmulti: '⊎',
  turnstileleft: '⊢',
  turnstileright: '⊣',
  floorleft: '⌊',
  floorright: '⌋',
  ceilingleft: '⌈',
  ceilingright: '⌉',
  angbracketleft: '⟨',
  angbracketright: '⟩',
  bardbl: '‖',
  wreathproduct: '≀',
  coproduct: '∐',
  unionsq: '⊔',
  intersectionsq: '⊓',
  subsetsqequal: '⊑',
  supersetsqequal: '⊒',
  weierstrass: '℘',
  Rfractur: 'ℜ',
  Ifractur: 'ℑ',
  dotlessj: 'ȷ',
  epsilon1: 'ε',
  theta1: 'ϑ',
  pi1: 'ϖ',
  rho1: 'ϱ',
  sigma1: 'ς',
  phi1: 'φ',
};

/** Fonts of pictures, not letters: Zapf Dingbats (`pzdr`, `Dingbats`), Wingdings, Webdings. */
const DINGBAT_FONT = /dingbat|^pzd|wingding|webding/i;
/** What pdf.js gives for a dingbat it could not map: a letter, figure or Latin punctuation at the glyph's code. */
const MISREAD_DINGBAT = /^[\x21-\x7e\u00a1-\u02ff\u2010-\u206f\u2100-\u214f]$/u;
/** A dingbat stands for a bullet, save the check marks and crosses (Zapf Dingbats 0x33–0x38, Wingdings 0xFB–0xFE). */
const DINGBAT_MARKS: Record<string, Record<number, string>> = {
  zapf: { 0x33: '✓', 0x34: '✔', 0x35: '✕', 0x36: '✖', 0x37: '✗', 0x38: '✘' },
  wing: { 0xfb: '✗', 0xfc: '✓', 0xfd: '☒', 0xfe: '☑' },
};

/** The font's name without its subset tag (`ABCDEF+CMSY10` → `CMSY10`). */
function baseName(name: string | undefined): string {
  return (name ?? '').replace(/^[A-Z]{6}\+/, '');
}

/** What a glyph named outside the glyph list by TeX's math fonts stands for, or null. */
export function texMathGlyph(name: string | undefined): string | null {
  return (name && TEX_GLYPH_NAMES[name]) || null;
}

/**
 * What the glyph at `code` of a symbol font stands for when pdf.js read it as `text`, or null when the font is no
 * symbol font the name tells, the code holds no misread symbol, or pdf.js already gave a symbol.
 */
export function symbolFontGlyph(fontName: string | undefined, code: number, text: string): string | null {
  const name = baseName(fontName);
  // A space is also what pdf.js puts between words, whatever the font (OML's ψ sits at the space's code).
  if (!name || /^[ \t\r\n\u00a0]*$/u.test(text)) return null;
  // pdf.js fell back to the code (a control character or the ASCII character at it): the font's table says.
  const fellBack = text === String.fromCharCode(code) || /^[\u0000-\u001f]$/.test(text);
  if (OMS_FONT.test(name)) return fellBack ? (OMS[code] ?? null) : null;
  if (OML_FONT.test(name)) return fellBack ? (OML[code] ?? null) : null;
  if (DINGBAT_FONT.test(name) && MISREAD_DINGBAT.test(text)) {
    const marks = /wingding/i.test(name) ? DINGBAT_MARKS.wing : /webding/i.test(name) ? {} : DINGBAT_MARKS.zapf;
    return marks[code] ?? '•';
  }
  return null;
}

/** Relations TeX negates by overprinting its slash, composed into their negated characters (`=` ̸ → `≠`). */
export function composeNegations(text: string): string {
  if (!text.includes(NEGATION_SLASH)) return text;
  // A slash ending the text stays: its relation may come in the next run, drawn at the same x (see the reader).
  return text.replace(/\u0338\s*(\S)/gu, (_, next: string) => `${next}${NEGATION_SLASH}`.normalize('NFC'));
}
