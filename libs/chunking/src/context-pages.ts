import { joinPageStarts, pageAtOffset, type JoinedSpan, type PageStart } from '@lectern/common';
import type { ParsedBlock } from '@lectern/parsing';
import type { Piece } from './piece.splitter';

/** A piece of a context with the block it was cut from and where it starts in that block's text. */
export interface PieceSource {
  block: ParsedBlock;
  offset: number;
}

/**
 * Where each piece starts in its block's text. Pieces are cut from the trimmed text in order, so each is found from
 * where the previous one ended; a piece not found verbatim (whitespace normalised) takes that position.
 */
export function locatePieces(block: ParsedBlock, trimmed: string, pieces: readonly Piece[]): PieceSource[] {
  const lead = block.text.length - block.text.trimStart().length;
  let cursor = 0;
  return pieces.map((piece) => {
    const found = trimmed.indexOf(piece.text, cursor);
    const at = found >= 0 ? found : cursor;
    cursor = at + (found >= 0 ? piece.text.length : 0);
    return { block, offset: lead + at };
  });
}

/**
 * The page a context starts on and where its text crosses page breaks, from its pieces (`from` to `to`, exclusive),
 * joined as the packer joins them: the first piece at 0, each next one after its joiner.
 */
export function contextPages(
  pieces: readonly Piece[],
  sources: readonly PieceSource[],
  from: number,
  to: number,
): { page: number; pageStarts?: PageStart[] } {
  const first = sources[from];
  const page = pageAtOffset(first.block.page, first.block.pageStarts, first.offset);
  const spans: JoinedSpan[] = [];
  let at = 0;
  for (let i = from; i < to; i++) {
    const piece = pieces[i];
    const { block, offset } = sources[i];
    if (i > from) at += piece.joiner.length;
    spans.push({ at, page: block.page, pageStarts: block.pageStarts, from: offset, length: piece.text.length });
    at += piece.text.length;
  }
  const pageStarts = joinPageStarts(page, spans);
  return pageStarts ? { page, pageStarts } : { page };
}
