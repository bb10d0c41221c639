import type { BoundingBox } from '../article';
import { attr, children, tagOf, type TeiNode } from './tei-nodes';

/** First box of a GROBID `coords="page,x,y,w,h;page,x,y,w,h…"` attribute: where the element starts. */
export function parseCoords(coords: string | undefined): BoundingBox | undefined {
  if (!coords) return undefined;
  const first = coords
    .split(';')[0]
    .split(',')
    .map((v) => Number(v.trim()));
  if (first.length < 5 || first.some((v) => !Number.isFinite(v))) return undefined;
  const [page, x, y, w, h] = first;
  if (!Number.isInteger(page) || page < 1) return undefined;
  return { page, x, y, w, h };
}

/**
 * The element's own coordinates, else those of its first descendant that has some: GROBID puts them on
 * `<s>` rather than `<p>` when sentences are segmented. Inline `<ref>`s are skipped: a citation's position is
 * not where its paragraph starts, and may even be on the next page.
 */
export function firstBox(node: TeiNode): BoundingBox | undefined {
  return parseCoords(attr(node, 'coords')) ?? firstBoxIn(children(node));
}

export function firstBoxIn(nodes: TeiNode[]): BoundingBox | undefined {
  for (const node of nodes) {
    const tag = tagOf(node);
    if (tag === '#text' || tag === 'ref') continue;
    const found = firstBox(node);
    if (found) return found;
  }
  return undefined;
}
