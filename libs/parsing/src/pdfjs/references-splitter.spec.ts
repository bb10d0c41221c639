import { columnLine } from '../testing/flow-line.fixture';
import type { FlowLine } from './layout.types';
import { findAuthorYearReferences, findUnlabeledReferences, splitReferences } from './references-splitter';

const line = (text: string, y: number, x0 = 50, size = 9, page = 9): FlowLine => columnLine(text, { page, y, x0, size });

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

  it('resumes the count past labels the layout lost, where the next label carries on', () => {
    const texts = ['1A. Smith, Phys. Rev. 1, 2 (2001).', '2B. Jones, Phys. Rev. 3, 4 (2002).', 'C. Lee, Phys. Rev. 5, 6 (2003).'];
    texts.push('D. Kim, Phys. Rev. 7, 8 (2004).', 'E. Park, Phys. Rev. 9, 10 (2005).', '6F. Roy, Phys. Rev. 11, 12 (2006).');
    texts.push('7G. Ode, Phys. Rev. 13, 14 (2007).', '8H. Lin, Phys. Rev. 15, 16 (2008).');
    const blocks = splitReferences(texts.map((t, i) => line(t, 700 - 11 * i)));
    expect(blocks.map((b) => b.text.slice(0, 2))).toEqual(['1A', '2B', '6F', '7G', '8H']);
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

describe(findAuthorYearReferences.name, () => {
  const bold = (text: string, y: number): FlowLine => ({ ...line(text, y), boldRatio: 1 });
  const note = (text: string, y: number): FlowLine => ({ ...line(text, y, 375, 7), font: 'Times-Small' });
  const list = [
    line('Adeyemi, Tunde. 2016. Onset of the rainy season.', 651),
    line('Journal of Rain 4. 1–7.', 640, 64),
    note('Comment: keep the year bare.', 636),
    line('Bello, Kemi. 2001. Rain and harvest. Ibadan: Oke', 629),
    line('Press.', 618, 64),
    line('Cole, Dana & Eli Ford. 1999. Dry spells. Climate 3.', 607),
    line('1–9.', 596, 64),
    line('Diaz, Ana. 2005. Wet years. Lima: Andes.', 585),
  ];

  it('takes the entries under a bold list title, past a cited example and prose, without the margin notes', () => {
    const lines = [
      line('Some guidance in prose about how entries are written,', 720),
      line('for instance this one we recommend:', 709),
      line('Walker, Janice. 1998. A guide. New York: Press.', 698, 64),
      bold('Example references', 660),
      ...list,
    ];
    const refs = findAuthorYearReferences(lines);
    expect([...(refs ?? [])].map((l) => l.text.slice(0, 6))).toEqual(['Adeyem', 'Journa', 'Bello,', 'Press.', 'Cole, ', '1–9.', 'Diaz, ']);
  });

  it('finds no list when larger text follows the entries', () => {
    expect(findAuthorYearReferences([...list, { ...line('2 Methods', 570), size: 12 }])).toBeNull();
  });
});

describe(`${findUnlabeledReferences.name} across fonts of one family`, () => {
  it('keeps an entry whose first line is set in the italic of the list font', () => {
    const at = (text: string, y: number, font: string): FlowLine => ({ ...line(text, y), font });
    const lines = [
      at('[1] A. Ito, Phys. Lett. 1, 2 (2001).', 480, 'CMR9'),
      at('[2] B. Sato, Handbook of Rain (Wiley,', 469, 'CMTI9'),
      at('New York, 2002).', 458, 'CMR9'),
      at('[3] C. Diaz, Phys. Rev. 3, 4 (2003).', 447, 'CMR9'),
      at('Body text in the other column.', 447, 'CMR10'),
    ];
    const refs = findUnlabeledReferences(lines.map((l, i) => (i === 4 ? { ...l, size: 10 } : l)));
    expect([...(refs ?? [])].map((l) => l.text.slice(0, 3))).toEqual(['[1]', '[2]', 'New', '[3]']);
  });
});
