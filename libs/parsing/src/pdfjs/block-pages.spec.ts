import { buildCrossPagePaper, CROSS_PAGE } from '../../../../test/fixtures/cross-page-paper';
import { buildTextPdf } from '../../../../test/fixtures/pdf-fixtures';
import type { ParsedBlock } from '../article';
import { joinedPageStarts, pageStartsOf } from './block-pages';
import { PdfjsParser } from './pdfjs.parser';

const blocksOf = async (pdf: Buffer): Promise<ParsedBlock[]> =>
  (await new PdfjsParser().parse(new Uint8Array(pdf))).sections.flatMap((s) => s.blocks);

describe(pageStartsOf.name, () => {
  it('finds where the first line of each later page starts in the joined text', () => {
    const lines = [
      { page: 2, text: 'The first half of a' },
      { page: 2, text: 'sentence that runs' },
      { page: 3, text: 'onto the next page.' },
    ];
    const text = 'The first half of a sentence that runs onto the next page.';
    expect(pageStartsOf(lines, text)).toEqual([{ offset: text.indexOf('onto'), page: 3 }]);
  });

  it('places a word hyphenated across the break at its second half', () => {
    const lines = [
      { page: 4, text: 'heat is stored in caverns of ba-' },
      { page: 5, text: 'salt near the coast' },
    ];
    const text = 'heat is stored in caverns of basalt near the coast';
    expect(pageStartsOf(lines, text)).toEqual([{ offset: text.indexOf('salt'), page: 5 }]);
  });

  it('gives none for a paragraph printed on one page', () => {
    expect(pageStartsOf([{ page: 1, text: 'One line.' }], 'One line.')).toBeUndefined();
  });
});

describe(joinedPageStarts.name, () => {
  it('marks where a paragraph continued after a table on the next page begins in the joined text', () => {
    const before: ParsedBlock = { text: 'The caverns were flooded with', page: 2, kind: 'text' };
    const after: ParsedBlock = { text: 'seawater and sealed. Then', page: 3, kind: 'text', pageStarts: [{ offset: 20, page: 4 }] };
    const at = before.text.length + 1;
    expect(joinedPageStarts(before, after, at)).toEqual([
      { offset: at, page: 3 },
      { offset: at + 20, page: 4 },
    ]);
  });
});

describe(`${PdfjsParser.name} page starts`, () => {
  it('keeps where a paragraph running across a page break reaches the second page', async () => {
    const blocks = await blocksOf(buildCrossPagePaper());
    const paragraph = blocks.find((b) => b.text.includes(CROSS_PAGE.secondPageSentence))!;
    expect(paragraph.page).toBe(1);
    expect(paragraph.pageStarts).toEqual([{ offset: paragraph.text.indexOf('sealed behind insulated doors'), page: 2 }]);
  });

  it('gives paragraphs printed on one page no page starts', async () => {
    const blocks = await blocksOf(buildCrossPagePaper());
    const method = blocks.find((b) => b.text.startsWith('Temperatures were logged'))!;
    expect(method.page).toBe(2);
    expect(method.pageStarts).toBeUndefined();
  });

  it('keeps where a reference entry printed across a page break continues', async () => {
    const pdf = buildTextPdf([
      [
        { text: 'A Paper With a Long Reference', size: 18, bold: true },
        { text: '1 Introduction', size: 13, bold: true },
        'We cite one work whose entry is printed across the page break of the reference list [1].',
        { text: 'References', size: 13, bold: true },
        '[1] A. Author, B. Author and C. Author. A very long title about caverns, heat storage and',
      ],
      ['the tides of the northern coasts. Journal of Storage 12, 2020.', '[2] D. Author. A second work. 2021.'],
    ]);
    const entry = (await blocksOf(pdf)).find((b) => b.text.startsWith('[1]'))!;
    expect(entry.pageStarts).toEqual([{ offset: entry.text.indexOf('the tides'), page: 2 }]);
  });
});
