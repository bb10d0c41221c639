import { useCallback, useEffect, useId, useRef, useState, type JSX, type KeyboardEvent } from 'react';
import { api } from '../../api/client';
import type { ContextBox } from '../../api/types';
import { PdfPage, MAX_SCALE, MIN_SCALE, type HighlightStatus, type Zoom } from './PdfPage';
import { SourceOutline } from './SourceOutline';
import { SourceToolbar } from './SourceToolbar';
import { useElementWidth, useOutline, usePdfDocument } from './source-hooks';
import './source-viewer.css';

/** What to show. Keep it in the parent's state: each new object re-targets the viewer (page and scroll). */
export interface SourceTarget {
  documentId: string; // the PDF: GET api.documentFileUrl(documentId) -> application/pdf
  articleId: string | null; // for the outline: api.outline(articleId)
  page: number; // 1-based page to open at
  box?: ContextBox | null; // cited passage's first block, PDF points from the page's top-left
  passage?: string; // the cited passage text, for highlighting when there is no box
  quote?: string; // the cited sentence inside the passage: highlighted strongly, the passage faintly around it
  label: string; // e.g. "[2] Attention Is All You Need — 3.2 Attention, p. 4"
}

const ZOOM_STEP = 1.2;
/** Phone width: the outline starts closed. */
const PHONE = 760;
/** A pane narrower than this has no room for outline and page side by side: the outline opens over the page. */
const NARROW = 720;

/**
 * A cited source: the PDF at the cited page with the passage highlighted, the article's outline beside it.
 * Fills its container and scrolls inside. A new `target` in the same document keeps the loaded PDF.
 */
