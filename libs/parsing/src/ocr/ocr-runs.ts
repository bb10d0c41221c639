import type { TextRun } from '../pdfjs/layout.types';
import type { OcrLine, OcrWord } from './ocr-engine';

/** Words read with less confidence than this are noise (specks, pieces of figures) more often than text. */
export const MIN_WORD_CONFIDENCE = 30;
/** Tesseract's row height (x-height + ascenders) is about this share of the font size. */
const ROW_HEIGHT_PER_EM = 0.9;
const INK_HEIGHT_PER_EM = 0.93;
/** The font name OCR'd runs carry: one "font", so boldness and font changes never split what OCR read. */
export const OCR_FONT = 'ocr';
export const OCR_BOLD_FONT = 'ocr-bold';

/** Words closer than this many font sizes are one run; wider gaps (a column gutter, a table cell) stay gaps. */
const RUN_GAP_EM = 1.2;
/** A word with no letter or digit (`~~`, `—`) read with less confidence than this is a speck or a rule, often in a gutter. */
const MIN_SYMBOL_CONFIDENCE = 80;

/**
 * OCR'd lines → the text runs the born-digital pipeline reads from pdf.js, in PDF points with the page's origin at its
 * bottom-left (y up), the baseline taken where the line's baseline passes under the words, the font size from the
 * line's height. Neighbouring words of a line form one run (as pdf.js gives a line of text), so justified spaces never
 * look like column gaps; each run keeps its words' mean confidence.
 */
export function ocrLinesToRuns(lines: OcrLine[], scale: number, pageHeight: number, inkIn?: InkMeter): TextRun[] {
  const runs: TextRun[] = [];
  const inks: number[] = [];
  const typical = median(lines.map((l) => l.rowHeight / ROW_HEIGHT_PER_EM / scale));
  for (const line of lines) {
    const { baseline } = line;
    const slope = baseline.x1 !== baseline.x0 ? (baseline.y1 - baseline.y0) / (baseline.x1 - baseline.x0) : 0;
    const size = lineSize(line, scale, typical);
    if (!(size >= 1)) continue;
    const words = line.words.filter(
      (w) => w.confidence >= MIN_WORD_CONFIDENCE && (/[\p{L}\p{N}]/u.test(w.text) || w.confidence >= MIN_SYMBOL_CONFIDENCE),
    );
    let group: OcrWord[] = [];
    const flush = () => {
      if (group.length === 0) return;
      const x0 = group[0].x0;
      const x1 = group[group.length - 1].x1;
      const ink = inkIn ? group.reduce((n, w) => n + inkIn(w.x0, w.y0, w.x1, w.y1) * (w.x1 - w.x0), 0) / Math.max(1, x1 - x0) : 0;
      const baselinePx = baseline.y0 + slope * ((x0 + x1) / 2 - baseline.x0);
      runs.push({
        text: group.map((w) => w.text).join(' '),
        x: x0 / scale,
        x1: x1 / scale,
        y: pageHeight - baselinePx / scale,
        size: Math.round(size * 10) / 10,
        font: OCR_FONT,
        bold: false,
        ocrConfidence: Math.round((group.reduce((n, w) => n + w.confidence, 0) / group.length) * 10) / 10,
      });
      inks.push(ink);
      group = [];
    };
    for (const word of [...words].sort((a, b) => a.x0 - b.x0)) {
      const previous = group[group.length - 1];
      if (previous && (word.x0 - previous.x1) / scale > RUN_GAP_EM * size) flush();
      group.push(word);
    }
    flush();
  }
  return inkIn ? markBold(runs, inks) : runs;
}

/** Share of dark pixels in a box of the rendered page (pixels, y down). */
export type InkMeter = (x0: number, y0: number, x1: number, y1: number) => number;

/**
 * Bold type puts this much more ink on the page than the page's usual print: whole bold lines measure 1.25–1.3 on a
 * 300-dpi page of an ACL paper, regular lines 1.00–1.10 (measured on acl-N18-3011, page 2).
 */
const BOLD_INK_RATIO = 1.2;

/**
 * OCR gives no font weight; the print's weight is measured instead: runs whose boxes are clearly darker than the page's
 * typical run (by characters) are bold, in a font of their own, so headings set in bold are found as in a born-digital PDF.
 */
function markBold(runs: TextRun[], inks: number[]): TextRun[] {
  const typical = median(runs.flatMap((run, i) => Array<number>(Math.min(run.text.length, 200)).fill(inks[i])));
  if (!(typical > 0)) return runs;
  return runs.map((run, i) =>
    inks[i] >= BOLD_INK_RATIO * typical && run.text.length >= 4 ? { ...run, bold: true, font: OCR_BOLD_FONT } : run,
  );
}

/**
 * A line's font size. Tesseract's row height and the height of the line's ink each go wrong on some lines (a line
 * without ascenders, a speck above it, a line merged across columns); where they disagree, the one nearer the page's
 * typical size is the likelier, so a body line is not taken for a heading, while a heading, larger by both, stays larger.
 */
function lineSize(line: OcrLine, scale: number, typical: number): number {
  const byRow = line.rowHeight / ROW_HEIGHT_PER_EM / scale;
  const byInk = line.inkHeight / INK_HEIGHT_PER_EM / scale;
  return Math.abs(byRow - typical) <= Math.abs(byInk - typical) ? byRow : byInk;
}

function median(values: number[]): number {
  const sorted = values.filter((v) => v > 0).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0;
}

/** Line heights wobble by a pixel or two; sizes within this share of the page's body size are the body size. */
const SAME_SIZE = 0.12;

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
