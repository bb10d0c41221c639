import { headingAt } from '../testing/flow-line.fixture';
import type { FlowLine } from './layout.types';
import { foldContinuedTitles, markSlideStarts, slideHeadings } from './slide-headings';

function flowLine(page: number, text: string): FlowLine {
  return {
    page,
    text,
    x0: 10,
    x1: 200,
    y: 200,
    size: 11,
    font: 'Sans',
    boldRatio: 0,
    rowPeers: 1,
    runs: [],
    columnLeft: 10,
    columnRight: 350,
    columnStart: false,
    leading: 13,
  };
}

describe(slideHeadings.name, () => {
  const flow = [
    flowLine(1, 'Deck title'),
    flowLine(2, 'Motivation'),
    flowLine(3, 'Frame on slide 3'),
    flowLine(3, 'Its text'),
    flowLine(4, 'Frame on slide 4'),
  ];

  it('takes a slide’s first line as the heading where it prints the section’s name, else opens the slide with no line', () => {
    const headings = slideHeadings(flow, [
      { title: 'Motivation', level: 1, page: 2 },
      { title: 'Prior work', level: 2, page: 3 },
      { title: 'Method', level: 1, page: 4 },
    ]);
    expect(headings.map(({ start, end, title, level }) => [start, end, title, level])).toEqual([
      [1, 2, 'Motivation', 1],
      [2, 2, 'Prior work', 2],
      [4, 4, 'Method', 1],
    ]);
  });

  it('drops sections whose slide lies past the text', () => {
    expect(slideHeadings(flow, [{ title: 'Backup', level: 1, page: 9 }])).toEqual([]);
  });
});

describe(foldContinuedTitles.name, () => {
  it('keeps the first of a frame title continued over slides and every other heading', () => {
    const folded = foldContinuedTitles([
      headingAt('Results', 0),
      headingAt('Results (cont.)', 5),
      headingAt('References I', 9),
      headingAt('References II', 12),
      headingAt('Example 1', 15),
      headingAt('Example 2', 18),
    ]);
    expect(folded.map((h) => h.title)).toEqual(['Results', 'References I', 'Example 1', 'Example 2']);
  });
});

describe(markSlideStarts.name, () => {
  it('marks the first line of every slide but the first', () => {
    const marked = markSlideStarts([flowLine(1, 'a'), flowLine(1, 'b'), flowLine(2, 'c'), flowLine(3, 'd')]);
    expect(marked.map((l) => l.slideStart === true)).toEqual([false, false, true, true]);
  });
});
