import type { Page } from 'playwright-core';
import { waitInPage } from './browser';

/**
 * A page of the source view drawn by PDF.js: not the blank placeholder (it carries the same "Page n of m" label), no
 * longer busy, and its canvas has pixels. The expressions run in the page (strings: the Node side has no DOM types).
 */
const DRAWN_CANVAS = '.sv-page:not(.sv-page--placeholder)[aria-busy=false] canvas';

/** The numbers of the source view's drawn pages. */
export const DRAWN_PAGES = `[...document.querySelectorAll('.source-pane .sv-slot')]
  .filter((slot) => (slot.querySelector('${DRAWN_CANVAS}')?.width ?? 0) > 0)
  .map((slot) => Number(slot.dataset.page))`;

/** The first drawn page's canvas, or null. Pages are drawn and dropped as the view moves: look it up when needed. */
export const FIRST_DRAWN_CANVAS = `([...document.querySelectorAll('.source-pane ${DRAWN_CANVAS}')].find((canvas) => canvas.width > 0) ?? null)`;

/** Waits until the source view has drawn a page: page `n` when given, else any. */
export function waitForDrawnPage(page: Page, wait: { timeout: number }, n?: number): Promise<void> {
  return waitInPage(page, n === undefined ? `${DRAWN_PAGES}.length > 0` : `${DRAWN_PAGES}.includes(${n})`, null, wait);
}
