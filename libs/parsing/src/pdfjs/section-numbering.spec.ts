import type { Heading } from './heading-detector';
import { numberSections } from './section-numbering';

const heading = (title: string, level: number, number: string | null = null): Heading => ({
  start: 0,
  end: 0,
  number,
  title,
  level,
  references: false,
});

describe(numberSections.name, () => {
  it('gives an unnumbered paper ordinals that follow its hierarchy', () => {
    const { numbers } = numberSections([heading('Introduction', 1), heading('Methods', 1), heading('Samples', 2)], false);
    expect(numbers).toEqual(['1', '2', '2.1']);
  });

  it('keeps printed numbers and gives unnumbered headings at a numbered level, and those under them, none', () => {
    const { numbers } = numberSections(
      [
        heading('Preface', 1),
        heading('Using the code', 2, '0.1'),
        heading('Thanks', 2),
        heading('Compilation', 1, '1'),
        heading('Static types', 2, '1.1'),
        heading('Processes', 1, '2'),
        heading('Glossary', 1),
      ],
      false,
    );
    expect(numbers).toEqual(['', '0.1', '', '1', '1.1', '2', '']);
  });

  it('gives an unnumbered heading between printed siblings one number apart the number in the gap, and no other', () => {
    const { numbers } = numberSections(
      [
        heading('Compilation', 1, '1'),
        heading('The compilation process', 2, '1.3'),
        heading('Object code', 2),
        heading('Assembly code', 2, '1.5'),
        heading('Processes', 1, '2'),
        heading('Isolation', 2, '2.2'),
        heading('Summary', 2),
        heading('UNIX processes', 2, '2.3'),
        heading('Glossary', 1),
      ],
      false,
    );
    expect(numbers).toEqual(['1', '1.3', '1.4', '1.5', '2', '2.2', '', '2.3', '']);
  });

  it('numbers an unnumbered sub-heading under a numbered section when its level prints no numbers', () => {
    const { numbers } = numberSections([heading('Methods', 1, '2'), heading('Bacterial strains', 2), heading('Sampling', 2)], false);
    expect(numbers).toEqual(['2', '2.1', '2.2']);
  });

  it('numbers sub-sections under the nearest heading above when a level is skipped, never restarting at 1', () => {
    const { numbers } = numberSections(
      [heading('Introduction', 1), heading('Methods', 1), heading('Search', 3), heading('Data', 3)],
      false,
    );
    expect(numbers).toEqual(['1', '2', '2.1', '2.2']);
  });
});
