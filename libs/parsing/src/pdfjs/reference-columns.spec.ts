import type { ParsedArticle } from '../article';
import { buildReferenceBandPdf, buildShortColumnReferencesPdf, buildSparseLineNumbersPdf } from '../../../../test/fixtures/two-column-pdfs';
import { PdfjsParser } from './pdfjs.parser';

/**
 * Reference lists and appendices on two-column journal pages (ACM sigconf, REVTeX APS and AAPM layouts, rebuilt by
 * `test/fixtures/two-column-pdfs.ts`): each case is a defect seen on a real paper of that layout.
 */
describe('two-column reference lists', () => {
  let shortColumn: ParsedArticle;
  let band: ParsedArticle;
  let lineNumbered: ParsedArticle;
  beforeAll(async () => {
    const parse = async (build: () => Promise<Uint8Array>) => new PdfjsParser().parse(await build());
    [shortColumn, band, lineNumbered] = await Promise.all([
      parse(buildShortColumnReferencesPdf),
      parse(buildSparseLineNumbersPdf),
      parse(buildReferenceBandPdf),
    ]).then(([a, d, b]) => [a, b, d]);
  });

  const textOf = (article: ParsedArticle, title: RegExp) =>
    article.sections
      .filter((s) => title.test(s.title))
      .flatMap((s) => s.blocks.map((b) => b.text))
      .join(' ');

  it('reads a long reference list beside a short right column column by column, every entry whole', () => {
    const refs = shortColumn.references ?? [];
    expect(refs).toHaveLength(26);
    refs.forEach((ref, i) => {
      const n = i + 1;
      expect(ref.raw).toBe(
        `[${n}] Author${n} Surname${n}. 2010. A study of sample ${n} in the field of measures. Journal of Tests ${n}, 4 (2010), 1-9.`,
      );
    });
  });

  it('keeps the appendices after the references with their own text', () => {
    expect(textOf(shortColumn, /ONLINE RESOURCES/)).toMatch(/^and the mean of three .* the resources are listed online with every file$/);
    expect(textOf(shortColumn, /ONLINE RESOURCES/)).not.toMatch(/Author|Journal/);
    expect(textOf(shortColumn, /^Part One$/)).toMatch(/^the readings were repeated/);
    expect(textOf(shortColumn, /References/)).not.toMatch(/readings|resources/);
  });

  it('reads a bibliography begun across the foot of both columns after the columns, entry by entry', () => {
    const refs = band.references ?? [];
    expect(refs.map((r) => r.label)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
    expect(refs[0].raw).toBe('[1] A. Witten, Phys. Rev. 12, 345 (2001), and the references therein.');
    expect(refs[1].raw).toBe('[2] B. Feynman, the explanation of time travel in an early paper, Phys. Rev. 94, 262 (1954).');
  });

  it('drops line numbers printed on every fifth line, so a numbered heading beside one is found', () => {
    const subsections = lineNumbered.sections.filter((s) => s.title === 'Sampling of the plots').map((s) => s.number);
    expect(subsections).toEqual(['1.1', '2.1', '3.1']);
    const body = lineNumbered.sections.flatMap((s) => s.blocks.map((b) => b.text)).join(' ');
    // The fixture sets its top-level headings without space above, so they stay in the text; no line number does.
    expect(body.replace(/\d\. [A-Z]+\b/g, '')).not.toMatch(/\d/);
  });
});
