/** A word as an OCR engine reads it: pixel box on the rendered image (y down), confidence 0–100. */
export interface OcrWord {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  confidence: number;
}

/** One line of words, with its baseline (pixels, y down) and the height of its letters above the baseline. */
export interface OcrLine {
  words: OcrWord[];
  baseline: { x0: number; y0: number; x1: number; y1: number };
  /** x-height plus ascenders, in pixels (Tesseract's row height): about 0.9 of the font size, but noisy. */
  rowHeight: number;
  /** Height of the box around the line's ink, ascenders to descenders, in pixels. */
  inkHeight: number;
}

/** Anything that reads the lines of a page image (PNG bytes). The embedded one is tesseract.js; the bench compares others. */
export interface OcrEngine {
  readonly name: string;
  recognize(png: Uint8Array): Promise<OcrLine[]>;
  close(): Promise<void>;
}
