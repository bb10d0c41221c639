import { parseNumbering } from './heading-numbering';
import { sequencedLabels, splitOutlineLabel } from './outline-numbering';

describe(splitOutlineLabel.name, () => {
  it('splits a hyperref IEEE subsection label into its number and title', () => {
    expect(splitOutlineLabel('II-A Dataset Collection', null)).toEqual({ number: 'II.A', title: 'Dataset Collection' });
    expect(splitOutlineLabel('III-B2 Training Details', null)).toEqual({ number: 'III.B.2', title: 'Training Details' });
  });

  it('splits a bare Roman numeral only when the printed heading carries the same numeral', () => {
    expect(splitOutlineLabel('I Introduction', parseNumbering('I. INTRODUCTION', false))).toEqual({ number: 'I', title: 'Introduction' });
    expect(splitOutlineLabel('I Am Legend', null)).toBeNull();
    expect(splitOutlineLabel('V Sets', parseNumbering('IV. Sets', false))).toBeNull();
  });

  it('leaves titles without a Roman label alone', () => {
    expect(splitOutlineLabel('Introduction', null)).toBeNull();
    expect(splitOutlineLabel('Version 2', null)).toBeNull();
  });
});

describe(sequencedLabels.name, () => {
  const entries = (...rows: Array<[number, string]>) => rows.map(([level, title]) => ({ level, title }));

  it('takes appendix letters that follow one another, or that number the entries under them', () => {
    const outline = entries(
      [1, 'References'],
      [1, 'A Research Methods'],
      [2, 'A.1 Part One'],
      [2, 'A.2 Part Two'],
      [1, 'B Online Resources'],
    );
    expect([...sequencedLabels(outline)]).toEqual([1, 4]);
    expect([...sequencedLabels(entries([1, 'Proofs'], [1, 'C Extra Results'], [2, 'C.1 Tables']))]).toEqual([1]);
  });

  it('takes part numerals that follow one another at one level', () => {
    const outline = entries([1, 'I Gnuplot'], [2, 'Copyright'], [2, 'Introduction'], [1, 'II Plotting styles'], [1, 'III Commands']);
    expect([...sequencedLabels(outline)]).toEqual([0, 3, 4]);
  });

  it('leaves a title that only opens with a capital letter or a numeral-like word', () => {
    expect([...sequencedLabels(entries([1, 'A Study of Things'], [1, 'Methods'], [1, 'I Am Legend'], [1, 'Results']))]).toEqual([]);
    expect([...sequencedLabels(entries([1, 'A Study'], [2, 'Background'], [1, 'C Compilers']))]).toEqual([]);
  });
});

describe(`${splitOutlineLabel.name} with a sequenced or printed label`, () => {
  it('splits a part numeral printed as "Part I" over the title', () => {
    expect(splitOutlineLabel('I Gnuplot', parseNumbering('Part I Gnuplot', false))).toEqual({ number: 'I', title: 'Gnuplot' });
  });

  it('splits an appendix letter the outline numbers with, and keeps it otherwise', () => {
    expect(splitOutlineLabel('A Research Methods', null, true)).toEqual({ number: 'A', title: 'Research Methods' });
    expect(splitOutlineLabel('A Research Methods', null, false)).toBeNull();
  });
});
