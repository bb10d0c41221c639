import type { ParsedArticle } from '../article';
import { ParserOutputError } from '../service-errors';

/** Share of GROBID's words that must be found on the PDF's own text layer (same page or a neighbour) to trust it. */
const MIN_WORD_OVERLAP = 0.5;
/** With fewer words on either side there is nothing to compare (a scan, a near-empty page): the check passes. */
const MIN_WORDS = 20;

// Words of five letters or more: short function words are on every page of every paper.
const wordsOf = (text: string) => text.toLowerCase().match(/\p{L}{5,}/gu) ?? [];

/**
 * Checks GROBID's article against the PDF's own text layer (issue 20 item 10): a TEI describing another paper, or
 * with boxes on pages the PDF does not have, is refused, so the merge falls back to the embedded parser with a warning.
 */
export function assertTeiMatchesText(article: ParsedArticle, pageTexts: string[]): void {
  const pages = pageTexts.map((text) => new Set(wordsOf(text)));
  const badBox = article.sections.flatMap((s) => s.blocks).find((b) => b.box && (b.box.page > pageTexts.length || b.box.page < 1));
  if (badBox) throw new ParserOutputError('grobid', `a block is placed on page ${badBox.box?.page} of a ${pageTexts.length}-page PDF`);
  if (pages.reduce((n, p) => n + p.size, 0) < MIN_WORDS) return;
  let words = 0;
  let found = 0;
  const front = { page: 1, text: `${article.title} ${article.abstract ?? ''}` };
  for (const section of [{ blocks: [front] }, ...article.sections]) {
    for (const block of section.blocks) {
      const near = [block.page - 2, block.page - 1, block.page].map((i) => pages[i]).filter(Boolean);
      for (const word of wordsOf(block.text)) {
        words++;
        if (near.some((p) => p.has(word))) found++;
      }
    }
  }
  if (words < MIN_WORDS) return;
  const overlap = found / words;
  if (overlap < MIN_WORD_OVERLAP) {
    throw new ParserOutputError(
      'grobid',
      `its text does not match the PDF's text layer (${Math.round(overlap * 100)}% of its words found)`,
    );
  }
}
