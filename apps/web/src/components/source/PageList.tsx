import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { ContextBox } from '../../api/types';
import { PdfPage, type HighlightStatus, type PageSize } from './PdfPage';
import { aimAtHeadingEstimate, pageSlot, scrollToPage, type PageAim } from './page-aim';

/** An aim at one page; `id` changes with every request, so asking for the same place again scrolls again. */
export interface PageRequest {
  id: number;
  page: number;
  aim: PageAim;
}

interface PageListProps {
  doc: PDFDocumentProxy;
  scale: number;
  /** The first page's size in PDF points: every page holds it until its own is known. */
  baseSize: PageSize;
  target: { page: number; box: ContextBox | null; passage: string; quote: string };
  request: PageRequest | null;
  scrollerRef: RefObject<HTMLDivElement | null>;
  onAimed: () => void;
  onHighlight: (status: HighlightStatus) => void;
  /** The page the reader is on, as they scroll. */
  onPage: (page: number) => void;
}

/** Pages are drawn while within this much of the view (in view heights above and below), and dropped beyond it. */
const NEAR = '150% 0px';
/** Where in the view the current page is read: the page crossing this fraction of its height from the top. */
const PROBE = 0.3;
/** How long the page number stays up after the last scroll (ms). */
const BADGE_MS = 900;

/**
 * Every page of the document in one scroll, each in a slot of its size; only pages near the view are drawn
 * (IntersectionObserver), so a long paper costs what a few pages do. Reports the page being read as the reader
 * scrolls, shows its number while they do, and keeps that page in place when the scale changes.
 */
export function PageList(props: PageListProps) {
  const { doc, scale, baseSize, target, request, scrollerRef, onAimed, onHighlight, onPage } = props;
  const pageCount = doc.numPages;
  const [near, setNear] = useState<ReadonlySet<number>>(() => new Set());
  const [sizes, setSizes] = useState<ReadonlyMap<number, PageSize>>(() => new Map());
  const [scrolling, setScrolling] = useState(false);
  const [shownPage, setShownPage] = useState(1);
  const listRef = useRef<HTMLDivElement>(null);
  const reading = useRef({ page: 1, fraction: 0 });

  // Which pages are near the view.
  useEffect(() => {
    const scroller = scrollerRef.current;
    const list = listRef.current;
    if (!scroller || !list) return;
    const observer = new IntersectionObserver(
      (entries) =>
        setNear((old) => {
          const next = new Set(old);
          for (const entry of entries) {
            const page = Number((entry.target as HTMLElement).dataset.page);
            if (entry.isIntersecting) next.add(page);
            else next.delete(page);
          }
          return next;
        }),
      { root: scroller, rootMargin: NEAR },
    );
    for (const slot of list.querySelectorAll('[data-page]')) observer.observe(slot);
    return () => observer.disconnect();
  }, [scrollerRef, pageCount]);

  // The page being read: the one crossing the probe line (found by bisection, pages are in order).
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    let frame = 0;
    let hide: ReturnType<typeof setTimeout> | undefined;
    const measure = () => {
      frame = 0;
      const probe = scroller.getBoundingClientRect().top + scroller.clientHeight * PROBE;
      let low = 1;
      let high = pageCount;
      while (low < high) {
        const mid = Math.ceil((low + high) / 2);
        const top = pageSlot(scroller, mid)?.getBoundingClientRect().top ?? 0;
        if (top <= probe) low = mid;
        else high = mid - 1;
      }
      const rect = pageSlot(scroller, low)?.getBoundingClientRect();
      reading.current = { page: low, fraction: rect && rect.height > 0 ? (probe - rect.top) / rect.height : 0 };
      // State only when the page changes: a scroll frame must not re-render every slot.
      setShownPage(low);
      onPage(low);
    };
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        measure();
        setScrolling(true);
        clearTimeout(hide);
        hide = setTimeout(() => setScrolling(false), BADGE_MS);
      });
    };
    scroller.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      scroller.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
      clearTimeout(hide);
    };
  }, [scrollerRef, pageCount, onPage]);

  // A new scale resizes every page: keep the reader's place on the page they were reading.
  const laidOutScale = useRef(scale);
  useLayoutEffect(() => {
    if (laidOutScale.current === scale) return;
    laidOutScale.current = scale;
    const { page, fraction } = reading.current;
    const slot = pageSlot(scrollerRef.current, page);
    if (!slot) return;
    scrollToPage(scrollerRef.current, page, fraction * slot.getBoundingClientRect().height - scrollerRef.current!.clientHeight * PROBE);
  }, [scale, scrollerRef]);

  // A request goes to its page at once, roughly (the page may not be drawn yet); the page makes it exact when drawn.
  useLayoutEffect(() => {
    if (!request) return;
    const scroller = scrollerRef.current;
    if (request.aim.kind === 'heading') aimAtHeadingEstimate(scroller, request.page, request.aim.box, scale);
    else {
      const box = target.box && target.box.page === request.page ? target.box : null;
      scrollToPage(scroller, request.page, box ? box.y * scale - (scroller?.clientHeight ?? 0) / 3 : 0);
    }
    // Only a new request moves the view; a new scale keeps the place by itself (above).
  }, [request?.id]);

  const onSize = useCallback((page: number, size: PageSize) => {
    setSizes((old) => {
      const known = old.get(page);
      if (known && Math.abs(known.width - size.width) < 0.5 && Math.abs(known.height - size.height) < 0.5) return old;
      return new Map(old).set(page, size);
    });
  }, []);

  const aimPage = request?.page ?? null;
  // The citation's page reports whether its passage was found; where the box starts a page early, that page.
  const highlightPage = target.box?.page ?? target.page;
  return (
    <div ref={listRef} className="sv-pages">
      {Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => {
        const size = sizes.get(n) ?? baseSize;
        return (
          <div key={n} className="sv-slot" data-page={n}>
            {near.has(n) || n === aimPage ? (
              <PdfPage
                doc={doc}
                pageNumber={n}
                pageCount={pageCount}
                scale={scale}
                placeholder={size}
                target={target}
                aim={n === aimPage ? request!.aim : null}
                scrollerRef={scrollerRef}
                onAimed={onAimed}
                onSize={onSize}
                onHighlight={n === highlightPage ? onHighlight : undefined}
              />
            ) : (
              <div className="sv-page-frame">
                <div
                  className="sv-page sv-page--idle"
                  style={{ width: size.width * scale, height: size.height * scale }}
                  role="img"
                  aria-label={`Page ${n} of ${pageCount}`}
                  aria-busy="true"
                />
              </div>
            )}
          </div>
        );
      })}
      <div className={`sv-page-badge${scrolling ? ' is-visible' : ''}`} aria-hidden="true" data-testid="page-badge">
        {shownPage} / {pageCount}
      </div>
    </div>
  );
}