export function SourceViewer({ target, onClose }: { target: SourceTarget; onClose: () => void }): JSX.Element {
  const idBase = useId();
  const rootRef = useRef<HTMLElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const [attempt, setAttempt] = useState(0);
  const pdf = usePdfDocument(target.documentId, attempt);
  const outline = useOutline(target.articleId);
  const width = useElementWidth(scrollerRef);
  const rootWidth = useElementWidth(rootRef);

  const [page, setPage] = useState(target.page);
  const [zoom, setZoom] = useState<Zoom>('fit');
  const [scale, setScale] = useState<number | null>(null);
  const [outlineOpen, setOutlineOpen] = useState(() => typeof window === 'undefined' || window.innerWidth >= PHONE);
  const [highlight, setHighlight] = useState<HighlightStatus>('none');
  const [scrollRequest, setScrollRequest] = useState(0);

  const pageCount = pdf.status === 'ready' ? pdf.doc.numPages : null;

  // Another citation (a new target object, even for the same passage: clicking a citation again brings the
  // reader back to it): go to its page and ask for one scroll to its highlight. The PDF stays loaded.
  // So the parent must keep the target in state rather than rebuild it on every render.
  const box = target.box ?? null;
  useEffect(() => {
    setPage(target.page);
    setScrollRequest((n) => n + 1);
    // Into the page view itself, so arrow keys and Space scroll it at once.
    (scrollerRef.current ?? rootRef.current)?.focus({ preventScroll: true });
  }, [target]);

  // In a side panel too narrow for page and outline together, start with the outline closed (once).
  const sizedRef = useRef(false);
  useEffect(() => {
    if (rootWidth === 0 || sizedRef.current) return;
    sizedRef.current = true;
    if (rootWidth < NARROW) setOutlineOpen(false);
  }, [rootWidth]);

  // A cited page past the end (a parser's off-by-one) would show nothing: clamp once the count is known.
  useEffect(() => {
    if (pageCount !== null) setPage((p) => Math.min(Math.max(1, p), pageCount));
  }, [pageCount]);

  const goTo = useCallback(
    (next: number) => {
      if (pageCount === null) return;
      const clamped = Math.min(Math.max(1, next), pageCount);
      setPage(clamped);
      scrollerRef.current?.scrollTo({ top: 0 });
      // In a narrow pane the outline covers the page: close it once the reader has chosen.
      if (rootWidth > 0 && rootWidth < NARROW) setOutlineOpen(false);
    },
    [pageCount, rootWidth],
  );

  const zoomBy = (factor: number) => {
    const current = scale ?? 1;
    setZoom(Math.min(MAX_SCALE, Math.max(MIN_SCALE, Math.round(current * factor * 100) / 100)));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    // Arrows keep their meaning inside the page-number field.
    if (event.target instanceof HTMLInputElement) return;
    // A page zoomed wider than the pane needs ←/→ to scroll sideways; PageUp/PageDown still turn pages.
    const scroller = scrollerRef.current;
    const arrowsScroll = scroller !== null && scroller.scrollWidth > scroller.clientWidth + 1;
    const arrow = event.key === 'ArrowRight' || event.key === 'ArrowLeft';
    if (arrow && arrowsScroll) return;
    if (event.key === 'PageDown' || event.key === 'ArrowRight') {
      event.preventDefault();
      goTo(page + 1);
    } else if (event.key === 'PageUp' || event.key === 'ArrowLeft') {
      event.preventDefault();
      goTo(page - 1);
    }
  };

  const fileUrl = api.documentFileUrl(target.documentId);
  const narrow = rootWidth > 0 && rootWidth < NARROW;

  return (
    <section
      ref={rootRef}
      className={`sv${narrow ? ' sv--narrow' : ''}`}
      aria-labelledby={`${idBase}-title`}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      data-testid="source-viewer"
    >
      <SourceToolbar
        idBase={idBase}
        label={target.label}
        page={page}
        pageCount={pageCount}
        zoomPercent={scale ? Math.round(scale * 100) : null}
        fitting={zoom === 'fit'}
        outlineOpen={outlineOpen}
        fileUrl={fileUrl}
        onPage={goTo}
        onZoomOut={() => zoomBy(1 / ZOOM_STEP)}
        onZoomIn={() => zoomBy(ZOOM_STEP)}
        onFit={() => setZoom('fit')}
        onToggleOutline={() => setOutlineOpen((open) => !open)}
        onClose={onClose}
      />
      {highlight === 'not-found' && page === target.page && (
        <p className="sv-notice" role="status">
          The cited passage could not be located in this page’s text; it is on page {target.page}.
        </p>
      )}
      <div className="sv-body">
        {outlineOpen && <SourceOutline id={`${idBase}-outline`} outline={outline} page={page} onJump={goTo} />}
        <div
          ref={scrollerRef}
          className="sv-scroller"
          tabIndex={0}
          aria-label={`Page ${page}${pageCount ? ` of ${pageCount}` : ''}: arrow keys scroll, Page Up and Page Down turn pages`}
        >
          {pdf.status === 'loading' && <LoadingPage />}
          {pdf.status === 'error' && (
            <div className="sv-error" role="alert">
              <p className="sv-error-title">{pdf.message}</p>
              {pdf.missing ? (
                <p className="sv-error-detail">The file may have been removed from storage, or its upload did not finish.</p>
              ) : (
                <p className="sv-error-detail">
                  You can still try the original file:{' '}
                  <a href={`${fileUrl}#page=${page}`} target="_blank" rel="noopener noreferrer">
                    open it in a new tab
                  </a>
                  .
                </p>
              )}
              <button type="button" className="btn" onClick={() => setAttempt((n) => n + 1)}>
                Try again
              </button>
            </div>
          )}
          {pdf.status === 'ready' && (
            <PdfPage
              doc={pdf.doc}
              pageNumber={Math.min(page, pdf.doc.numPages)}
              pageCount={pdf.doc.numPages}
              zoom={zoom}
              availableWidth={width}
              target={{ page: target.page, box, passage: target.passage ?? '', quote: target.quote ?? '' }}
              scrollRequest={scrollRequest}
              scrollerRef={scrollerRef}
              onRendered={setScale}
              onHighlight={setHighlight}
            />
          )}
        </div>
      </div>
    </section>
  );
}

function LoadingPage() {
  return (
    <div className="sv-loading" role="status">
      <span className="sv-spinner" aria-hidden="true" />
      <span>Loading PDF…</span>
    </div>
  );
}
