import type { FlowLine } from './layout.types';
import { findUnlabeledReferences, splitReferences } from './references-splitter';

const line = (text: string, y: number, x0 = 50, size = 9, page = 9): FlowLine => ({
  page,
  text,
  x0,
  x1: 290,
  y,
  size,
  font: 'Times-Roman',
  boldRatio: 0,
  runs: [],
  rowPeers: 1,
  columnLeft: 50,
  columnRight: 290,
  columnStart: false,
  leading: 11,
});

describe(splitReferences.name, () => {
  it('splits at [n] labels', () => {
    const blocks = splitReferences([
      line('[1] A. Author. Title one.', 700),
      line('Journal, 2001.', 689),
      line('[2] B. Author. Title two.', 678),
    ]);
    expect(blocks.map((b) => b.text)).toEqual(['[1] A. Author. Title one. Journal, 2001.', '[2] B. Author. Title two.']);
  });

  it('splits a numbered list where the numbers count up', () => {
    const texts = [
      '1. Smith J. A study.',
      'Nature. 2001;1:2.',
      '2. Jones K. Another',
      'study. Cell. 2003;4:5.',
      '3. Lee M. Third.',
      '4. Kim P. Fourth.',
    ];
    const blocks = splitReferences(texts.map((t, i) => line(t, 700 - 11 * i)));
    expect(blocks.map((b) => b.text.slice(0, 2))).toEqual(['1.', '2.', '3.', '4.']);
  });

  it('splits at hanging indents', () => {
    const lines = [
      line('Ammar, W. 2018. Construction of the literature', 700),
      line('graph. In NAACL.', 689, 61),
      line('Beltagy, I. 2019. SciBERT. In', 678),
      line('EMNLP.', 667, 61),
    ];
    expect(splitReferences(lines).map((b) => b.text)).toEqual([
      'Ammar, W. 2018. Construction of the literature graph. In NAACL.',
      'Beltagy, I. 2019. SciBERT. In EMNLP.',
    ]);
  });

  it('splits at extra space between entries when there is no other cue', () => {
    const lines = [
      line('Aharoni, R. 2019. Massively', 700),
      line('multilingual translation.', 689),
      line('Chen, Y. 2017. A teacher-student', 675),
      line('framework.', 664),
    ];
    expect(splitReferences(lines)).toHaveLength(2);
  });
});

describe(findUnlabeledReferences.name, () => {
  it('takes the [1], [2], [3] lines in their own style and leaves body text alone', () => {
    const body = line('body text continues here', 500, 310, 10);
    const lines = [
      line('last body line', 520, 50, 10),
      line('[1] First ref.', 480),
      line('[2] Second ref.', 469),
      body,
      line('[3] Third ref.', 458),
    ];
    const refs = findUnlabeledReferences(lines);
    expect([...(refs ?? [])].map((l) => l.text)).toEqual(['[1] First ref.', '[2] Second ref.', '[3] Third ref.']);
  });

  it('finds nothing without a numbered list', () => {
    expect(findUnlabeledReferences([line('[1] alone', 500)])).toBeNull();
  });
});
