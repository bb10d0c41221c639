import type { ArticleMetadata, PageStart } from '@lectern/common';

/** The structure every parser produces, before chunking. Shared by all parsers and the merge step. */

export type ContextKind = 'text' | 'table' | 'equation' | 'figure_caption' | 'toc';

/** Where a block starts on its page, in PDF points from the page's top-left corner (GROBID's convention). */
export interface BoundingBox {
  page: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** One paragraph-like unit of text, on the page where it starts (1-based). */
export interface ParsedBlock {
  text: string;
  page: number;
  kind: ContextKind;
  /** Known when the parser reports coordinates (GROBID with teiCoordinates, OCR'd pages). */
  box?: BoundingBox;
  /** Set when the text was read by OCR off the rendered page, with the mean confidence (0–100) of its words. */
  ocr?: { confidence: number };
  /** Where the text crosses page breaks (offsets into `text`), when it runs onto later pages; `page` is the first. */
  pageStarts?: PageStart[];
}

export interface ParsedSection {
  /** The paper's own numbering (`2.1`), `ref` for references, or the ordinal where the paper has none. */
  number: string;
  title: string;
  /** 1 for top-level sections, 2 for `2.1`, and so on. */
  level: number;
  blocks: ParsedBlock[];
}

export interface ParsedArticle extends ArticleMetadata {
  /** Reading order. The abstract, when found, is the first section (`number` `0`, title `Abstract`). */
  sections: ParsedSection[];
  /** Which parsers contributed, e.g. `['pdfjs']`. */
  parsers: string[];
  /** What went wrong without stopping the document (a service down, an output that could not be merged). */
  warnings?: string[];
}

export const REFERENCES_SECTION_NUMBER = 'ref';
export const ABSTRACT_SECTION_NUMBER = '0';
/** A book's printed table of contents (its contexts are of kind `toc`: read and listed, never searched). */
export const TOC_SECTION_NUMBER = 'toc';
