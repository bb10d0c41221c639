import { styledLine as flowLine, run } from '../testing/flow-line.fixture';
import { readFrontMatter } from './front-matter';

const BODY = { size: 10, font: 'Times-Roman' };
const SENTENCE = 'We measured the thing on many samples and report what we found across the whole set of them here.';

/** Lines of one paragraph from y downwards, 12 pt apart. */
function paragraph(count: number, y: number, over: Parameters<typeof flowLine>[1] = {}) {
  return Array.from({ length: count }, (_, k) => flowLine(SENTENCE, { y: y - 12 * k, x1: 520, ...over }));
}

describe('readFrontMatter on abstracts printed without a label', () => {
  it('takes the block right before a "Keywords:" line as the abstract and starts the body at the keywords', () => {
    const flow = [
      flowLine('Unnecessarily Complicated Research Title', { size: 14, y: 740 }),
      flowLine('John Smith', { size: 11, y: 710 }),
      flowLine('Department, University, City, Country', { size: 9, y: 695 }),
      ...paragraph(6, 640),
      flowLine('Keywords: One, Two, Three', { y: 560 }),
      flowLine('First section', { y: 520, x0: 260, x1: 330 }),
      ...paragraph(6, 500),
    ];
    const front = readFrontMatter(flow, BODY);
    expect(front.abstract).toEqual({ start: 3, end: 9, inlineText: '' });
    expect(front.bodyStart).toBe(9);
    expect(front.title).toBe('Unnecessarily Complicated Research Title');
  });

  it('takes a short indented abstract set smaller than the body before a capitalised "KEYWORDS:" line', () => {
    const flow = [
      flowLine('Instructions for the Preparation of a Manuscript', { size: 12, y: 740, boldRatio: 1 }),
      flowLine('Online-Journal Subcommittee', { size: 11, y: 700 }),
      flowLine('(Received May 7, 2003)', { size: 9, y: 660 }),
      flowLine('This document explains how to prepare manuscripts for the journal using its class', { size: 9.5, y: 630, x0: 100 }),
      flowLine('file and what changed since the earlier version of it.', { size: 9.5, y: 618, x0: 100 }),
      flowLine('KEYWORDS: LaTeX, amsmath.sty, graphicx.sty', { size: 9.5, y: 596, x0: 100 }),
      flowLine('1. Introduction', { size: 11, y: 560, boldRatio: 1 }),
      ...paragraph(6, 540, { size: 11 }),
    ];
    const front = readFrontMatter(flow, { size: 11, font: 'Times-Roman' });
    expect(front.abstract).toEqual({ start: 3, end: 5, inlineText: '' });
    expect(front.bodyStart).toBe(5);
  });

  it('finds no abstract before a keywords line that follows only the title block', () => {
    const flow = [
      flowLine('A Study of Things', { size: 10, y: 740 }),
      flowLine('Ann Roe and Bo Lee', { size: 10, y: 728 }),
      flowLine('Keywords: one, two', { y: 716 }),
      flowLine('1 Introduction', { y: 690, boldRatio: 1 }),
      ...paragraph(6, 670),
    ];
    expect(readFrontMatter(flow, BODY).abstract).toBeNull();
  });
});

describe('readFrontMatter on a bold abstract paragraph under affiliations', () => {
  const bold = (text: string, y: number, x0 = 57) =>
    flowLine(text, { y, x0, x1: 288, size: 11, boldRatio: 1, columnLeft: 57, columnRight: 288 });
  const affiliation = (n: string, text: string, y: number) =>
    flowLine(`${n}${text}`, {
      size: 9,
      y,
      x1: 500,
      runs: [run(n, { size: 6, y: y + 3 }), run(text, { size: 9, y })],
    });
  const flow = [
    flowLine('Template demonstrating the article document class', { size: 20, y: 760 }),
    flowLine('Ann Roe, Bo Lee, Cy Dee and Di Ewe', { size: 12, y: 728 }),
    ...['1', '2', '3', '4', '5'].map((n, k) =>
      affiliation(n, 'Institute for Theoretical Physics of a University, Some Street 12, 8093 City, Country', 680 - 13 * k),
    ),
    bold('In the standard, twocolumn, layout the', 600, 68),
    bold('abstract is typeset as a bold face first para-', 586),
    ...Array.from({ length: 8 }, (_, k) => bold('graph, and it runs on over several lines here', 572 - 14 * k)),
    ...paragraph(8, 440, { size: 11, x0: 57, x1: 288, columnLeft: 57, columnRight: 288 }),
  ];

  it('takes the bold paragraph whole, not the marked affiliations nor a label at its wrapped "abstract …" line', () => {
    const front = readFrontMatter(flow, { size: 11, font: 'Times-Roman' });
    expect(front.abstractRunsToHeading).toBe(false);
    expect(front.abstract?.start).toBe(7);
  });
});

describe('readFrontMatter on an author list that names an organisation', () => {
  it('lists the people but not a society printed among them', () => {
    const flow = [
      flowLine('A Template Article with Examples', { size: 14, y: 740 }),
      flowLine('Greg Schwarz, August Muench, American Astronomical Society', { size: 11, y: 710 }),
      flowLine('ABSTRACT', { y: 680 }),
      ...paragraph(6, 660),
    ];
    expect(readFrontMatter(flow, BODY).authors).toEqual(['Greg Schwarz', 'August Muench']);
  });

  it('takes a committee printed alone under the title as the author when no person is named', () => {
    const flow = [
      flowLine('Instructions for the Preparation of a Manuscript', { size: 14, y: 740 }),
      flowLine('Online-Journal Subcommittee of the Society', { size: 11, y: 710 }),
      flowLine('The Physical Society, Tokyo 105-0011', { size: 10, y: 695 }),
      flowLine('ABSTRACT', { y: 680 }),
      ...paragraph(6, 660),
    ];
    expect(readFrontMatter(flow, BODY).authors).toEqual(['Online-Journal Subcommittee of the Society']);
  });
});
