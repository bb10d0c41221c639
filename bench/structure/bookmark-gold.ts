import { readPageTexts, readPdfOutline, type PdfBookmark } from '@lectern/parsing';

/** An outline is gold only when it has a few entries and nearly all of their titles are printed on their pages. */
export const MIN_BOOKMARKS = 3;
export const MIN_TITLES_ON_PAGE = 0.8;

const compact = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, '');

export interface BookmarkGold {
  pageCount: number;
  /** Entries with a page and a title, in outline order. */
  bookmarks: PdfBookmark[];
  /** Share of those whose title is found in the text of their page (pdf.js text, letters and digits only). */
  onPage: number;
}

/** The PDF's outline as heading gold, checked against the pages' text independently of the parser under test. */
export async function readBookmarkGold(data: Uint8Array): Promise<BookmarkGold> {
  const { pageCount, bookmarks } = await readPdfOutline(data);
  const placed = bookmarks.filter((b) => b.page !== null && compact(b.title).length > 0);
  if (placed.length < MIN_BOOKMARKS) return { pageCount, bookmarks: placed, onPage: 0 };
  const texts = (await readPageTexts(data)).map(compact);
  const found = placed.filter((b) => texts[(b.page as number) - 1]?.includes(compact(b.title))).length;
  return { pageCount, bookmarks: placed, onPage: found / placed.length };
}

export const isUsableGold = (gold: BookmarkGold) => gold.bookmarks.length >= MIN_BOOKMARKS && gold.onPage >= MIN_TITLES_ON_PAGE;
