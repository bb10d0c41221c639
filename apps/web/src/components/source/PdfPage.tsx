import { useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { ContextBox } from '../../api/types';
import { isCancellation, renderPage, type RenderedPage } from '../../pdf/page-render';
import { matchPassage } from '../../pdf/passage-match';
import './pdf-page.css';

export type Zoom = 'fit' | number;
export type HighlightStatus = 'none' | 'box' | 'text' | 'not-found';

export const MIN_SCALE = 0.5;
export const MAX_SCALE = 4;
/** Horizontal room the scroller's padding and the page's shadow take, kept out of the fit width. */
const PAGE_GUTTER = 32;

interface PdfPageProps {
  doc: PDFDocumentProxy;
  pageNumber: number;
  pageCount: number;
  zoom: Zoom;
  /** The scroller's width, for fit-to-width. */
  availableWidth: number;
  /** The citation's page, box and passage: highlighted only while that page is shown. */
  target: { page: number; box: ContextBox | null; passage: string; quote?: string };
  /** Changes each time a citation is opened, asking for one scroll to its highlight. */
  scrollRequest: number;
  scrollerRef: RefObject<HTMLElement | null>;
  onRendered: (scale: number) => void;
  onHighlight: (status: HighlightStatus) => void;
}

type Shown = RenderedPage & { pageNumber: number };

export function PdfPage(props: PdfPageProps) {
  const { doc, pageNumber, pageCount, zoom, availableWidth, target, scrollRequest, scrollerRef, onRendered, onHighlight } = props;
  const canvasHostRef = useRef<HTMLDivElement>(null);
  const textLayerRef = useRef<HTMLDivElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const scrolledForRef = useRef<number | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [busy, setBusy] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);

  // Render whenever the page, zoom or (in fit mode) the width changes; a newer render cancels the older.
  useEffect(() => {
    if (zoom === 'fit' && availableWidth <= 0) return;
    let stopped = false;
    let cancel: (() => void) | null = null;
    setBusy(true);
    setFailure(null);
    doc
      .getPage(pageNumber)
      .then((page) => {
        if (stopped) return;
        const pageWidth = page.getViewport({ scale: 1 }).width;
        const fit = Math.max(120, availableWidth - PAGE_GUTTER) / pageWidth;
        const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, zoom === 'fit' ? fit : zoom));
        const render = renderPage(page, scale, canvasHostRef.current!, textLayerRef.current!);
        cancel = render.cancel;
        return render.promise.then((result) => {
          if (stopped) return;
          setShown({ ...result, pageNumber });
          setBusy(false);
          onRendered(scale);
        });
      })
      .catch((error: unknown) => {
        if (stopped || isCancellation(error)) return;
        setFailure(`Page ${pageNumber} could not be drawn.`);
        setBusy(false);
      });
    return () => {
      stopped = true;
      cancel?.();
    };
    // onRendered is left out on purpose: a new callback identity is no reason to draw the page again.
  }, [doc, pageNumber, zoom, availableWidth]);

  // The box carries its own page (a passage can start at the foot of the page before the cited one).
  const box = shown && target.box && shown.pageNumber === target.box.page ? target.box : null;
  const onTargetPage = shown !== null && (shown.pageNumber === target.page || box !== null);

  // Text items holding the passage, recomputed only when a new text layer or passage arrives.
  const marked = useMemo(() => {
    if (!onTargetPage || !shown || !target.passage) return [];
    return matchPassage(shown.textItems, target.passage).items;
  }, [onTargetPage, shown, target.passage]);
  // The cited sentence inside the passage: marked strongly, the rest of the passage faintly around it.
  const quoted = useMemo(() => {
    if (!onTargetPage || !shown || !target.quote) return new Set<number>();
    return new Set(matchPassage(shown.textItems, target.quote).items);
  }, [onTargetPage, shown, target.quote]);

  // Mark the spans PDF.js created (its DOM, not React's), and scroll once per opened citation.
  useLayoutEffect(() => {
    if (!shown) return;
    const spans = [...new Set([...marked, ...quoted])]
      .sort((a, b) => a - b)
      .map((i) => shown.textDivs[i])
      .filter((span): span is HTMLElement => Boolean(span));
    const strong = [...quoted].map((i) => shown.textDivs[i]).filter((span): span is HTMLElement => Boolean(span));
    spans.forEach((span, i) => {
      span.classList.add('sv-mark');
      if (quoted.size > 0) span.classList.add(strong.includes(span) ? 'sv-mark--quote' : 'sv-mark--faint');
      if (i === 0 && !box) span.dataset.testid = 'source-highlight';
    });
    if (strong[0]) strong[0].dataset.quoteStart = 'true';
    onHighlight(!onTargetPage ? 'none' : box ? 'box' : spans.length > 0 ? 'text' : target.passage ? 'not-found' : 'none');

    if (onTargetPage && scrolledForRef.current !== scrollRequest) {
      scrolledForRef.current = scrollRequest;
      scrollToHighlight(scrollerRef.current, strong[0] ?? boxRef.current ?? spans[0] ?? null);
    }
    return () => {
      for (const span of spans) {
        span.classList.remove('sv-mark', 'sv-mark--quote', 'sv-mark--faint');
        delete span.dataset.testid;
        delete span.dataset.quoteStart;
      }
    };
  }, [shown, marked, quoted, box, onTargetPage, scrollRequest, scrollerRef, target.passage, onHighlight]);

  // Before the first drawing, a letter-sized blank page stands in, so the pane is never empty.
  const placeholderWidth = Math.max(120, Math.min(availableWidth - PAGE_GUTTER, 820));
  const style = shown ? { width: shown.width, height: shown.height } : { width: placeholderWidth, height: placeholderWidth * 1.294 };
  return (
    <div className="sv-page-frame">
      <div
        className={`sv-page${shown ? '' : ' sv-page--placeholder'}`}
        style={style}
        role="img"
        aria-label={`Page ${pageNumber} of ${pageCount}`}
        aria-busy={busy}
      >
        <div ref={canvasHostRef} className="sv-canvas-host" />
        <div ref={textLayerRef} className="sv-text-layer" />
        {box && shown && (
          <div
            ref={boxRef}
            className="sv-box-highlight"
            data-testid="source-highlight"
            aria-hidden="true"
            style={{
              // Boxes are PDF points from the page's top-left; a small pad keeps the outline off the glyphs.
              left: box.x * shown.scale - 3,
              top: box.y * shown.scale - 3,
              width: box.w * shown.scale + 6,
              height: box.h * shown.scale + 6,
            }}
          />
        )}
        {busy && (
          <div className="sv-page-busy" aria-hidden="true">
            <span className="sv-spinner" />
          </div>
        )}
      </div>
      {failure && (
        <p className="sv-page-error" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}

/** Brings `element` into the scroller's upper third, without moving any scroll container outside it. */
function scrollToHighlight(scroller: HTMLElement | null, element: HTMLElement | null): void {
  if (!scroller) return;
  if (!element) {
    scroller.scrollTo({ top: 0 });
    return;
  }
  const top = element.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop;
  const left = element.getBoundingClientRect().left - scroller.getBoundingClientRect().left + scroller.scrollLeft;
  scroller.scrollTo({ top: Math.max(0, top - scroller.clientHeight / 3), left: Math.max(0, left - 24) });
}
