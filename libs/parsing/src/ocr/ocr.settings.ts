/**
 * When pages are read by OCR instead of from the text layer: `auto` (default) only pages with no text layer or a
 * garbage one, `force` every page, `off` none (a PDF without a text layer then fails as before).
 */
export type OcrMode = 'auto' | 'off' | 'force';

export interface OcrSettings {
  mode: OcrMode;
  /** Tesseract language codes (`eng`, `deu`, …); each needs its `@tesseract.js-data/<code>` package installed. */
  langs: string[];
}

export const DEFAULT_OCR_SETTINGS: OcrSettings = { mode: 'auto', langs: ['eng'] };
