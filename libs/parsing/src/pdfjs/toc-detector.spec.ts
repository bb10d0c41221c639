import { flowLine as line } from '../testing/flow-line.fixture';
import { findTableOfContents } from './toc-detector';

const entries = (page: number, from: number, items: Array<[string, number]>) =>
  items.map(([title, n], k) => line(`${title} . . . . . . . . . . . . ${n}`, from - 14 * k, { page }));

describe(findTableOfContents.name, () => {
  it('reads on into a list of figures on the next page whose page numbers start over', () => {
    const flow = [
      line('Contents', 750, { page: 3, size: 16, bold: true }),
      ...entries(3, 720, [
        ['1 Getting Started', 3],
        ['2 Recording Water Levels', 9],
        ['3 Reducing the Observations', 17],
        ['4 Tidal Constituents', 25],
        ['5 Datums', 31],
      ]),
      line('List of Figures', 750, { page: 4, size: 16, bold: true }),
      ...entries(4, 720, [
        ['1.1 A float well', 4],
        ['2.1 A chart recorder', 10],
      ]),
    ];
    expect(findTableOfContents(flow)!.end).toBe(flow.length);
  });

  it('ends the contents before a chapter label on a later page whose number reads as an earlier page', () => {
    const flow = [
      line('Contents', 750, { page: 3, size: 16, bold: true }),
      ...entries(3, 720, [
        ['1 Preamble', 5],
        ['2 Left chapter', 6],
        ['2.1 Left section', 6],
        ['2.2 Left section', 8],
        ['3 Left chapter', 10],
        ['3.1 Left section', 12],
      ]),
      line('Chapter 1', 700, { page: 5, size: 20, bold: true }),
      line('Preamble', 660, { page: 5, size: 24, bold: true }),
      line('A chapter outside any parallel typesetting environment.', 620, { page: 5 }),
      line('Chapter 2', 700, { page: 6, size: 20, bold: true }),
      line('Left chapter', 660, { page: 6, size: 24, bold: true }),
    ];
    const toc = findTableOfContents(flow);
    expect(toc!.end).toBe(7);
    expect(toc!.lines).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('reads a "Contents" page of dotted-leader entries, across a page break with a footnote and a running head', () => {
    const flow = [
      line('A Field Guide to Tidal Gauges', 600, { page: 1, size: 20 }),
      line('Contents', 750, { page: 2, size: 16, bold: true }),
      ...entries(2, 720, [
        ['1 Getting Started', 3],
        ['1.1 Choosing a Site', 3],
        ['1.2 Mounting the Float Well', 4],
      ]),
      line('∗This file has version number v1.2, last revised 2015/07/19.', 60, { page: 2, size: 8 }),
      line('iv Contents', 780, { page: 3, size: 8 }),
      ...entries(3, 750, [
        ['2 Recording Water Levels', 5],
        ['2.1 Sampling Intervals', 5],
        ['3 Reducing the Observations', 7],
      ]),
      line('1 Getting Started', 750, { page: 4, size: 16, bold: true }),
      line('A gauge belongs where the water is deep at the lowest tide and sheltered from the swell.', 720, { page: 4 }),
    ];
    const toc = findTableOfContents(flow);
    expect(toc).not.toBeNull();
    expect([toc!.start, toc!.end, toc!.title]).toEqual([1, 10, 'Contents']);
    expect(toc!.blocks).toEqual([
      { kind: 'toc', page: 2, text: '1 Getting Started … 3\n1.1 Choosing a Site … 3\n1.2 Mounting the Float Well … 4' },
      {
        kind: 'toc',
        page: 3,
        text: '2 Recording Water Levels … 5\n2.1 Sampling Intervals … 5\n3 Reducing the Observations … 7',
      },
    ]);
    // The footnote and the running head at the page break are not entries: they stay text.
    expect(toc!.lines).toEqual([1, 2, 3, 4, 7, 8, 9]);
  });

  it('joins a page number set apart on the same baseline, and a title wrapped over two lines', () => {
    const flow = [
      line('Table of Contents', 750, { size: 14 }),
      line('Introduction', 720),
      line('3', 720),
      line('Installing the gauge on the harbour wall and', 706),
      line('levelling it to the benchmark 9', 692),
      line('Sampling 12', 678),
      line('Reduction 20', 664),
      line('Maintenance 31', 650),
    ];
    const toc = findTableOfContents(flow);
    expect(toc?.blocks[0].text.split('\n')).toEqual([
      'Introduction 3',
      'Installing the gauge on the harbour wall and',
      'levelling it to the benchmark 9',
      'Sampling 12',
      'Reduction 20',
      'Maintenance 31',
    ]);
    expect(toc?.end).toBe(flow.length);
  });

  it('reads on through a short contents into the full one, an entry named by a letter and digits, and an entry wrapped over several lines', () => {
    const flow = [
      line('Short Contents', 750, { page: 3, size: 14 }),
      ...entries(3, 720, [
        ['1 Introduction', 1],
        ['2 Plots', 3],
        ['3 Terminals', 9],
      ]),
      line('Table of Contents', 750, { page: 5, size: 14 }),
      ...entries(5, 720, [
        ['1 Introduction', 1],
        ['2 Plots', 3],
      ]),
      line('2.1 Version 2.12.24 [2013 August 9 International Day of the World’s', 692, { page: 5 }),
      line('Indigenous People', 678, { page: 5 }),
      line('(http://en.wikipedia.org/wiki/International_Day', 664, { page: 5 }),
      line('(http://en.wikipedia.org/wiki/Malawi)] . . . . . . . . . . . . . 4', 650, { page: 5 }),
      ...entries(5, 636, [
        ['3 Terminals', 9],
        ['X11', 12],
      ]),
      line('1 Introduction', 750, { page: 6, size: 16, bold: true }),
      line('Gri draws graphs from columns of numbers read from a file, one command per line.', 720, { page: 6 }),
    ];
    const toc = findTableOfContents(flow);
    expect(toc?.title).toBe('Short Contents');
    expect(toc?.end).toBe(flow.length - 2);
    expect(toc?.blocks.map((b) => b.page)).toEqual([3, 5]);
    expect(toc?.blocks[1].text.split('\n').slice(-3)).toEqual([
      '(http://en.wikipedia.org/wiki/Malawi)] … 4',
      '3 Terminals … 9',
      'X11 … 12',
    ]);
  });

  it('finds none where "Contents" is followed by prose, or by numbers that do not go up like pages', () => {
    const prose = [
      line('Contents', 750, { size: 14 }),
      line('This chapter lists what the package contains and how its parts fit together in practice.', 720),
      line('Each part is described in turn, with examples.', 706),
    ];
    expect(findTableOfContents(prose)).toBeNull();
    const shuffled = [
      line('Contents', 750),
      ...entries(1, 720, [
        ['A', 40],
        ['Bb', 3],
        ['Cc', 31],
        ['Dd', 2],
        ['Ee', 17],
        ['Ff', 1],
      ]),
    ];
    expect(findTableOfContents(shuffled)).toBeNull();
  });

  it('ends the entries before the first chapter opening its page as "Chapter 1" over its title', () => {
    const flow = [
      line('Contents', 750, { page: 2, size: 16, bold: true }),
      ...entries(2, 720, [
        ['1 Getting Started', 9],
        ['1.1 Introduction', 9],
        ['1.2 The Equipment', 10],
        ['2 Electricity', 21],
        ['2.1 Measuring Voltage', 22],
      ]),
      line('Chapter 1', 560, { page: 4, size: 20, bold: true }),
      line('Getting Started', 510, { page: 4, size: 24, bold: true }),
      line('Performance of a student is often measured by memory rather than understanding.', 420, { page: 4 }),
    ];
    const toc = findTableOfContents(flow);
    expect(toc?.end).toBe(6);
    expect(toc?.blocks.map((b) => b.page)).toEqual([2]);
  });

  it('looks for a table of contents only on the front pages', () => {
    const late = [
      line('Intro', 700, { page: 1 }),
      line('Contents', 750, { page: 40 }),
      ...entries(40, 720, [
        ['One', 1],
        ['Two', 5],
        ['Three', 9],
        ['Four', 12],
        ['Five', 20],
      ]),
    ];
    expect(findTableOfContents(late)).toBeNull();
  });
});
