/// <reference types="jest" />
// The web tsconfig only knows Vite's types; the reference above lets it type-check this spec too.
import { findHeading } from './heading-find';

const items = [
  'Journal of Examples',
  'We describe the method of assessment in the',
  'next section.',
  '2.1',
  'Assessment of nerve fiber',
  'density',
  'Biopsies were taken from the distal leg.',
];
// Item tops in CSS px from the page's top, one line every 20 px.
const tops = items.map((_, i) => 40 + i * 20);

describe(findHeading.name, () => {
  it('finds the heading line nearest above the section’s first passage, across a line break in the title', () => {
    expect(findHeading(items, tops, 'Assessment of Nerve Fiber Density', tops[6])).toBe(4);
  });

  it('takes the title’s first occurrence when the passage’s position is unknown', () => {
    expect(findHeading(['Methods', 'as in Methods above', 'Methods'], [10, 30, 50], 'Methods', null)).toBe(0);
  });

  it('takes only a title that opens its line (after a section number), not the word inside running text', () => {
    expect(findHeading(['3 Results', 'Our results follow.'], [100, 120], 'Results', 130)).toBe(0);
  });

  it('skips an occurrence below the passage, where the heading cannot be', () => {
    const page = ['Results', 'Our results follow.', 'Results'];
    expect(findHeading(page, [100, 120, 400], 'Results', 130)).toBe(0);
    expect(findHeading(page, [100, 120, 400], 'Results', 50)).toBeNull();
  });

  it('returns null for a title that is not on the page, or is empty', () => {
    expect(findHeading(items, tops, 'Discussion', 200)).toBeNull();
    expect(findHeading(items, tops, '  ', 200)).toBeNull();
  });
});
