import { buildEncryptedPdf, buildImageOnlyPdf, buildTextPdf, truncatedCorpusPdf } from '../../../../test/fixtures/pdf-fixtures';
import { CorruptPdfError, EncryptedPdfError, NoTextLayerError, UnsupportedFileError } from '../errors';
import { PdfjsParser } from './pdfjs.parser';

const heading = (text: string) => ({ text, size: 13, bold: true });

/** A two-page paper in the simplest layout: every structural element the parser should find. */
const tinyPaper = () =>
  buildTextPdf([
    [
      { text: 'A Tiny Paper About Fixtures', size: 18, bold: true },
      'Jane Doe, John Roe',
      { text: 'Abstract', bold: true },
      'We describe fixtures built by hand for tests of the parser.',
      heading('1 Introduction'),
      'Fixtures are small PDF files written byte by byte. They keep the tests infor-',
      'mative and fast.',
      heading('2 Method'),
      'We write objects and a cross-reference table.',
    ],
    [
      heading('3 Results'),
      'The parser reads every page.',
      heading('References'),
      '[1] A. Author. A paper. 2020.',
      '[2] B. Author. Another paper. 2021.',
    ],
  ]);

describe(PdfjsParser.name, () => {
  const parser = new PdfjsParser();

  it('is named pdfjs and records itself as the parser used', async () => {
    const article = await parser.parse(tinyPaper());
    expect(parser.name).toBe('pdfjs');
    expect(article.parsers).toEqual(['pdfjs']);
  });

  it('rejects an empty file', async () => {
    await expect(parser.parse(new Uint8Array())).rejects.toThrow(UnsupportedFileError);
  });

  it('rejects a PNG and a text file by their content', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    await expect(parser.parse(png)).rejects.toThrow(/not a PDF: the content looks like a PNG image/);
    await expect(parser.parse(Buffer.from('Dear reviewer,\nplease find attached…\n'))).rejects.toThrow(UnsupportedFileError);
  });

  it('reports a truncated download of a real paper as corrupt', async () => {
    await expect(parser.parse(truncatedCorpusPdf('acl-N18-3011.pdf'))).rejects.toThrow(CorruptPdfError);
  });

  it('reports a file with a PDF header but no PDF structure as corrupt', async () => {
    await expect(parser.parse(Buffer.from('%PDF-1.4\nnothing to see here\n%%EOF\n'))).rejects.toThrow(/the PDF structure is invalid/);
  });

  it('asks for the password to be removed from an encrypted PDF', async () => {
    await expect(parser.parse(buildEncryptedPdf())).rejects.toThrow(EncryptedPdfError);
  });

  it('reports a PDF without a text layer (a scan) instead of returning an empty article', async () => {
    await expect(parser.parse(buildImageOnlyPdf())).rejects.toThrow(NoTextLayerError);
  });

  it('reads title, authors and abstract from the first page', async () => {
    const article = await parser.parse(tinyPaper());
    expect(article.title).toBe('A Tiny Paper About Fixtures');
    expect(article.authors).toEqual(['Jane Doe', 'John Roe']);
    expect(article.abstract).toBe('We describe fixtures built by hand for tests of the parser.');
    expect(article.pageCount).toBe(2);
  });

  it('returns the sections in reading order with their numbers, titles, levels and pages', async () => {
    const article = await parser.parse(tinyPaper());
    const outline = article.sections.map((s) => ({ number: s.number, title: s.title, level: s.level, pages: s.blocks.map((b) => b.page) }));
    expect(outline).toEqual([
      { number: '0', title: 'Abstract', level: 1, pages: [1] },
      { number: '1', title: 'Introduction', level: 1, pages: [1] },
      { number: '2', title: 'Method', level: 1, pages: [1] },
      { number: '3', title: 'Results', level: 1, pages: [2] },
      { number: 'ref', title: 'References', level: 1, pages: [2, 2] },
    ]);
  });

  it('joins the lines of a paragraph and undoes line-break hyphenation', async () => {
    const article = await parser.parse(tinyPaper());
    const intro = article.sections.find((s) => s.title === 'Introduction');
    expect(intro?.blocks).toEqual([
      { text: 'Fixtures are small PDF files written byte by byte. They keep the tests informative and fast.', page: 1, kind: 'text' },
    ]);
  });

  it('gives each reference its own block', async () => {
    const article = await parser.parse(tinyPaper());
    expect(article.sections.at(-1)?.blocks.map((b) => b.text)).toEqual([
      '[1] A. Author. A paper. 2020.',
      '[2] B. Author. Another paper. 2021.',
    ]);
  });

  it('leaves the caller’s bytes usable (pdf.js detaches the buffer it is given)', async () => {
    const data = new Uint8Array(tinyPaper());
    const before = data.byteLength;
    await parser.parse(data);
    expect(data.byteLength).toBe(before);
    await expect(parser.parse(data)).resolves.toMatchObject({ pageCount: 2 });
  });
});
