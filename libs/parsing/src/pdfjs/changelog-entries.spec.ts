import { styledLine, headingAt } from '../testing/flow-line.fixture';
import { addChangelogHeadings } from './changelog-entries';
import type { Heading } from './heading-detector';
import type { FlowLine } from './layout.types';

const bold = (text: string, y: number) => styledLine(text, { y, boldRatio: 1, font: 'Times-Bold' });
const plain = (text: string, y: number) => styledLine(text, { y });

/** A history section: its heading, then each release's label over one line of changes. */
function history(title: string, labels: string[]): FlowLine[] {
  return [
    bold(title, 740),
    ...labels.flatMap((label, k) => [bold(label, 700 - 40 * k), plain('Bug fix in encoding support.', 688 - 40 * k)]),
  ];
}

const titles = (headings: Heading[]) => headings.map((h) => `${h.level} ${h.title}`);

describe(addChangelogHeadings.name, () => {
  it('makes the bold release labels under a history heading headings one level below it', () => {
    const flow = history('History', ['[2006/08/15 v1.0]', '[2006/08/17 v1.1]', '2.5k 2020-10-05']);
    expect(titles(addChangelogHeadings(flow, [headingAt('History', 0)]))).toEqual([
      '1 History',
      '2 [2006/08/15 v1.0]',
      '2 [2006/08/17 v1.1]',
      '2 2.5k 2020-10-05',
    ]);
  });

  it('takes no release labels outside a history section', () => {
    const flow = history('Results', ['[2006/08/15 v1.0]', '[2006/08/17 v1.1]']);
    expect(titles(addChangelogHeadings(flow, [headingAt('Results', 0)]))).toEqual(['1 Results']);
  });

  it('takes no bold line that is more than a release label, nor a single label', () => {
    const sentences = history('Change History', ['Version 1.0 fixed the encoding bug', 'Released on 2006-08-15 at last']);
    expect(titles(addChangelogHeadings(sentences, [headingAt('Change History', 0)]))).toEqual(['1 Change History']);
    const single = history('Changes', ['v1.0 (2006-08-15)']);
    expect(titles(addChangelogHeadings(single, [headingAt('Changes', 0)]))).toEqual(['1 Changes']);
  });
});
