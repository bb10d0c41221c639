import { buildArticle, ParseLimitError } from '@lectern/parsing';
import { buildBombPdf, bombInflatedBytes } from './hostile-pdfs';

const MB = 1024 * 1024;

/** Issue 20 item 1: a small PDF inflating to many megabytes is refused by the parser's own caps, with a reason. */
describe('parse limits', () => {
  it('refuses a PDF whose content inflates past the cap, before pdf.js holds it', async () => {
    const bomb = buildBombPdf({ itemsPerPage: 300_000 });
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(bombInflatedBytes(300_000)).toBeGreaterThan(8 * MB);
    const parsing = buildArticle(bomb, {}, { limits: { maxContentBytes: 2 * MB, maxItemsPerPage: 50_000 } });
    await expect(parsing).rejects.toBeInstanceOf(ParseLimitError);
    await expect(parsing).rejects.toThrow(/inflates to more than 2 MB \(PARSE_MAX_CONTENT_MB\)/);
  });

  it('refuses a page with more text items than the cap, naming the page', async () => {
    const bomb = buildBombPdf({ pages: 2, itemsPerPage: 3_000 });
    const parsing = buildArticle(bomb, {}, { limits: { maxContentBytes: 64 * MB, maxItemsPerPage: 1_000 } });
    await expect(parsing).rejects.toThrow(/page 1 has more than 1000 text items \(PARSE_MAX_PAGE_ITEMS\)/);
    await expect(parsing).rejects.toMatchObject({ status: 422, permanent: true, exposable: true });
  });

  it('parses the same kind of PDF when it is within the caps', async () => {
    const article = await buildArticle(
      buildBombPdf({ itemsPerPage: 200 }),
      {},
      { limits: { maxContentBytes: MB, maxItemsPerPage: 1_000 } },
    );
    expect(article.pageCount).toBe(1);
  });
});
