import type { BoundingBox, ParsedArticle, ParsedBlock } from '../article';
import type { TextLine } from '../pdfjs/layout.types';
import type { OcrPageRecord } from './page-ocr';

/**
 * What a paragraph made of OCR'd lines adds to its block: the mean confidence of its words and, when it starts on an
 * OCR'd line, the box around its lines on its first page, so the source view can highlight it (a scanned page has no
 * text layer to search). The box is in PDF space here (y up, `y` its top); `placeOcrBoxes` turns it top-down.
 */
export function ocrProvenance(lines: TextLine[]): Pick<ParsedBlock, 'ocr' | 'box'> {
  const confidences = lines.flatMap((l) => l.runs.map((r) => r.ocrConfidence).filter((c): c is number => c !== undefined));
  if (confidences.length === 0) return {};
  const confidence = Math.round((confidences.reduce((a, b) => a + b, 0) / confidences.length) * 10) / 10;
  const first = lines[0];
  if (first.runs.every((r) => r.ocrConfidence === undefined)) return { ocr: { confidence } };
  const own = lines.filter((l) => l.page === first.page);
  const x0 = Math.min(...own.map((l) => l.x0));
  const x1 = Math.max(...own.map((l) => l.x1));
  const top = Math.max(...own.map((l) => l.y + 0.75 * l.size));
  const bottom = Math.min(...own.map((l) => l.y - 0.25 * l.size));
  return { ocr: { confidence }, box: { page: first.page, x: round(x0), y: round(top), w: round(x1 - x0), h: round(top - bottom) } };
}

/**
 * After assembly: OCR'd blocks' boxes measured from the page's top (the stored convention), and blocks on OCR'd pages
 * that were built without `ocrProvenance` (references split from lines) marked with their page's confidence.
 */
export function placeOcrBoxes(article: ParsedArticle, pageHeights: Map<number, number>, records: OcrPageRecord[]): ParsedArticle {
  const byPage = new Map(records.filter((r) => r.words > 0).map((r) => [r.page, r]));
  for (const section of article.sections) {
    for (const block of section.blocks) {
      if (block.ocr && block.box) block.box = flip(block.box, pageHeights.get(block.box.page) ?? 0);
      else if (!block.ocr && byPage.has(block.page)) block.ocr = { confidence: byPage.get(block.page)!.confidence };
    }
  }
  return article;
}

const flip = (box: BoundingBox, height: number): BoundingBox => ({ ...box, y: round(height - box.y) });
const round = (n: number) => Math.round(n * 100) / 100;
