import { buildSymbolFontPdf } from '../../../../test/fixtures/symbol-font-pdfs';
import { glyphRepairs, repairGlyphs } from './glyph-repairs';
import { readPdfText } from './pdf-document.reader';
import { composeNegations, NEGATION_SLASH, symbolFontGlyph } from './symbol-glyphs';

describe(symbolFontGlyph.name, () => {
  it("reads the symbols of TeX's math fonts where pdf.js fell back to the code's letter or figure", () => {
    expect(symbolFontGlyph('ABCDEF+CMSY10', 0x32, '2')).toBe('∈');
    expect(symbolFontGlyph('LMMathSymbols10-Regular', 0x34, '4')).toBe('△');
    expect(symbolFontGlyph('CMMI10', 0x60, '`')).toBe('ℓ');
    expect(symbolFontGlyph('CMMI7', 0x0b, '\u000b')).toBe('α');
  });

  it('leaves a symbol pdf.js mapped, a letter of the math alphabets, spaces and text fonts alone', () => {
    expect(symbolFontGlyph('CMSY10', 0x32, '∈')).toBeNull();
    expect(symbolFontGlyph('CMSY10', 0x41, 'A')).toBeNull();
    expect(symbolFontGlyph('CMMI10', 0x61, 'a')).toBeNull();
    expect(symbolFontGlyph('CMMI10', 0x20, ' ')).toBeNull();
    expect(symbolFontGlyph('CMR10', 0x60, '`')).toBeNull();
  });

  it('reads a dingbat drawn at a letter code as a bullet, keeping check marks and mapped dingbats', () => {
    expect(symbolFontGlyph('PCCSNP+Dingbats', 0x6f, 'o')).toBe('•');
    expect(symbolFontGlyph('ZapfDingbats', 0x33, '3')).toBe('✓');
    expect(symbolFontGlyph('Wingdings-Regular', 0xa7, '§')).toBe('•');
    expect(symbolFontGlyph('Wingdings-Regular', 0xfc, 'ü')).toBe('✓');
    expect(symbolFontGlyph('ZapfDingbats', 0x6f, '❏')).toBeNull();
  });
});

describe(composeNegations.name, () => {
  it('composes the negation slash with the relation after it, and keeps a slash that ends the text', () => {
    expect(composeNegations('A \u0338= B')).toBe('A ≠ B');
    expect(composeNegations('x \u0338∈ S')).toBe('x ∉ S');
    expect(composeNegations('A \u0338')).toBe('A \u0338');
  });

  it('gives the slash of a font naming it `negationslash` for the "6" pdf.js read, whatever the font is called', () => {
    const repairs = glyphRepairs({ name: 'NewTXSymbols', differences: { 54: 'negationslash' } });
    expect(repairGlyphs('6', repairs)).toBe(NEGATION_SLASH);
    expect(repairGlyphs('6', glyphRepairs({ name: 'NewTXSymbols', differences: { 54: 'six' } }))).toBe('6');
  });

  it("leaves a symbol's text alone when a glyph the font draws means that text, and ignores codes it draws nothing at", () => {
    // cmsy's bar (0x6A, named) reads "|"; the club's code 0x7C also falls back to "|" but is not in the subset.
    const font = { name: 'LMMathSymbols10-Regular', differences: { 106: 'bar' }, toUnicode: { _map: { 106: '|', 124: '|' } } };
    expect(repairGlyphs('|ψ〉', glyphRepairs({ ...font, widths: { 106: 278 } }))).toBe('|ψ〉');
    expect(repairGlyphs('|ψ〉', glyphRepairs({ ...font, widths: { 106: 278, 124: 778 } }))).toBe('|ψ〉');
  });
});

describe('symbol fonts in a page', () => {
  it('reads ≠, ℓ, ∈, dingbat bullets and the mirrored E of a logo as a reader sees them', async () => {
    const [page] = await readPdfText(new Uint8Array(buildSymbolFontPdf()));
    const lines = page.lines.map((line) => line.text);
    expect(lines).toEqual([
      'Equation A ≠ B holds.',
      'where ℓ is the distance and ∈ a member',
      '• first level item',
      '• second level item',
      'compile with XELaTeX today.',
      'Lone / slash',
    ]);
    expect(page.sideText).toEqual(['Mirrored stamp']);
  });
});
