import { bookmarkTitleAsPrinted } from './bookmark-title';
import type { PdfjsDocument, PdfjsOutlineItem } from './pdfjs.types';

/** One entry of the PDF's own outline (its bookmarks), flattened in document order. */
export interface PdfBookmark {
  title: string;
  /** 1 for a top-level entry, 2 for one nested under it, and so on. */
  level: number;
  /** 1-based page the destination points at; null when it cannot be resolved. */
  page: number | null;
  /** The destination's top edge in page coordinates (crop-box origin, y up); null when the destination has none. */
  top: number | null;
  /** The destination's left edge (crop-box origin): on a page in columns it names the column; null when absent. */
  left?: number | null;
}

/** A hostile outline cannot make the parser walk forever: entries and depth are capped. */
const MAX_BOOKMARKS = 5000;
const MAX_DEPTH = 12;

/**
 * Reads the outline and resolves each destination, named or explicit, to a page and the top of the view it
 * asks for (`XYZ`, `FitH`, `FitBH`, `FitR`). `pageBottom(page)` is the crop box's lower edge, subtracted so the
 * top is in the same coordinates as the text lines (and `pageLeft(page)`, its left edge, from the left). Anything unreadable gives an empty list: the outline is a
 * hint, never a reason to fail a document.
 */
export async function readPdfBookmarks(
  doc: PdfjsDocument,
  pageBottom: (page: number) => number,
  pageLeft: (page: number) => number = () => 0,
): Promise<PdfBookmark[]> {
  let items: PdfjsOutlineItem[] | null;
  try {
    items = await doc.getOutline();
  } catch {
    return [];
  }
  const out: PdfBookmark[] = [];
  const walk = async (list: PdfjsOutlineItem[], level: number): Promise<void> => {
    for (const item of list) {
      if (out.length >= MAX_BOOKMARKS) return;
      const { page, top, left } = await resolveDestination(doc, item.dest);
      const title = bookmarkTitleAsPrinted(item.title ?? '');
      out.push({
        title,
        level,
        page,
        top: page !== null && top !== null ? top - pageBottom(page) : null,
        left: page !== null && left !== null ? left - pageLeft(page) : null,
      });
      if (level < MAX_DEPTH && Array.isArray(item.items) && item.items.length > 0) await walk(item.items, level + 1);
    }
  };
  await walk(items ?? [], 1);
  return out;
}

/** A named or explicit destination → its 1-based page and the top of the view it asks for (page space). */
export async function resolveDestination(
  doc: PdfjsDocument,
  dest: PdfjsOutlineItem['dest'],
): Promise<{ page: number | null; top: number | null; left: number | null }> {
  const none = { page: null, top: null, left: null };
  let explicit: unknown[] | null;
  try {
    explicit = typeof dest === 'string' ? await doc.getDestination(dest) : Array.isArray(dest) ? dest : null;
  } catch {
    return none;
  }
  if (!explicit || explicit.length === 0) return none;
  const target = explicit[0];
  let index: number | null = null;
  try {
    if (typeof target === 'number' && Number.isInteger(target)) index = target;
    else if (target && typeof target === 'object' && 'num' in target)
      index = await doc.getPageIndex(target as { num: number; gen: number });
  } catch {
    return none;
  }
  if (index === null || index < 0 || index >= doc.numPages) return none;
  return { page: index + 1, top: destinationTop(explicit), left: destinationLeft(explicit) };
}

/** The x a destination scrolls to (`XYZ`, `FitR`, `FitV`, `FitBV`); null when it has none. */
function destinationLeft(dest: unknown[]): number | null {
  const kind = (dest[1] as { name?: unknown } | null)?.name;
  const at = kind === 'XYZ' || kind === 'FitR' || kind === 'FitV' || kind === 'FitBV' ? dest[2] : null;
  return typeof at === 'number' && Number.isFinite(at) ? at : null;
}

/** The y a destination scrolls to, by its fit type; null for `Fit` and friends, or a missing value. */
function destinationTop(dest: unknown[]): number | null {
  const kind = (dest[1] as { name?: unknown } | null)?.name;
  const at = kind === 'XYZ' ? dest[3] : kind === 'FitH' || kind === 'FitBH' ? dest[2] : kind === 'FitR' ? dest[5] : null;
  return typeof at === 'number' && Number.isFinite(at) ? at : null;
}
