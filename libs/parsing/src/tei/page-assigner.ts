import type { ParsedArticle, ParsedBlock } from '../article';
import { TextLocator } from './text-locator';

/**
 * Gives every block without coordinates the page where its text is printed, by finding the text in the PDF's
 * pages (`readPageTexts`). The search runs forward from the page of the last located text block, so repeated
 * phrases resolve to the right occurrence; a block that cannot be found stays on the previous block's page.
 */
export function assignPages(article: ParsedArticle, pageTexts: string[]): ParsedArticle {
  const locator = new TextLocator(pageTexts);
  const lastPage = Math.max(1, pageTexts.length);
  let previous = 1;
  // Figures and tables float away from the text around them; only running text moves the search forward.
  let anchor = 1;
  const clamp = (page: number) => Math.min(Math.max(page, 1), lastPage);
  const sections = article.sections.map((section) => ({
    ...section,
    blocks: section.blocks.map((block): ParsedBlock => {
      let page: number;
      if (block.box) page = pageTexts.length ? clamp(block.box.page) : block.box.page;
      else page = clamp(locator.locate(block.text, anchor) ?? previous);
      previous = page;
      if (block.kind === 'text') anchor = page;
      return { ...block, page };
    }),
  }));
  return { ...article, sections, pageCount: pageTexts.length };
}
