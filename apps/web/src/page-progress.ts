import type { LecternDocument } from './api/types';

/**
 * A document's status with the page its stage reached: "Parsing 12/240", or "OCR 12/240" while that page was read by
 * OCR; the stage alone ("Embedding") when no page is reported.
 */
export function pageProgressLabel(stage: string, progress: LecternDocument['progress']): string {
  if (!progress) return stage;
  return `${progress.step === 'ocr' ? 'OCR' : stage} ${progress.page}/${progress.pages}`;
}
