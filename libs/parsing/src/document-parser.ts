import type { OcrSettings } from './ocr/ocr.settings';
import type { ParsedArticle } from './article';

/** Anything that turns the bytes of one document into its structure (PDF.js here; GROBID and others later). */
export interface DocumentParser {
  /** Recorded in `ParsedArticle.parsers`, e.g. `pdfjs`. */
  readonly name: string;
  parse(data: Uint8Array, options?: ParseOptions): Promise<ParsedArticle>;
}

/** Called after each page is read: `page` of `pages` (1-based), so a long document shows how far it has come. */
export type PageListener = (page: number, pages: number) => void;

export interface ParseOptions {
  onPage?: PageListener;
  /** When pages are read by OCR (default: `auto`, English). */
  ocr?: OcrSettings;
}
