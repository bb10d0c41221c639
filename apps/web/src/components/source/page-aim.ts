import type { ContextBox } from '../../api/types';
import type { RenderedPage } from '../../pdf/page-render';
import { findHeading } from '../../pdf/heading-find';
import { matchPassage } from '../../pdf/passage-match';

/**
 * What to bring into view on a page once it is drawn: the citation's highlight, or a section's heading line, found
 * above its first passage (by the passage's box where the parser gave one, else by its opening words, `lead`).
 */
export type PageAim = { kind: 'highlight' } | { kind: 'heading'; title: string; box: ContextBox | null; lead: string | null };

/** Room left above a heading put at the top, so it does not touch the edge (CSS px). */
const HEADING_MARGIN = 8;
/** Without the heading's text on the page, it is taken to sit this far above its first passage (PDF points). */
const HEADING_ROOM_PT = 22;

/** `element`'s top inside the scroller's content, in CSS px. */
function contentTop(scroller: HTMLElement, element: Element): number {
  return element.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop;
}

/** The slot holding page `page` (1-based) in the scroller, or null before the pages are laid out. */
export function pageSlot(scroller: HTMLElement | null, page: number): HTMLElement | null {
  return scroller?.querySelector<HTMLElement>(`[data-page="${page}"]`) ?? null;
}

/** Scrolls so that `offset` CSS px below `element`'s top sits `margin` px below the top of the view. */
function scrollBelow(scroller: HTMLElement, element: Element, offset: number, margin = 0): void {
  scroller.scrollTo({ top: Math.max(0, contentTop(scroller, element) + offset - margin) });
}

/**
 * Scrolls so that `offset` CSS px below the top of page `page` is `margin` px below the top of the view. A page turn
 * or a zoom lands on the page itself (no margin); a heading asks for HEADING_MARGIN.
 */
export function scrollToPage(scroller: HTMLElement | null, page: number, offset = 0, margin = 0): boolean {
  const slot = pageSlot(scroller, page);
  if (!scroller || !slot) return false;
  scrollBelow(scroller, slot, offset, margin);
  return true;
}

/** Before a page is drawn: roughly where a section's heading sits on it, from its first passage's box. */
function headingOffsetEstimate(box: ContextBox | null, scale: number): number {
  return box ? Math.max(0, (box.y - HEADING_ROOM_PT) * scale) : 0;
}

/** Before page `page` is drawn: its section's heading roughly at the top, with room above it. */
export function aimAtHeadingEstimate(scroller: HTMLElement | null, page: number, box: ContextBox | null, scale: number): boolean {
  return scrollToPage(scroller, page, headingOffsetEstimate(box, scale), HEADING_MARGIN);
}

/** Puts the heading's line at the top: its own text on the page when found, else the estimate from the box. */
export function aimAtHeading(
  scroller: HTMLElement,
  page: HTMLElement,
  shown: RenderedPage,
  aim: Extract<PageAim, { kind: 'heading' }>,
): void {
  const pageTop = page.getBoundingClientRect().top;
  const tops = shown.textDivs.map((span) => span.getBoundingClientRect().top - pageTop);
  const leadItem = !aim.box && aim.lead ? (matchPassage(shown.textItems, aim.lead).items[0] ?? null) : null;
  const passageTop = aim.box ? aim.box.y * shown.scale : leadItem !== null ? tops[leadItem] : null;
  const item = findHeading(shown.textItems, tops, aim.title, passageTop);
  // Not found as a line (small capitals split it, the parser reworded it): just above the passage, else the box's estimate.
  const offset =
    item !== null
      ? tops[item]
      : passageTop !== null
        ? Math.max(0, passageTop - HEADING_ROOM_PT * shown.scale)
        : headingOffsetEstimate(aim.box, shown.scale);
  scrollBelow(scroller, page, offset, HEADING_MARGIN);
}

/** Brings `element` into the scroller's upper third, without moving any scroll container outside it. */
export function aimAtHighlight(scroller: HTMLElement, element: HTMLElement): void {
  const top = contentTop(scroller, element);
  const left = element.getBoundingClientRect().left - scroller.getBoundingClientRect().left + scroller.scrollLeft;
  scroller.scrollTo({ top: Math.max(0, top - scroller.clientHeight / 3), left: Math.max(0, left - 24) });
}
