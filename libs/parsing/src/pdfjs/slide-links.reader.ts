import { resolveDestination } from './pdf-bookmarks.reader';
import type { PageLink } from './layout.types';
import type { PdfjsDocument, PdfjsPage } from './pdfjs.types';

/** A hostile page cannot make the reader resolve links forever. */
const MAX_LINKS_PER_PAGE = 400;

/**
 * Pages wider than tall by this much are slides (4:3 is 1.33, 16:10 1.6): only then are links read, so documents
 * of other shapes pay nothing for them.
 */
export const SLIDE_ASPECT = 1.2;

export const isLandscape = (view: number[]): boolean => {
  const [x0, y0, x1, y1] = view;
  return x1 - x0 >= SLIDE_ASPECT * (y1 - y0);
};

/**
 * The page's links to places in the document, each with the page it goes to: a slide deck's navigation (beamer's
 * headline, sidebar and outline frames) links each section's name to its first slide. Rects are in the text lines'
 * coordinates (crop-box origin). Anything unreadable gives no links: they are a hint, never a reason to fail.
 */
export async function readPageLinks(doc: PdfjsDocument, page: PdfjsPage): Promise<PageLink[]> {
  let annotations;
  try {
    annotations = await page.getAnnotations();
  } catch {
    return [];
  }
  const [vx0, vy0] = page.view;
  const links: PageLink[] = [];
  for (const a of annotations.slice(0, MAX_LINKS_PER_PAGE)) {
    if (a.subtype !== 'Link' || !a.dest || !Array.isArray(a.rect) || a.rect.length !== 4) continue;
    const { page: target } = await resolveDestination(doc, a.dest);
    if (target === null) continue;
    const [x0, y0, x1, y1] = a.rect;
    links.push({ x0: Math.min(x0, x1) - vx0, x1: Math.max(x0, x1) - vx0, y0: Math.min(y0, y1) - vy0, y1: Math.max(y0, y1) - vy0, target });
  }
  return links;
}
