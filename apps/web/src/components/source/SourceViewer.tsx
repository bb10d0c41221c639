import { useCallback, useEffect, useId, useMemo, useRef, useState, type JSX, type KeyboardEvent } from 'react';
import { api } from '../../api/client';
import type { ContextBox, OutlineSection } from '../../api/types';
import type { HighlightStatus } from './PdfPage';
import { PageList, type PageRequest } from './PageList';
import { scrollToPage } from './page-aim';
import { SourceOutline } from './SourceOutline';
import { SourceToolbar } from './SourceToolbar';
import { useElementWidth, useFirstPageSize, useOutline, usePdfDocument } from './source-hooks';
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

export type Zoom = 'fit' | number;

export const MIN_SCALE = 0.5;
export const MAX_SCALE = 4;
const ZOOM_STEP = 1.2;
/** Horizontal room the scroller's padding and the page's shadow take, kept out of the fit width. */
const PAGE_GUTTER = 32;
/** Phone width: the outline starts closed. */
const PHONE = 760;
/** A pane narrower than this has no room for outline and page side by side: the outline opens over the page. */
const NARROW = 720;

/**
 * A cited source: the whole PDF in one scroll, opened at the cited passage with it highlighted, the article's outline
 * beside it (an entry scrolls to its heading). Fills its container and scrolls inside. A new `target` in the same
 * document keeps the loaded PDF.
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
  const [outlineOpen, setOutlineOpen] = useState(() => typeof window === 'undefined' || window.innerWidth >= PHONE);
  const [highlight, setHighlight] = useState<HighlightStatus>('none');
  const [request, setRequest] = useState<PageRequest | null>(null);
  const requestId = useRef(0);
  const ask = useCallback((page: number, aim: PageRequest['aim']) => {
    requestId.current += 1;
    setRequest({ id: requestId.current, page, aim });
  }, []);

  const pageCount = pdf.status === 'ready' ? pdf.doc.numPages : null;
  const firstPage = useFirstPageSize(pdf.status === 'ready' ? pdf.doc : null);
  const fit = firstPage ? Math.max(120, width - PAGE_GUTTER) / firstPage.width : 1;
  const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, zoom === 'fit' ? fit : zoom));
  const laidOut = pdf.status === 'ready' && firstPage !== null && width > 0;

  // Another citation (a new target object, even for the same passage: clicking a citation again brings the
  // reader back to it): ask for one scroll to its highlight, on the page its box starts on. The PDF stays loaded.
  // So the parent must keep the target in state rather than rebuild it on every render.
  const box = target.box ?? null;
  useEffect(() => {
    setPage(target.page);
    // Until the new citation's page is drawn, nothing is known about its passage.
    setHighlight('none');
    // Into the page view itself, so arrow keys and Space scroll it at once.
    (scrollerRef.current ?? rootRef.current)?.focus({ preventScroll: true });
  }, [target]);
  // Once the pages are laid out (and again for each new citation), the cited page is where the view opens.
  useEffect(() => {
    if (!laidOut || pageCount === null) return;
    ask(Math.min(Math.max(1, target.box?.page ?? target.page), pageCount), { kind: 'highlight' });
  }, [target, laidOut, pageCount, ask]);
  const aimed = useCallback(() => setRequest(null), []);

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

  // In a narrow pane the outline covers the page: close it once the reader has chosen.
  const chosen = useCallback(() => {
    if (rootWidth > 0 && rootWidth < NARROW) setOutlineOpen(false);
  }, [rootWidth]);

  const goTo = useCallback(
    (next: number) => {
      if (pageCount === null) return;
      const clamped = Math.min(Math.max(1, next), pageCount);
      setPage(clamped);
      setRequest(null);
      scrollToPage(scrollerRef.current, clamped);
      chosen();
    },
    [pageCount, chosen],
  );

  // An outline entry: its heading's line at the top of the view, on its page.
  const jumpTo = useCallback(
    (section: OutlineSection, landing: OutlineSection) => {
      if (pageCount === null || landing.pageStart === null) return;
      const at = Math.min(landing.box?.page ?? landing.pageStart, pageCount);
      setPage(at);
      ask(at, { kind: 'heading', title: section.title, box: landing.box?.page === at ? landing.box : null, lead: landing.lead });
      chosen();
    },
    [pageCount, ask, chosen],
  );

  const zoomBy = (factor: number) => {
    setZoom(Math.min(MAX_SCALE, Math.max(MIN_SCALE, Math.round(scale * factor * 100) / 100)));
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
  const pageTarget = useMemo(() => ({ page: target.page, box, passage: target.passage ?? '', quote: target.quote ?? '' }), [target, box]);
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
        zoomPercent={laidOut ? Math.round(scale * 100) : null}
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
      {highlight === 'not-found' && (
        <p className="sv-notice" role="status">
          The cited passage could not be located in this page’s text; it is on page {target.page}.
        </p>
      )}
      <div className="sv-body">
        {outlineOpen && <SourceOutline id={`${idBase}-outline`} outline={outline} page={page} onJump={jumpTo} />}
        <div
          ref={scrollerRef}
          className="sv-scroller"
          tabIndex={0}
          aria-label={`Page ${page}${pageCount ? ` of ${pageCount}` : ''}: arrow keys scroll, Page Up and Page Down turn pages`}
        >
          {(pdf.status === 'loading' || (pdf.status === 'ready' && !laidOut)) && <LoadingPage />}
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
          {laidOut && firstPage && (
            <PageList
              doc={pdf.doc}
              scale={scale}
              baseSize={firstPage}
              target={pageTarget}
              request={request}
              scrollerRef={scrollerRef}
              onAimed={aimed}
              onHighlight={setHighlight}
              onPage={setPage}
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
