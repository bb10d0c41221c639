import type { TextRun } from '../pdfjs/layout.types';
import type { OcrLine } from './ocr-engine';

/** Words read with less confidence than this are noise (specks, pieces of figures) more often than text. */
export const MIN_WORD_CONFIDENCE = 30;
/** Tesseract's row height (x-height + ascenders) is about this share of the font size. */
const ROW_HEIGHT_PER_EM = 0.9;
/** The font name OCR'd runs carry: one "font", so boldness and font changes never split what OCR read. */
export const OCR_FONT = 'ocr';

/**
 * OCR'd lines → the text runs the born-digital pipeline reads from pdf.js: one run per word, in PDF points with the
 * page's origin at its bottom-left (y up), the baseline taken where the line's baseline passes under the word, the font
 * size from the line's height. Each run keeps the word's confidence.
 */
export function ocrLinesToRuns(lines: OcrLine[], scale: number, pageHeight: number): TextRun[] {
  const runs: TextRun[] = [];
  for (const line of lines) {
    const { baseline } = line;
    const slope = baseline.x1 !== baseline.x0 ? (baseline.y1 - baseline.y0) / (baseline.x1 - baseline.x0) : 0;
    const size = line.rowHeight / ROW_HEIGHT_PER_EM / scale;
    if (!(size >= 1)) continue;
    for (const word of line.words) {
      if (word.confidence < MIN_WORD_CONFIDENCE) continue;
      const mid = (word.x0 + word.x1) / 2;
      const baselinePx = baseline.y0 + slope * (mid - baseline.x0);
      runs.push({
        text: word.text,
        x: word.x0 / scale,
        x1: word.x1 / scale,
        y: pageHeight - baselinePx / scale,
        size: Math.round(size * 10) / 10,
        font: OCR_FONT,
        bold: false,
        ocrConfidence: word.confidence,
      });
    }
  }
  return runs;
}

/** Line heights wobble by a pixel or two; sizes within this share of the page's body size are the body size. */
const SAME_SIZE = 0.08;

/**
 * Snaps the sizes of a page's OCR'd runs near the page's dominant size (by characters) to it, so that body lines share
 * one size as they do in a born-digital PDF, and only clearly larger lines (headings) stand out.
 */
export function snapRunSizes(runs: TextRun[]): TextRun[] {
  const weight = new Map<number, number>();
  for (const run of runs) weight.set(run.size, (weight.get(run.size) ?? 0) + run.text.length);
  const sorted = [...weight.entries()].sort((a, b) => a[0] - b[0]);
  const total = sorted.reduce((n, [, w]) => n + w, 0);
  let seen = 0;
  let median = sorted[0]?.[0] ?? 0;
  for (const [size, w] of sorted) {
    seen += w;
    median = size;
    if (seen >= total / 2) break;
  }
  return runs.map((run) =>
    Math.abs(run.size - median) <= SAME_SIZE * median ? { ...run, size: median } : { ...run, size: Math.round(run.size * 2) / 2 },
  );
}
