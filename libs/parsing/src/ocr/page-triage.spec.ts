import { textStatistics, triagePageText } from './page-triage';

const ENGLISH =
  'We describe a deployed scalable system for organizing published scientific literature into a heterogeneous graph to facilitate ' +
  'algorithmic manipulation and discovery. The resulting literature graph consists of more than 280M nodes, representing papers, ' +
  'authors, entities and various interactions between them.';
const SPANISH =
  'El desarrollo territorial rural en América Latina ha sido objeto de numerosos debates durante las últimas décadas, en los que ' +
  'se discute la relación entre las políticas públicas y las realidades de los territorios rurales de la región y sus habitantes.';
/** What a broken ToUnicode map (glyph indices 29 places off) makes of English text. */
const shifted = (text: string) => [...text].map((c) => (c === ' ' ? c : String.fromCharCode(c.charCodeAt(0) - 29))).join('');

describe(triagePageText.name, () => {
  it('keeps English and Spanish text layers', () => {
    expect(triagePageText(ENGLISH)).toBe('text');
    expect(triagePageText(SPANISH)).toBe('text');
  });

  it('keeps a table of numbers with its header words', () => {
    expect(triagePageText('Table 2: Results on the test set Model P R F1 ' + '0.81 0.77 0.79 12.4 '.repeat(20))).toBe('text');
  });

  it('calls a page with only a page number or nothing empty', () => {
    expect(triagePageText('')).toBe('empty');
    expect(triagePageText(' 12 ')).toBe('empty');
  });

  it('calls private-use or replacement characters garbage', () => {
    const pua = [...ENGLISH].map((c) => (c === ' ' ? c : String.fromCharCode(0xe000 + c.charCodeAt(0)))).join('');
    expect(triagePageText(pua)).toBe('garbage');
    expect(triagePageText('\ufffd\ufffd\ufffd '.repeat(20) + ENGLISH.slice(0, 60))).toBe('garbage');
  });

  it('calls letters shifted by a broken ToUnicode map garbage', () => {
    expect(shifted('Performance')).toBe('3HUIRUPDQFH');
    expect(textStatistics(shifted(ENGLISH)).stopwords).toBeLessThan(0.05);
    expect(triagePageText(shifted(ENGLISH))).toBe('garbage');
  });
});
