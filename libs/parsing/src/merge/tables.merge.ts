import type { ParsedArticle, ParsedBlock } from '../article';
import type { ParsedTable } from '../unstructured/tables';
import { bodyBlocks, copyArticle, insertBlocks, insertionPointForPage, type BlockPosition } from './article-edits';
import { contentWords, isNumberWord, shareOfWordsIn } from './text-similarity';

/*
 * Merge policy for tables (step 2 of 3: skeleton → Unstructured tables → Nougat math).
 * The skeleton (GROBID's TEI, or the embedded PDF.js parser) owns the outline and the prose; Unstructured
 * only contributes tables, because its HTML keeps rows and columns that text extraction flattens.
 * For each table, in order:
 *  1. the skeleton's `table` block on the same page (the one sharing most words when there are several),
 *     or a `table` block anywhere labelled with the same "Table N", is replaced;
 *  2. else the first `text` block on the same page made mostly of the table's cell words (the flattened
 *     table GROBID or PDF.js produce) is replaced, and the text blocks right after it that are made of the
 *     table's words too (the rest of the flattened rows) are absorbed;
 *  3. else the table is inserted after the last block on its page, or after a caption block naming it.
 * The new block is `kind: 'table'`, text = caption + blank line + Markdown, on the table's page, keeping the
 * replaced block's box. Prose is never dropped: only `table` blocks and table-word `text` blocks are replaced.
 * The input article is not modified; `parsers` and `warnings` of the article are left to the caller.
 */

/** A text block is the flattened table when this share of its content words are the table's words… */
const FLATTENED_SHARE = 0.75;
/** …and it is long enough for the share to mean something. */
const MIN_FLATTENED_WORDS = 6;
/** Short row fragments (too few words for the share above) qualify when nearly all words are the table's numbers. */
const FRAGMENT_SHARE = 0.9;
const FRAGMENT_NUMBER_SHARE = 0.5;
const LABEL = /^\s*(table|tab\.)\s*([0-9]+|[ivxlc]+)\b/i;

export function mergeTables(article: ParsedArticle, tables: ParsedTable[]): { article: ParsedArticle; warnings: string[] } {
  const merged = copyArticle(article);
  const warnings: string[] = [];
  const replaced = new Set<ParsedBlock>();
  for (const table of tables) {
    const block: ParsedBlock = {
      text: table.caption ? `${table.caption}\n\n${table.markdown}` : table.markdown,
      page: table.page,
      kind: 'table',
    };
    const vocabulary = new Set(contentWords(`${table.markdown} ${table.text}`));
    const target = tableBlockFor(merged, table, vocabulary, replaced) ?? flattenedBlockFor(merged, table.page, vocabulary, replaced);
    if (target) {
      const old = merged.sections[target.section].blocks[target.block];
      const kept: ParsedBlock = { ...block, ...(old.box ? { box: old.box } : {}) };
      merged.sections[target.section].blocks[target.block] = kept;
      replaced.add(kept);
      if (old.kind === 'text') absorbFragments(merged, target, vocabulary);
      continue;
    }
    const caption = captionPosition(merged, table);
    const point = caption ? { at: caption, outOfRange: false } : insertionPointForPage(merged, table.page);
    if (!point) {
      warnings.push(`unstructured: ${describe(table)} not merged: the article has no body section to hold it`);
      continue;
    }
    if (point.outOfRange) {
      warnings.push(`unstructured: ${describe(table)} is on page ${table.page}, where the article has no text; placed by reading order`);
    }
    insertBlocks(merged, point.at, [block]);
    replaced.add(block);
  }
  return { article: merged, warnings };
}

function tableBlockFor(
  article: ParsedArticle,
  table: ParsedTable,
  vocabulary: Set<string>,
  taken: Set<ParsedBlock>,
): BlockPosition | undefined {
  const candidates = bodyBlocks(article).filter((entry) => entry.value.kind === 'table' && !taken.has(entry.value));
  const samePage = candidates.filter((entry) => entry.value.page === table.page);
  if (samePage.length > 0)
    return samePage.reduce((best, entry) => (share(entry.value, vocabulary) > share(best.value, vocabulary) ? entry : best));
  const label = labelOf(table.caption);
  return label ? candidates.find((entry) => labelOf(entry.value.text) === label) : undefined;
}

/** The first `text` block on the page made mostly of the table's words: where the flattened table starts. */
function flattenedBlockFor(
  article: ParsedArticle,
  page: number,
  vocabulary: Set<string>,
  taken: Set<ParsedBlock>,
): BlockPosition | undefined {
  return bodyBlocks(article).find(
    (entry) =>
      entry.value.page === page && entry.value.kind === 'text' && !taken.has(entry.value) && isFlattenedTable(entry.value, vocabulary),
  );
}

function isFlattenedTable(block: ParsedBlock, vocabulary: Set<string>): boolean {
  const { share, words } = shareOfWordsIn(block.text, vocabulary);
  return words >= MIN_FLATTENED_WORDS && share >= FLATTENED_SHARE;
}

/**
 * Flattened tables often come as several blocks (one per row group): the text blocks right after the replaced
 * one that are also made of the table's words join it. Only neighbours: a distant block stays, whatever it is.
 */
function absorbFragments(article: ParsedArticle, at: BlockPosition, vocabulary: Set<string>): void {
  const blocks = article.sections[at.section].blocks;
  const page = blocks[at.block].page;
  let end = at.block + 1;
  while (end < blocks.length && blocks[end].page === page && blocks[end].kind === 'text' && isFragment(blocks[end], vocabulary)) end++;
  blocks.splice(at.block + 1, end - at.block - 1);
}

function isFragment(block: ParsedBlock, vocabulary: Set<string>): boolean {
  if (isFlattenedTable(block, vocabulary)) return true;
  const words = contentWords(block.text);
  const { share } = shareOfWordsIn(block.text, vocabulary);
  return words.length > 0 && share >= FRAGMENT_SHARE && words.filter(isNumberWord).length / words.length >= FRAGMENT_NUMBER_SHARE;
}

/** Right after a skeleton block that starts with this table's label ("Table 2 …"), on the same page. */
function captionPosition(article: ParsedArticle, table: ParsedTable): BlockPosition | undefined {
  const label = labelOf(table.caption);
  if (!label) return undefined;
  const caption = bodyBlocks(article).find(
    (entry) => entry.value.page === table.page && entry.value.kind !== 'table' && labelOf(entry.value.text) === label,
  );
  return caption ? { section: caption.section, block: caption.block + 1 } : undefined;
}

function labelOf(text: string | undefined): string | undefined {
  const match = text ? LABEL.exec(text) : null;
  return match ? match[2].toLowerCase() : undefined;
}

const share = (block: ParsedBlock, vocabulary: Set<string>) => shareOfWordsIn(block.text, vocabulary).share;

const describe = (table: ParsedTable) => (table.caption ? `"${table.caption.slice(0, 40)}"` : `the table on page ${table.page}`);
