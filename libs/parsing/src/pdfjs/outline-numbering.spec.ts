import { parseNumbering } from './heading-numbering';
import { splitOutlineLabel } from './outline-numbering';

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
