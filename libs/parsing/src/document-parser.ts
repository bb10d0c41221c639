import type { ParsedArticle } from './article';

/** Anything that turns the bytes of one document into its structure (PDF.js here; GROBID and others later). */
export interface DocumentParser {
  /** Recorded in `ParsedArticle.parsers`, e.g. `pdfjs`. */
  readonly name: string;
  parse(data: Uint8Array): Promise<ParsedArticle>;
}
