import { REFERENCES_SECTION_NUMBER } from '@lectern/parsing';
import type { ContextKind, ParsedArticle, ParsedBlock, ParsedSection } from '@lectern/parsing';
import { MIN_CONTEXT_MAX_TOKENS } from './chunked-article';
import type { ChunkedArticle, ChunkedContext, ChunkedSection, ChunkOptions } from './chunked-article';
import { packPieces } from './context.packer';
import { contextPages, locatePieces, type PieceSource } from './context-pages';
import { InvalidContextBudgetError } from './errors';
import { splitToFit } from './piece.splitter';
import type { Piece } from './piece.splitter';
import type { TokenCounter } from '@lectern/text';

const PARAGRAPH_JOINER = '\n\n';

/** Blocks that become contexts together: a stretch of prose, or one table / equation / caption / reference. */
interface BlockRun {
  kind: ContextKind;
  blocks: ParsedBlock[];
}

/**
 * Sections → contexts of at most `maxTokens`. Contexts never cross a section boundary; prose paragraphs
 * are packed together, oversized ones split at sentences (then words); non-prose blocks and references
 * stand alone so a table or a citation is retrieved whole.
 */
export function chunkArticle(article: ParsedArticle, options: ChunkOptions): ChunkedArticle {
  const { maxTokens, counter } = options;
  if (!Number.isInteger(maxTokens) || maxTokens < MIN_CONTEXT_MAX_TOKENS) {
    throw new InvalidContextBudgetError(maxTokens);
  }
  const sections = article.sections.map((section) => chunkSection(section, maxTokens, counter));
  // Parsing provenance (parsers, warnings) stays with the document, not the stored article.
  const { sections: _parsed, parsers: _parsers, warnings: _warnings, ...metadata } = article;
  return { ...metadata, numTokens: sections.reduce((sum, section) => sum + section.numTokens, 0), sections };
}

function chunkSection(section: ParsedSection, maxTokens: number, counter: TokenCounter): ChunkedSection {
  const contexts: ChunkedContext[] = [];
  for (const run of blockRuns(section)) {
    const pieces: Piece[] = [];
    const sources: PieceSource[] = [];
    for (const block of run.blocks) {
      const trimmed = block.text.trim();
      const blockPieces = splitToFit(trimmed, block.kind, PARAGRAPH_JOINER, maxTokens, counter);
      sources.push(...locatePieces(block, trimmed, blockPieces));
      pieces.push(...blockPieces);
    }
    const packedContexts = packPieces(pieces, maxTokens, counter);
    packedContexts.forEach((packed, k) => {
      const end = packedContexts[k + 1]?.firstPiece ?? sources.length;
      const first = sources[packed.firstPiece].block;
      const own = sources.slice(packed.firstPiece, end).map((s) => s.block);
      // The page of the context's first character: a context cut from the middle of a paragraph may start a page later.
      const { page, pageStarts } = contextPages(pieces, sources, packed.firstPiece, end);
      contexts.push({
        text: packed.text,
        pageNumber: page,
        kind: run.kind,
        numTokens: packed.numTokens,
        stopReason: 'Token limit',
        ...(first.box && first.box.page === page ? { box: first.box } : {}),
        ...ocrSource(own),
        ...(pageStarts ? { pageStarts } : {}),
      });
    });
  }
  if (contexts.length > 0) contexts[contexts.length - 1].stopReason = 'Section';
  return {
    number: section.number,
    title: section.title,
    level: section.level,
    numTokens: contexts.reduce((sum, context) => sum + context.numTokens, 0),
    contexts,
  };
}

/** A context is OCR'd text when any of its blocks is; its confidence is theirs, weighted by length. */
function ocrSource(blocks: ParsedBlock[]): Pick<ChunkedContext, 'textSource' | 'ocrConfidence'> {
  const read = [...new Set(blocks)].filter((b) => b.ocr);
  if (read.length === 0) return {};
  const chars = read.reduce((n, b) => n + b.text.length, 0);
  const confidence = read.reduce((n, b) => n + b.ocr!.confidence * b.text.length, 0) / Math.max(1, chars);
  return { textSource: 'ocr', ocrConfidence: Math.round(confidence * 10) / 10 };
}

function blockRuns(section: ParsedSection): BlockRun[] {
  const isReferences = section.number === REFERENCES_SECTION_NUMBER;
  const runs: BlockRun[] = [];
  for (const block of section.blocks) {
    if (block.text.trim().length === 0) continue;
    const previous = runs[runs.length - 1];
    const joinsPrevious = !isReferences && block.kind === 'text' && previous?.kind === 'text';
    if (joinsPrevious) previous.blocks.push(block);
    else runs.push({ kind: block.kind, blocks: [block] });
  }
  return runs;
}
