import { columnLine } from '../testing/flow-line.fixture';
import type { Heading } from './heading-detector';
import type { FlowLine } from './layout.types';
import { settleReferenceHeadings } from './reference-headings';

const line = (text: string, x0 = 50, size = 9): FlowLine => columnLine(text, { page: 4, x0, size });
const heading = (start: number, title: string, level = 1, references = false): Heading => ({
  start,
  end: start + 1,
  number: null,
  title,
  level,
  references,
});
const entries = [
  line('D. Okoro, L. Sato, and Y. Haddad. Learning to rank drafts.'),
  line('arXiv preprint arXiv:1501.0001, 2015.', 59),
  line('S. Hale and K. Raj. Markers of the ageing clock. Nature', 50),
  line('Reviews Genetics, 19(6):371, 2018.', 59),
];

describe(settleReferenceHeadings.name, () => {
  it('makes a References heading over prose an ordinary section', () => {
    const flow = [
      line('Intro', 50, 12),
      line('Text.'),
      line('References', 50, 10),
      line('A reference in the bibliography is written with a command', 60),
      line('that names its key, crafted by hand or by the style file.'),
      line('The style then formats the list at the end of the paper.', 60),
    ];
    const settled = settleReferenceHeadings(flow, [heading(0, 'Intro'), heading(2, 'References', 1, true)]);
    expect(settled.map((h) => h.references)).toEqual([false, false]);
  });

  it('keeps a References heading over entries', () => {
    const flow = [line('References', 50, 10), ...entries];
    expect(settleReferenceHeadings(flow, [heading(0, 'References', 1, true)])[0].references).toBe(true);
  });

  it('opens the bibliography at a printed References title the outline leaves out, at the top level', () => {
    const flow = [
      line('Methods', 50, 12),
      line('We did it.'),
      line('Acknowledgments', 50, 12),
      line('Thanks.'),
      line('References', 50, 11),
      ...entries,
    ];
    const settled = settleReferenceHeadings(flow, [heading(0, 'Methods'), heading(2, 'Acknowledgments', 2)]);
    expect(settled.map((h) => [h.title, h.start, h.level, h.references])).toEqual([
      ['Methods', 0, 1, false],
      ['Acknowledgments', 2, 2, false],
      ['References', 4, 1, true],
    ]);
  });

  it('adds no heading for a References line without entries after it', () => {
    const flow = [line('Methods', 50, 12), line('References'), line('are given at the end of the volume, as usual', 60)];
    expect(settleReferenceHeadings(flow, [heading(0, 'Methods')])).toHaveLength(1);
  });

  it('opens the bibliography at a References title the detector turned down', () => {
    const flow = [line('Methods', 50, 12), line('We did it.'), line('REFERENCES', 50, 9.5), ...entries];
    expect(settleReferenceHeadings(flow, [heading(0, 'Methods')]).map((h) => [h.title, h.references])).toEqual([
      ['Methods', false],
      ['REFERENCES', true],
    ]);
  });
});
