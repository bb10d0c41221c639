import { buildTextPdf, type PdfLine } from '../../../../test/fixtures/pdf-fixtures';
import { PdfjsParser } from './pdfjs.parser';
import { addRunInSubheadings } from './run-in-subheadings';

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

  it('leaves the leads in the text of a paper that numbers its sections', async () => {
    const parsed = await parser.parse(article('1 Methods', '2 Results'));
    expect(parsed.sections.map((s) => s.title)).toEqual(['Methods', 'Results']);
    expect(parsed.sections[0].blocks[0].text).toMatch(/^Sampling sites and field work\./);
  });
});
