import { withHeadingPages } from './outline-pages';

describe(withHeadingPages.name, () => {
  const entry = (title: string, pageStart: number | null, pageEnd = pageStart) => ({ title, pageStart, pageEnd });

  it('starts a heading without text on the page of the next passage in reading order', () => {
    const outline = [
      entry('Contents', 2, 19),
      entry('I Gnuplot', null),
      entry('Copyright', 21),
      entry('New features', null),
      entry('Version 5.4', 23, 25),
    ];
    expect(withHeadingPages(outline).map((e) => [e.title, e.pageStart, e.pageEnd])).toEqual([
      ['Contents', 2, 19],
      ['I Gnuplot', 21, 21],
      ['Copyright', 21, 21],
      ['New features', 23, 23],
      ['Version 5.4', 23, 25],
    ]);
  });

  it('takes the next passage across several empty headings in a row, and leaves a trailing one without a page', () => {
    const outline = [entry('A Appendix', null), entry('A.1 Proofs', null), entry('A.1.1 Lemma', 30), entry('Index', null)];
    expect(withHeadingPages(outline).map((e) => e.pageStart)).toEqual([30, 30, 30, null]);
  });
});
