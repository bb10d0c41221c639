import { buildTextPdf, type PdfLine } from '../../../../test/fixtures/pdf-fixtures';
import { PdfjsParser } from './pdfjs.parser';
import type { FlowLine, TextRun } from './layout.types';
import { addRunInSubheadings } from './run-in-subheadings';

const run = (text: string, x: number, bold: boolean): TextRun => ({
  text,
  x,
  x1: x + 5 * text.length,
  y: 0,
  size: 10,
  font: bold ? 'Times-Bold' : 'Times-Roman',
  bold,
});
/** A flow line at baseline `y` made of (text, bold) runs set one after another with a word space between. */
function flowLine(y: number, parts: [string, boolean][]): FlowLine {
  let x = 72;
  const runs = parts.map(([text, bold]) => {
    const r = { ...run(text, x, bold), y };
    x = r.x1 + 3;
    return r;
  });
  const bold = parts.every(([, b]) => b);
  return {
    page: 1,
    text: parts.map(([t]) => t).join(' '),
    x0: 72,
    x1: runs[runs.length - 1].x1,
    y,
    size: 10,
    font: runs[0].font,
    boldRatio: bold ? 1 : 0,
    runs,
    rowPeers: 1,
    columnLeft: 72,
    columnRight: 540,
    columnStart: false,
    leading: 12,
  };
}

const body = 'Samples were taken every month at three stations and kept cold until they reached the laboratory.';
const more = 'The same protocol was used in both years, and every sample was measured twice by two people.';
const heading = (text: string): PdfLine => ({ text, size: 13, bold: true });
/** A bold lead that fills its line, then the paragraph's plain text on the lines below. */
const lead = (text: string): PdfLine[] => [{ text, bold: true }, body, more];

/** A short article whose Methods section runs its sub-sections into their paragraphs. */
const article = (methods: string, results: string) =>
  buildTextPdf([
    [
      { text: 'Seasonal Sampling of an Estuary', size: 18, bold: true },
      heading(methods),
      ...lead('Sampling sites and field work.'),
      ...lead('Nutrient and chlorophyll analyses.'),
      ...lead('Statistical treatment of the data.'),
      heading(results),
      body,
      more,
    ],
  ]);

describe(addRunInSubheadings.name, () => {
  const parser = new PdfjsParser();

  it('makes repeated bold paragraph leads sub-sections of an unnumbered paper', async () => {
    const parsed = await parser.parse(article('Methods', 'Results'));
    expect(parsed.sections.map((s) => [s.title, s.level])).toEqual([
      ['Methods', 1],
      ['Sampling sites and field work', 2],
      ['Nutrient and chlorophyll analyses', 2],
      ['Statistical treatment of the data', 2],
      ['Results', 1],
    ]);
    expect(parsed.sections[1].blocks[0].text).toMatch(/^Samples were taken every month/);
  });

  it('leaves numbered caption leads ("Scheme 1.") in the text', async () => {
    const pdf = buildTextPdf([
      [
        { text: 'Seasonal Sampling of an Estuary', size: 18, bold: true },
        heading('Results'),
        ...lead('Scheme 1. Synthesis of the first ligand.'),
        ...lead('Scheme 2. Synthesis of the second ligand.'),
        ...lead('Scheme 3. Coupling of both ligands.'),
        heading('Discussion'),
        body,
      ],
    ]);
    const parsed = await parser.parse(pdf);
    expect(parsed.sections.map((s) => s.title)).toEqual(['Results', 'Discussion']);
  });

  it('keeps the hyphen of a compound wrapped inside a two-line lead ("state-of-the-" + "art")', () => {
    const wrappedLead = (y: number, first: string, second: string) => [
      flowLine(y, [[first, true]]),
      flowLine(y - 12, [
        [second, true],
        ['We compare them on three tasks.', false],
      ]),
    ];
    const flow = [
      flowLine(700, [['Methods', true]]),
      ...wrappedLead(688, 'Comparison with the state-of-the-', 'art models.'),
      ...wrappedLead(664, 'Training of the small trans-', 'former models.'),
      ...wrappedLead(640, 'Evaluation of the baseline', 'retrieval models.'),
    ];
    flow[0].size = 13;
    const heading = { start: 0, end: 1, number: null, title: 'Methods', level: 1, references: false };
    const layout = { flow, headings: [heading], front: { bodyStart: 0, abstract: null }, tables: [], toc: null };
    expect(addRunInSubheadings(layout).headings.map((h) => h.title)).toEqual([
      'Methods',
      'Comparison with the state-of-the-art models',
      'Training of the small transformer models',
      'Evaluation of the baseline retrieval models',
    ]);
  });

  it('leaves reference entries with bold authors, and leads past a references title, in the text', () => {
    const entry = (y: number, authors: string) =>
      flowLine(y, [
        [authors, true],
        ['(2001). A study of stress in later life.', false],
      ]);
    const layoutOf = (flow: FlowLine[]) => ({
      flow,
      headings: [{ start: 0, end: 1, number: null, title: 'Acknowledgments', level: 1, references: false }],
      front: { bodyStart: 0, abstract: null },
      tables: [],
      toc: null,
    });
    const authors = [
      flowLine(700, [['Acknowledgments', true]]),
      entry(688, 'Baumeister, R. F., Bratslavsky, E. and Vohs, K. D.'),
      entry(676, 'Cohen, S., Janicki-Deverts, D. and Miller, G. E.'),
      entry(664, 'Johansson, L. et al.'),
    ];
    expect(addRunInSubheadings(layoutOf(authors)).headings.map((h) => h.title)).toEqual(['Acknowledgments']);

    const pastTitle = [
      flowLine(700, [['Acknowledgments', true]]),
      flowLine(688, [['We thank the participants of the study.', false]]),
      flowLine(676, [['References', false]]),
      entry(664, 'Stress and memory in old age.'),
      entry(652, 'Life events and later dementia.'),
      entry(640, 'Coping with loss in later life.'),
    ];
    expect(addRunInSubheadings(layoutOf(pastTitle)).headings.map((h) => h.title)).toEqual(['Acknowledgments']);
  });

  it('leaves the leads in the text of a paper that numbers its sections', async () => {
    const parsed = await parser.parse(article('1 Methods', '2 Results'));
    expect(parsed.sections.map((s) => s.title)).toEqual(['Methods', 'Results']);
    expect(parsed.sections[0].blocks[0].text).toMatch(/^Sampling sites and field work\./);
  });
});
