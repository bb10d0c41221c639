import type { OcrSettings } from './ocr/ocr.settings';
import type { ParsedArticle } from './article';
import type { ParseLimits } from './parse-limits';

/** Anything that turns the bytes of one document into its structure (PDF.js here; GROBID and others later). */
export interface DocumentParser {
  /** Recorded in `ParsedArticle.parsers`, e.g. `pdfjs`. */
  readonly name: string;
  parse(data: Uint8Array, options?: ParseOptions): Promise<ParsedArticle>;
}

/** How a page was read: from its text layer, or rendered and read by OCR. */
export type PageStep = 'text' | 'ocr';

/**
 * Called after each page is read: `page` of `pages` (1-based), so a long document shows how far it has come, and how
 * that page was read (`ocr` when it was rendered for OCR, so a scan shows `ocr 12/240`).
 */
export type PageListener = (page: number, pages: number, step: PageStep) => void;

export interface ParseOptions {
  onPage?: PageListener;
  /** Detect headings from the layout even when the PDF has an outline (the structure eval scores against it). */
  ignoreOutline?: boolean;
  /** Caps on inflated content and text items per page (defaults: DEFAULT_PARSE_LIMITS). */
  limits?: ParseLimits;
  /** When pages are read by OCR (default: `auto`, English). */
  ocr?: OcrSettings;
}
