import { styledLine as flowLine, run } from '../testing/flow-line.fixture';
import { abstractLane, readFrontMatter, sameTitleStyle, smallerThanAbstractLabel } from './front-matter';

const BODY = { size: 10, font: 'Times-Roman' };

/** A first page: title lines, an author line with raised markers, an "ABSTRACT" label and a paragraph. */
function page(titleLines: ReturnType<typeof flowLine>[], labelPeers = 1) {
  let y = 560;
  const next = (text: string) => flowLine(text, { y: (y -= 12), x1: 520 });
  const authors = flowLine('Ann Roe1, Bo Lee2', {
    size: 12,
    y: 600,
    runs: [
      run('Ann Roe', { size: 12, y: 600 }),
      run('1', { size: 7, y: 604 }),
      run(', Bo Lee', { size: 12, y: 600 }),
      run('2', { size: 7, y: 604 }),
    ],
  });
  return [
    ...titleLines,
    authors,
    flowLine('ABSTRACT', { y: 575, rowPeers: labelPeers }),
    ...Array.from({ length: 6 }, () =>
      next('We measured the thing on many samples and report what we found across the whole set of them here.'),
    ),
  ];
}

describe(readFrontMatter.name, () => {
  it('joins a title line whose dominant font is an italic name to the lines above it', () => {
    const flow = page([
      flowLine('Iron deficiency anaemia can be improved after', { size: 20, y: 750, font: 'Sans' }),
      flowLine('eradication of Helicobacter pylori', {
        size: 20,
        y: 728,
        font: 'Sans-Italic',
        runs: [
          run('eradication of ', { size: 20, y: 728, font: 'Sans' }),
          run('Helicobacter pylori', { size: 20, y: 728, font: 'Sans-Italic' }),
        ],
      }),
    ]);
    expect(readFrontMatter(flow, BODY).title).toBe('Iron deficiency anaemia can be improved after eradication of Helicobacter pylori');
  });

  it('lists the authors without their markers after the title', () => {
    const flow = page([flowLine('A Study of Things', { size: 20, y: 750 })]);
    expect(readFrontMatter(flow, BODY).authors).toEqual(['Ann Roe', 'Bo Lee']);
  });

  it('takes a bare capitalised "ABSTRACT" label that shares its baseline with a sidebar line', () => {
    const flow = page([flowLine('A Study of Things', { size: 20, y: 750 })], 2);
    const front = readFrontMatter(flow, BODY);
    expect(front.abstract?.start).toBe(3);
    expect(front.abstractRunsToHeading).toBe(true);
  });
});

describe('readFrontMatter on title pages with no multi-word line set large', () => {
  const prose = (y: number) =>
    flowLine('We measured the thing on many samples and report what we found across the whole set of them here.', { y, x1: 520 });
  const paragraph = (top: number) => Array.from({ length: 6 }, (_, k) => prose(top - 12 * k));

  it("takes a manual's one-word banner with the subtitle set under it, not the larger author name below", () => {
    const flow = [
      flowLine('Gri', { size: 21, y: 560, x0: 90, x1: 124, boldRatio: 1 }),
      flowLine('A Program to Make Science Graphs', { size: 11, y: 542, x0: 350, x1: 522 }),
      flowLine('Version 2.12.27', { size: 11, y: 529, x0: 440, x1: 522 }),
      flowLine('Dan E. Kelley', { size: 14, y: 112, x0: 90, x1: 180, boldRatio: 1 }),
      ...paragraph(100).map((l) => ({ ...l, page: 2 })),
    ];
    expect(readFrontMatter(flow, BODY).title).toBe('Gri: A Program to Make Science Graphs');
  });

  it('leaves a banner alone when a multi-word title is set nearly as large', () => {
    const flow = [flowLine('NATURE', { size: 24, y: 780 }), flowLine('A Study of Many Things', { size: 21, y: 740 }), ...paragraph(700)];
    expect(readFrontMatter(flow, BODY).title).toBe('A Study of Many Things');
  });

  it('takes the first bold line standing alone at the top when nothing is set larger than the text', () => {
    const flow = [
      flowLine('April 3, 2007', { y: 752 }),
      flowLine('Unified style sheet for linguistics', { y: 723, boldRatio: 1 }),
      ...paragraph(700),
    ];
    expect(readFrontMatter(flow, BODY).title).toBe('Unified style sheet for linguistics');
  });

  it('does not take a bold numbered point or a bold sentence for that title', () => {
    const flow = [
      flowLine('1. Superfluous font-styles should be omitted', { y: 752, boldRatio: 1 }),
      flowLine('Do not use small caps for author names.', { y: 740, boldRatio: 1 }),
      ...paragraph(700),
    ];
    expect(readFrontMatter(flow, BODY).title).toBe('');
  });
});

