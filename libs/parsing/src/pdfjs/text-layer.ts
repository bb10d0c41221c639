import type { PageText } from './layout.types';

/** Fewer than 16 visible characters per page on average: a scan without OCR, or only images. */
export function hasTextLayer(pages: PageText[]): boolean {
  const chars = pages.reduce((n, p) => n + p.lines.reduce((m, l) => m + l.text.replace(/\s/g, '').length, 0), 0);
  return chars >= 16 * Math.max(1, pages.length);
}
