import { buildUnmappedLigaturePdf } from '../../../../test/fixtures/ligature-pdfs';
import { lettersOfGlyphName } from './glyph-letters';
import { glyphRepairs, repairGlyphs } from './glyph-repairs';
import { readPdfText } from './pdf-document.reader';

describe(glyphRepairs.name, () => {
  it('reads ligature names joined by underscores, suffixes dropped, and leaves other names alone', () => {
    expect(lettersOfGlyphName('t_t')).toBe('tt');
    expect(lettersOfGlyphName('f_f_i')).toBe('ffi');
    expect(lettersOfGlyphName('q.sc_u.sc')).toBe('qu');
    expect(lettersOfGlyphName('T_h')).toBe('Th');
    expect(lettersOfGlyphName('seven.oldstyle')).toBe('7');
    expect(lettersOfGlyphName('seven')).toBeNull();
    expect(lettersOfGlyphName('a28')).toBeNull();
    expect(lettersOfGlyphName('armsha')).toBeNull();
    expect(lettersOfGlyphName('arrow_right')).toBeNull();
    expect(lettersOfGlyphName('.notdef')).toBeNull();
  });

  it('maps a control character to its glyph name letters, and Adobe private-use figures to digits', () => {
    const repairs = glyphRepairs({ differences: { 29: 't_t', 15: 'bullet' }, toUnicode: { _map: { 48: '\uf730' } } });
    expect(repairGlyphs('Forma\u001ding', repairs)).toBe('Formatting');
    expect(repairGlyphs('\u000f item', repairs)).toBe('\u000f item');
    expect(repairGlyphs('19\uf730', glyphRepairs({ toUnicode: { _map: { 48: '\uf730' } } }))).toBe('190');
  });

  it("takes TeX's ligature codes in a font naming glyphs by code only when the glyph is as wide as its letters", () => {
    const widths = { 28: 556, 29: 200, 102: 306, 105: 278, 108: 278 };
    const repairs = glyphRepairs({ isType3Font: true, differences: { 28: 'a28', 29: 'a29' }, widths });
    expect(repairGlyphs('Con\u001cgure', repairs)).toBe('Configure');
    expect(repairGlyphs('\u001d', repairs)).toBe('\u001d');
    expect(repairGlyphs('Con\u001cgure', glyphRepairs({ differences: { 28: 'a28' }, widths }))).toBe('Con\u001cgure');
  });

  it('gives the words of a PDF whose ligature glyphs have no Unicode mapping their letters back', async () => {
    const [page] = await readPdfText(new Uint8Array(buildUnmappedLigaturePdf()));
    expect(page.lines.map((line) => line.text)).toEqual([
      'The Counter Settings',
      'Formatting Labels',
      'These Complexes sequence',
      'Configure and examples',
      'A ba glyph',
    ]);
  });
});
