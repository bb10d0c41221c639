import { detectHeadings } from './heading-detector';
import type { FlowLine } from './layout.types';

const BODY = { size: 10, font: 'Body-Regular' };

interface Spec {
  text: string;
  y: number;
  size?: number;
  bold?: boolean;
  font?: string;
  page?: number;
  x0?: number;
  x1?: number;
  rowPeers?: number;
}

/** A single-column page of lines, top to bottom, 12 pt leading for body text. */
function flowOf(specs: Spec[]): FlowLine[] {
  return specs.map((s, k) => {
    const size = s.size ?? 10;
    const font = s.font ?? (s.bold ? 'Body-Bold' : BODY.font);
    return {
      page: s.page ?? 1,
      text: s.text,
      x0: s.x0 ?? 72,
      x1: s.x1 ?? Math.min(540, (s.x0 ?? 72) + s.text.length * 5),
      y: s.y,
      size,
      font,
      boldRatio: s.bold ? 1 : 0,
      runs: [{ text: s.text, x: 72, x1: 540, y: s.y, size, font, bold: s.bold === true }],
      rowPeers: s.rowPeers ?? 1,
      columnLeft: 72,
      columnRight: 540,
      columnStart: k === 0 || (specs[k - 1].page ?? 1) !== (s.page ?? 1),
      leading: 12,
    };
  });
}

const para = (y: number, n: number): Spec[] =>
  Array.from({ length: n }, (_, k) => ({
    text: k === n - 1 ? 'and the paragraph ends here.' : 'Body text of a paragraph that runs across the whole column width',
    y: y - 12 * k,
    x1: k === n - 1 ? 250 : 540,
  }));

const titles = (flow: FlowLine[]) => detectHeadings(flow, 0, BODY).map((h) => `${h.level} ${h.title}`);

