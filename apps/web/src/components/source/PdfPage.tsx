import { useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { ContextBox } from '../../api/types';
import { isCancellation, renderPage, type RenderedPage } from '../../pdf/page-render';
import { matchPassage } from '../../pdf/passage-match';
import { aimAtHeading, aimAtHighlight, type PageAim } from './page-aim';
import './pdf-page.css';

export type HighlightStatus = 'none' | 'box' | 'text' | 'not-found';

export interface PageSize {
  width: number;
  height: number;
}

interface PdfPageProps {
  doc: PDFDocumentProxy;
  pageNumber: number;
  pageCount: number;
  /** CSS pixels per PDF point, the same for every page of the document. */
  scale: number;
  /** The size to hold before this page is drawn (its own once known, else the first page's). */
  placeholder: PageSize;
  /** The citation's page, box and passage: highlighted only on that page. */
  target: { page: number; box: ContextBox | null; passage: string; quote?: string };
  /** Where to bring this page's content into view once it is drawn (a citation's highlight, a heading). */
  aim: PageAim | null;
  scrollerRef: RefObject<HTMLElement | null>;
  onAimed: () => void;
  onSize: (pageNumber: number, size: PageSize) => void;
  /** Given only to the citation's page: whether its passage was found. */
  onHighlight?: (status: HighlightStatus) => void;
}

type Shown = RenderedPage & { pageNumber: number };

/** One page of the continuous view, drawn by PDF.js while it is near the viewport, with the citation marked on it. */
export function PdfPage(props: PdfPageProps) {
  const { doc, pageNumber, pageCount, scale, placeholder, target, aim, scrollerRef, onAimed, onSize, onHighlight } = props;
  const pageRef = useRef<HTMLDivElement>(null);
  const canvasHostRef = useRef<HTMLDivElement>(null);
  const textLayerRef = useRef<HTMLDivElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [busy, setBusy] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);

  // Draw when the page or the scale changes; a newer drawing cancels the older one.
  useEffect(() => {
    let stopped = false;
    let cancel: (() => void) | null = null;
    setBusy(true);
    setFailure(null);
    doc
      .getPage(pageNumber)
      .then((page) => {
        if (stopped) return;
        const render = renderPage(page, scale, canvasHostRef.current!, textLayerRef.current!);
        cancel = render.cancel;
        return render.promise.then((result) => {
          if (stopped) return;
          setShown({ ...result, pageNumber });
          setBusy(false);
          onSize(pageNumber, { width: result.width / scale, height: result.height / scale });
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
    // onSize is left out on purpose: a new callback identity is no reason to draw the page again.
  }, [doc, pageNumber, scale]);

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

  // Mark the spans PDF.js created (its DOM, not React's).
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
    onHighlight?.(!onTargetPage ? 'none' : box ? 'box' : spans.length > 0 ? 'text' : target.passage ? 'not-found' : 'none');
    return () => {
      for (const span of spans) {
        span.classList.remove('sv-mark', 'sv-mark--quote', 'sv-mark--faint');
        delete span.dataset.testid;
        delete span.dataset.quoteStart;
      }
    };
  }, [shown, marked, quoted, box, onTargetPage, target.passage, onHighlight]);

  // Once drawn, bring what was asked for into view, once. An effect, not a layout effect: it runs after the list's
  // rough scroll to this page (a layout effect of the parent), and makes it exact.
  useEffect(() => {
    if (!shown || !aim) return;
    const scroller = scrollerRef.current;
    const page = pageRef.current;
    if (scroller && page) {
      if (aim.kind === 'heading') aimAtHeading(scroller, page, shown, aim);
      else {
        const quoteStart = shown.textDivs.find((span) => span.dataset.quoteStart === 'true');
        const firstMark = shown.textDivs.find((span) => span.classList.contains('sv-mark'));
        aimAtHighlight(scroller, quoteStart ?? boxRef.current ?? firstMark ?? page);
      }
    }
    onAimed();
  }, [shown, aim, scrollerRef, onAimed]);

  const size = shown
    ? { width: shown.width, height: shown.height }
    : { width: placeholder.width * scale, height: placeholder.height * scale };
  return (
    <div className="sv-page-frame">
      <div
        ref={pageRef}
        className={`sv-page${shown ? '' : ' sv-page--placeholder'}`}
        style={size}
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