describe(sameTitleStyle.name, () => {
  it('treats a bold line and a regular line of one size as different styles', () => {
    expect(sameTitleStyle(flowLine('A title', { size: 18, boldRatio: 1 }), flowLine('Ann Roe', { size: 18 }))).toBe(false);
  });

  it.each([
    ['Minion-Regular', 'Minion-Italic'],
    ['Times-Roman', 'Times-Italic'],
    ['AdvOT1ef757c0', 'AdvOT1ef757c0'],
  ])('treats %s and %s at one size and weight as one style', (a, b) => {
    expect(sameTitleStyle(flowLine('A title', { size: 18, font: a }), flowLine('of E. coli', { size: 18, font: b }))).toBe(true);
  });

  it('treats two lines sharing no font as different styles', () => {
    expect(sameTitleStyle(flowLine('A title', { size: 18, font: 'Minion' }), flowLine('Ann Roe', { size: 18, font: 'Helvetica' }))).toBe(
      false,
    );
  });
});

describe(abstractLane.name, () => {
  it('leaves out sidebar lines read between the abstract lines beside them', () => {
    const abstract = (text: string) => flowLine(text, { x0: 175, x1: 470, size: 9.5 });
    const sidebar = (text: string) => flowLine(text, { x0: 70, x1: 160, size: 8 });
    const lines = [
      sidebar('Hospital, Shanghai'),
      abstract('Background Recent guidelines on iron deficiency anaemia have confirmed'),
      sidebar('University School of Medicine,'),
      abstract('the aetiological role of the bacterium, but the relationship still'),
    ];
    expect(abstractLane(lines).map((l) => l.text)).toEqual([lines[1].text, lines[3].text]);
  });
});

describe(smallerThanAbstractLabel.name, () => {
  const flow = [
    flowLine('ABSTRACT', { size: 9, boldRatio: 1 }),
    flowLine('Received 3 March 2020', { size: 7.5 }),
    flowLine('Introduction', { size: 11 }),
  ];
  const front = {
    title: '',
    authors: [],
    affiliations: [],
    abstract: { start: 1, end: 1, inlineText: '' },
    abstractRunsToHeading: true,
    bodyStart: 1,
  };

  it('flags a line set smaller than the abstract label as sidebar text, not a heading', () => {
    expect(smallerThanAbstractLabel(flow, front, 1)).toBe(true);
  });

  it('keeps a heading at least as large as the label', () => {
    expect(smallerThanAbstractLabel(flow, front, 2)).toBe(false);
  });

  it('flags nothing when the abstract has no label', () => {
    expect(smallerThanAbstractLabel(flow, { ...front, abstractRunsToHeading: false }, 1)).toBe(false);
  });

  it('keeps a smaller heading once a heading as large as the label has begun the body', () => {
    const thesis = [...flow, flowLine('1.1 Background', { size: 7.5 })];
    expect(smallerThanAbstractLabel(thesis, front, 3, [2, 3])).toBe(false);
    expect(smallerThanAbstractLabel(thesis, front, 3, [3])).toBe(true);
  });
});
