import type { ParsedBlock } from '../article';

/** A block before it has a page: pages are filled in reading order once every block is in place. */
export type DraftBlock = Omit<ParsedBlock, 'page'> & {
  /** `xml:id`s of the figures, tables and notes this block cites (`<ref target="#fig_0">`). */
  targets?: string[];
};

export interface DraftSection {
  /** Null for text before the first headed `<div>` (GROBID's untitled introduction). */
  head: { n: string | null; title: string } | null;
  /** Nesting of headed divs: 1 at the top. */
  depth: number;
  /** From `<back>` (acknowledgements, annexes): always top level. */
  back: boolean;
  blocks: DraftBlock[];
}

/** A figure, table or footnote GROBID gathered at the end of `<body>`, away from where it was printed. */
export interface DraftFloat {
  id: string | undefined;
  block: DraftBlock;
}
