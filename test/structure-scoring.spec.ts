import {
  normalizeHeading,
  precisionRecallF1,
  scoreAuthors,
  scoreHeadings,
  scoreTables,
  surnameKey,
  tokenF1,
} from '../bench/structure/structure-scoring';
import { locateCaptionPages, nougatTableCaptions, unstructuredTablePages } from '../bench/structure/table-gold';
import { CORPUS_DIR } from './support/paths';

describe('structure eval scoring', () => {
  it('normalizes numbering, labels, case, accents and punctuation away', () => {
    expect(normalizeHeading('2.1. Data-Sets')).toBe('data sets');
    expect(normalizeHeading('IV. RÉSULTATS')).toBe('resultats');
    expect(normalizeHeading('Chapter 3 Getting started')).toBe('getting started');
    expect(normalizeHeading('A.2. Proofs')).toBe('proofs');
    expect(normalizeHeading('A Examples')).toBe('examples');
    expect(normalizeHeading('II Reference')).toBe('reference');
    expect(normalizeHeading('a tour')).toBe('a tour');
  });

  it('gives word F1 between titles', () => {
    expect(tokenF1('Attention Is All You Need', 'attention is all you need')).toBe(1);
    expect(tokenF1('Attention Is All You Need 1Jane Doe', 'Attention Is All You Need')).toBeCloseTo((2 * (5 / 7) * 1) / (5 / 7 + 1));
    expect(tokenF1('Results', 'Discussion')).toBe(0);
  });

  it('matches headings one to one in reading order and checks relative levels', () => {
    const gold = [
      { title: '1 Introduction', level: 2 },
      { title: '1.1 Scope', level: 3 },
      { title: 'Examples', level: 3 },
      { title: '2 Method', level: 2 },
      { title: 'Examples', level: 3 },
    ];
    const predicted = [
      { title: 'Introduction', level: 1 },
      { title: 'Scope', level: 2 },
      { title: 'Examples', level: 1 },
      { title: 'Method', level: 1 },
      { title: 'Examples', level: 2 },
      { title: 'Table 3: numbers', level: 1 },
    ];
    expect(scoreHeadings(predicted, gold)).toEqual({ matched: 5, predicted: 6, gold: 5, levelCorrect: 4 });
  });

  it('matches authors by family name, whatever the initials and accents', () => {
    expect(surnameKey('José M. García-Pérez')).toBe('garcia perez');
    expect(scoreAuthors(['I. Datta', 'Chad G. Ball', 'Someone Else'], ['Indraneel Datta', 'Chad G Ball', 'Lucas Rudmik'])).toEqual({
      matched: 2,
      predicted: 3,
      gold: 3,
    });
  });

  it('counts tables per page when the gold has pages, per document otherwise', () => {
    expect(scoreTables([2, 2, 5], [2, 3])).toEqual({ matched: 1, predicted: 3, gold: 2 });
    expect(scoreTables([2, 2, 5], [null, null])).toEqual({ matched: 2, predicted: 3, gold: 2 });
    // A located table matches on its page; a table whose page is unknown takes a detection left over.
    expect(scoreTables([2, 7], [2, null])).toEqual({ matched: 2, predicted: 2, gold: 2 });
    expect(scoreTables([3], [2, null])).toEqual({ matched: 1, predicted: 1, gold: 2 });
    expect(scoreTables([4], [])).toEqual({ matched: 0, predicted: 1, gold: 0 });
  });

  it('computes precision, recall and F1, zero when nothing was predicted', () => {
    expect(precisionRecallF1({ matched: 3, predicted: 4, gold: 6 })).toEqual({ p: 0.75, r: 0.5, f1: 0.6 });
    expect(precisionRecallF1({ matched: 0, predicted: 0, gold: 6 }).f1).toBe(0);
  });

  it('places a gold table on the one page whose text holds its caption, whatever GROBID made of the label', () => {
    const pages = ['Intro text.', 'Table 1: Results on the\nSCIDOCS evaluation suite consisting of 7 tasks.', 'see Table 1'];
    expect(locateCaptionPages(['Table 1 : Results on the SCIDOCS evaluation suite consisting of 7 tasks.'], pages)).toEqual([2]);
    // Too short to place, or on two pages: unknown.
    const twice = ['Table 3: as listed in the appendix.', 'Table 3. As listed in the appendix below.'];
    expect(locateCaptionPages(['Table 2: Results', 'Table 3: As listed in the appendix'], twice)).toEqual([null, null]);
    expect(locateCaptionPages(['Table 3: As listed in the appendix'], twice.slice(1))).toEqual([1]);
  });

  it('reads one gold table per Nougat table block, captioned by the "Table N:" line after it or inside it', () => {
    const mmd = [
      '\\begin{table}',
      '\\begin{tabular}{|l|l|} A & 1 \\\\ \\end{tabular}',
      '\\end{table}',
      'Table 1: Errors per method',
      '',
      '\\begin{table}',
      'Table 2. Inside the block',
      '\\end{table}',
      'Body text goes on.',
      '\\begin{table}',
      '\\end{table}',
      '',
      'Figure 3: Not a table caption',
    ].join('\n');
    expect(nougatTableCaptions(mmd)).toEqual(['Table 1: Errors per method', 'Table 2. Inside the block', '']);
  });

  it('maps Unstructured Table elements of a one-page excerpt to its page', () => {
    const json = `${CORPUS_DIR}/unstructured/layout-parser-paper.json`;
    expect(unstructuredTablePages(json, 5, 1)).toEqual([1]);
    expect(unstructuredTablePages(json, 1, 2)).toEqual([]);
  });
});