describe(detectHeadings.name, () => {
  it('keeps only the first of an unnumbered title printed three times or more (a speaker, a repeated label)', () => {
    const flow = flowOf([
      { text: 'Overview', y: 740, size: 14, bold: true },
      ...para(720, 3),
      ...[600, 500, 400].flatMap((y) => [{ text: 'Example', y, bold: true }, ...para(y - 16, 3)]),
    ]);
    expect(titles(flow)).toEqual(['1 Overview', '2 Example']);
  });

  it('takes a numbered line centred in a smaller italic for a heading, but not a centred code line', () => {
    const centred = (text: string, y: number, font: string): Spec => ({ text, y, size: 9, font, x0: 306 - text.length * 2.25 });
    const flow = flowOf([
      ...para(740, 4),
      centred('1. Cleaning the substrates', 680, 'Body-Italic'),
      ...para(664, 4),
      centred('2. Growing the films', 600, 'Body-Italic'),
      ...para(584, 4),
      centred('3 The~action~name~is~not~defined', 520, 'LMMono9-Regular'),
      ...para(504, 4),
    ]);
    expect(titles(flow)).toEqual(['1 Cleaning the substrates', '1 Growing the films']);
  });

  it('rejects TeX code and listing lines set in a heading style', () => {
    const flow = flowOf([...para(700, 3), { text: '\\AtBeginDocument{%', y: 640, bold: true }, ...para(624, 3)]);
    expect(titles(flow)).toEqual([]);
  });

  it('takes a numbered title set larger than the body even when it starts in lowercase (small caps, a package name)', () => {
    const flow = flowOf([
      { text: '1 l3draw documentation', y: 700, size: 14.4, bold: true },
      ...para(680, 3),
      { text: '2 the EU1 encoding', y: 620, size: 14.4, bold: true },
      ...para(600, 3),
    ]);
    expect(titles(flow)).toEqual(['1 l3draw documentation', '1 the EU1 encoding']);
  });

  it('still rejects a lowercase numbered line at body size', () => {
    const flow = flowOf([...para(700, 3), { text: '2 apples were counted', y: 650, bold: true }, ...para(630, 3)]);
    expect(titles(flow)).toEqual([]);
  });

  it('separates numbered headings stacked with no space between them', () => {
    const flow = flowOf([
      { text: '3.10 Layer four: formatting inside the paragraph', y: 700, size: 12, bold: true },
      { text: '3.11 The object type ‘hyphenation’', y: 687, size: 12, bold: true },
      ...para(664, 3),
    ]);
    expect(titles(flow)).toEqual(['2 Layer four: formatting inside the paragraph', '2 The object type ‘hyphenation’']);
  });

  it('does not join a bold label line ending in a colon to the heading above it', () => {
    const flow = flowOf([
      { text: '3.14.1 The instance ‘justified’ (template justification/std)', y: 700, bold: true },
      { text: 'Attribute values:', y: 684, bold: true },
      ...para(668, 3),
    ]);
    expect(titles(flow)).toEqual(['3 The instance ‘justified’ (template justification/std)']);
  });

  it('keeps a heading above a label line and a list of settings that end in numbers', () => {
    const flow = flowOf([
      ...para(760, 3),
      { text: '3.21.2 The instance ‘nobreak’ (template paragraph-breaking/std)', y: 700, bold: true },
      { text: 'Attribute values:', y: 682, bold: true },
      { text: 'interline-penalty 10000', y: 664 },
      { text: 'post-display-penalty 10000', y: 652 },
      ...para(630, 3),
    ]);
    expect(titles(flow)).toEqual(['3 The instance ‘nobreak’ (template paragraph-breaking/std)']);
  });

  it('accepts a command name with an @ in a heading but not an e-mail address', () => {
    const flow = flowOf([
      { text: '2.5 Fix \\Gin@ii of package graphicx', y: 700, size: 12, bold: true },
      ...para(680, 3),
      { text: 'Contact jane.doe@example.org', y: 620, size: 12, bold: true },
      ...para(600, 3),
    ]);
    expect(titles(flow)).toEqual(['2 Fix \\Gin@ii of package graphicx']);
  });

  it('reads a bare letter as an appendix number when the line is set like the numbered sections before it', () => {
    const flow = flowOf([
      ...['1 Introduction', '2 Usage', '3 Results', 'A Proofs of the lemmas', 'B Tables'].flatMap((text, k) => [
        { text, y: 740, size: 14, bold: true, page: k + 1 },
        ...para(720, 20).map((p) => ({ ...p, page: k + 1 })),
      ]),
    ]);
    const headings = detectHeadings(flow, 0, BODY);
    expect(headings.map((h) => [h.number, h.title])).toEqual([
      ['1', 'Introduction'],
      ['2', 'Usage'],
      ['3', 'Results'],
      ['A', 'Proofs of the lemmas'],
      ['B', 'Tables'],
    ]);
  });

  it('keeps appendix letters and their sub-sections that continue the numbered sections in their styles', () => {
    const heading = (text: string, size: number, page: number) => ({ text, y: 740, size, font: 'Sans-Heading', page, x1: 300 });
    const flow = flowOf(
      [
        ['1. Introduction', 14.3],
        ['1.1. Version 0.2', 12],
        ['2. Macros', 14.3],
        ['2.1. Setup', 12],
        ['A. Overviews Over the Mappings', 14.3],
        ['A.1. Mapping ‘default’', 12],
        ['A.2. Mapping ‘upgreek’', 12],
      ].flatMap(([text, size], k) => [heading(String(text), Number(size), k + 1), ...para(716, 4).map((p) => ({ ...p, page: k + 1 }))]),
    );
    expect(detectHeadings(flow, 0, BODY).map((h) => `${h.level} ${h.number}`)).toEqual([
      '1 1',
      '2 1.1',
      '1 2',
      '2 2.1',
      '1 A',
      '2 A.1',
      '2 A.2',
    ]);
  });

  it('does not open the appendix at a prose line that starts with the word "A"', () => {
    // Top-level headings in capitals in the body's font and size; sub-sections numbered "B." in the body's italic.
    const flow = flowOf([
      ...['1 INTRODUCTION', '2 METHODS', '3 RESULTS'].flatMap((text, k) => [
        { text, y: 740, page: k + 1, x1: 160 },
        ...para(720, 6).map((p) => ({ ...p, page: k + 1 })),
        { text: 'A Bayesian model was fit to the counts of each site and year, with', y: 640, page: k + 1 },
        ...para(628, 6).map((p) => ({ ...p, page: k + 1 })),
      ]),
      { text: 'B. Training details', y: 540, page: 3, x1: 160, font: 'Body-Italic' },
      ...para(520, 6).map((p) => ({ ...p, page: 3 })),
    ]);
    expect(detectHeadings(flow, 0, BODY).map((h) => [h.number, h.title])).toEqual([
      ['1', 'INTRODUCTION'],
      ['2', 'METHODS'],
      ['3', 'RESULTS'],
      ['B', 'Training details'],
    ]);
  });

  it('keeps a title opening with the word "A" whole when no numbered section in its style came before', () => {
    const flow = flowOf([
      { text: 'A Study of Examples', y: 740, size: 14, bold: true },
      ...para(720, 3),
      { text: '1 Introduction', y: 660, size: 12, bold: true },
      ...para(640, 3),
    ]);
    expect(detectHeadings(flow, 0, BODY).map((h) => [h.number, h.title])).toEqual([
      [null, 'A Study of Examples'],
      ['1', 'Introduction'],
    ]);
  });

  it('makes the bold letters grouping an index headings under it, in alphabetical order only', () => {
    const entry = (text: string, y: number): Spec => ({ text: `${text} . . . . . . . 4`, y, size: 9 });
    const flow = flowOf([
      { text: 'Index', y: 740, size: 20, bold: true },
      ...para(720, 2),
      { text: 'A', y: 680, size: 9, bold: true },
      entry('action', 668),
      { text: 'C', y: 640, size: 9, bold: true },
      entry('color', 628),
      { text: 'B', y: 600, size: 9, bold: true },
      entry('bar', 588),
      { text: 'D', y: 560, size: 9, bold: true },
      entry('draw', 548),
    ]);
    expect(titles(flow)).toEqual(['1 Index', '2 A', '2 C', '2 D']);
  });

  it('takes no single letters for headings outside an index', () => {
    const flow = flowOf([
      { text: 'Results', y: 740, size: 14, bold: true },
      ...para(720, 2),
      ...['A', 'B', 'C'].flatMap((l, k): Spec[] => [{ text: l, y: 680 - 40 * k, bold: true }, ...para(668 - 40 * k, 1)]),
    ]);
    expect(titles(flow)).toEqual(['1 Results']);
  });

  it('takes a sans heading font at body size for headings though the same font sets smaller table header cells', () => {
    const sans = 'Sans-Medium';
    const cells = ['Reference', 'Country', 'Participants', 'Treatment', 'Age group', 'Year'];
    const flow = flowOf([
      { text: 'Inclusion criteria', y: 740, size: 10.5, font: sans },
      ...para(728, 4),
      ...cells.map((text, k): Spec => ({ text, y: 660 - 10 * Math.floor(k / 3), size: 8, font: sans, rowPeers: 3 })),
      ...para(630, 3),
      { text: 'Data extraction', y: 580, size: 10.5, font: sans },
      ...para(568, 4),
    ]);
    expect(titles(flow).map((t) => t.slice(2))).toEqual(['Inclusion criteria', 'Data extraction']);
  });

  it('takes a sub-heading stacked right under a capitals heading with no space between them', () => {
    const sans = 'Sans-Medium';
    const flow = flowOf([
      { text: 'METHODS', y: 740, size: 10.5, font: sans },
      { text: 'Search strategy and identification of studies', y: 728, size: 10.5, font: sans },
      ...para(716, 4),
      { text: 'Inclusion criteria', y: 650, size: 10.5, font: sans },
      ...para(638, 4),
    ]);
    expect(titles(flow)).toEqual(['1 METHODS', '2 Search strategy and identification of studies', '2 Inclusion criteria']);
  });

  it("does not take a math italic's short fragments for a heading font", () => {
    const italic = 'Times-Italic';
    const flow = flowOf([
      ...para(740, 3),
      { text: 'FE i', y: 690, font: italic },
      { text: 'Fext i = 100', y: 678, font: italic },
      ...para(660, 3),
      { text: 'A', y: 610, font: italic },
      ...para(598, 3),
    ]);
    expect(titles(flow)).toEqual([]);
  });

  it('counts the letters of a numbered title without its number, so a short title after a deep number is kept', () => {
    const flow = flowOf([
      { text: '1 Notation', y: 740, size: 14, bold: true },
      ...para(720, 2),
      { text: '1.1.8 Bar', y: 680, bold: true },
      ...para(664, 2),
      { text: '1.1.113 Stavespacing', y: 620, bold: true },
      ...para(604, 2),
      { text: '1.1 2.5 7.5', y: 560, bold: true },
      ...para(544, 2),
    ]);
    expect(titles(flow)).toEqual(['1 Notation', '3 Bar', '3 Stavespacing']);
  });
  it('keeps every copy of section names that recur in a fixed order once per reference entry', () => {
    const entry = (page: number): Spec[] =>
      ['SYNOPSIS', 'DESCRIPTION', 'OPTIONS'].flatMap((name, k) => [
        { text: `Text of a paragraph above the ${k + 1}th heading`, y: 740 - 100 * k, page },
        { text: name, y: 716 - 100 * k, size: 12, bold: true, page },
        ...para(700 - 100 * k, 3).map((p) => ({ ...p, page })),
      ]);
    const flow = flowOf([1, 2, 3].flatMap(entry));
    expect(titles(flow)).toEqual([1, 2, 3].flatMap(() => ['1 SYNOPSIS', '1 DESCRIPTION', '1 OPTIONS']));
  });
  it("keeps an unnumbered sub-heading in the numbered headings' font one level below them, not a larger line in another font", () => {
    const sans = 'Sans-Regular';
    const flow = flowOf([
      { text: '1 Introduction', y: 740, size: 16, font: sans },
      ...para(720, 3),
      { text: '1.1 Getting Started', y: 660, size: 13.3, font: sans },
      ...para(640, 3),
      { text: 'Module Dependencies', y: 580, size: 11.7, font: sans },
      ...para(560, 3),
      { text: 'A Larger Line In The Body Font', y: 500, size: 11.7 },
      ...para(480, 3),
      { text: '1.2 Running It', y: 420, size: 13.3, font: sans },
      ...para(400, 3),
    ]);
    expect(titles(flow)).toEqual(['1 Introduction', '2 Getting Started', '3 Module Dependencies', '2 Running It']);
  });
  it('ranks unnumbered styles set smaller than every numbered heading below the numbered levels', () => {
    const flow = flowOf([
      { text: 'Chapter 1', y: 740, size: 20, bold: true },
      { text: 'Definition of Threats', y: 712, size: 20, bold: true },
      ...para(680, 3),
      { text: 'Access to Server Resources', y: 620, size: 14, bold: true },
      ...para(600, 3),
      { text: 'Chapter 2', y: 740, size: 20, bold: true, page: 2 },
      { text: 'Remedies', y: 712, size: 20, bold: true, page: 2 },
      ...para(680, 3).map((p) => ({ ...p, page: 2 })),
      { text: 'Denial of Service', y: 620, size: 14, bold: true, page: 2 },
      ...para(600, 3).map((p) => ({ ...p, page: 2 })),
    ]);
    expect(titles(flow)).toEqual(['1 Definition of Threats', '2 Access to Server Resources', '1 Remedies', '2 Denial of Service']);
  });
});

