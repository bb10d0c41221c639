import { REFERENCES_SECTION_NUMBER, type ParsedArticle, type ParsedBlock } from '../article';

/** Where a block sits: section index and block index, in reading order. */
export interface BlockPosition {
  section: number;
  block: number;
}

/** A copy deep enough that editing its sections' block lists never touches the caller's article. */
export function copyArticle(article: ParsedArticle): ParsedArticle {
  return {
    ...article,
    sections: article.sections.map((section) => ({ ...section, blocks: section.blocks.map((block) => ({ ...block })) })),
  };
}

/** Every block with its position, in reading order; the references section is left out (nothing merges there). */
export function bodyBlocks(article: ParsedArticle): Array<BlockPosition & { value: ParsedBlock }> {
  const out: Array<BlockPosition & { value: ParsedBlock }> = [];
  article.sections.forEach((section, s) => {
    if (section.number === REFERENCES_SECTION_NUMBER) return;
    section.blocks.forEach((value, b) => out.push({ section: s, block: b, value }));
  });
  return out;
}

/**
 * Where a new block for `page` goes: after the last body block on that page; failing that, after the last
 * body block on an earlier page (the section still covering `page`); failing that, before the first block.
 * `outOfRange` is set when the article has no block on or before `page`, or `page` is past its last page.
 */
export function insertionPointForPage(article: ParsedArticle, page: number): { at: BlockPosition; outOfRange: boolean } | undefined {
  const blocks = bodyBlocks(article);
  const onPage = blocks.filter((entry) => entry.value.page === page);
  if (onPage.length > 0) return { at: after(onPage[onPage.length - 1]), outOfRange: false };
  const before = blocks.filter((entry) => entry.value.page < page);
  if (before.length > 0) return { at: after(before[before.length - 1]), outOfRange: page > article.pageCount };
  if (blocks.length > 0) return { at: { section: blocks[0].section, block: blocks[0].block }, outOfRange: true };
  const firstBody = article.sections.findIndex((section) => section.number !== REFERENCES_SECTION_NUMBER);
  return firstBody >= 0 ? { at: { section: firstBody, block: 0 }, outOfRange: false } : undefined;
}

export const after = (position: BlockPosition): BlockPosition => ({ section: position.section, block: position.block + 1 });

export function insertBlocks(article: ParsedArticle, at: BlockPosition, blocks: ParsedBlock[]): void {
  article.sections[at.section].blocks.splice(at.block, 0, ...blocks);
}

/** Replaces one block by several (e.g. prose, equation, prose); empty pieces are left out. */
export function replaceBlock(article: ParsedArticle, at: BlockPosition, blocks: ParsedBlock[]): void {
  article.sections[at.section].blocks.splice(at.block, 1, ...blocks.filter((block) => block.text.trim() !== ''));
}