describe(`${detectHeadings.name}: false headings`, () => {
  it("reads a play's numbered speeches as cues, not sections, under the scene's heading", () => {
    const speakers = ['Flore', 'Tircis', 'Dorilas', 'Tircis', 'Dorilas', 'Flore', 'Tircis'];
    const flow = flowOf([
      { text: '2.1 Act one', y: 760, size: 14, bold: true },
      ...para(740, 3),
      ...speakers.flatMap((name, k) => [{ text: `${k + 1} ${name}`, y: 690 - 60 * k, size: 12, bold: true }, ...para(674 - 60 * k, 2)]),
    ]);
    expect(titles(flow)).toEqual(['2 Act one']);
  });

  it('drops a bold contents entry ending in its page number when its section heading follows', () => {
    const flow = flowOf([
      { text: '1 Usage: 2', y: 700, bold: true, x1: 540 },
      { text: '2 Copying: 3', y: 680, bold: true, x1: 540 },
      { text: '1 Usage:', y: 760, size: 14, bold: true, page: 2 },
      ...para(740, 3).map((s) => ({ ...s, page: 2 })),
      { text: '2 Copying:', y: 760, size: 14, bold: true, page: 3 },
      ...para(740, 3).map((s) => ({ ...s, page: 3 })),
    ]);
    expect(titles(flow)).toEqual(['1 Usage:', '1 Copying:']);
  });
});
