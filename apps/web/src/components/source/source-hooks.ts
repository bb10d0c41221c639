import { useEffect, useState, type RefObject } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { api } from '../../api/client';
import type { OutlineSection } from '../../api/types';
import { openPdf, PdfLoadError } from '../../pdf/pdf-document';

export type PdfState =
  { status: 'loading' } | { status: 'ready'; doc: PDFDocumentProxy } | { status: 'error'; message: string; missing: boolean };

/**
 * The loaded PDF for `documentId`. Keyed by the id alone, so a new citation in the same document keeps the
 * loaded file; `attempt` lets a Retry button load again after a failure.
 */
export function usePdfDocument(documentId: string, attempt: number): PdfState {
  const [state, setState] = useState<PdfState>({ status: 'loading' });
  useEffect(() => {
    setState({ status: 'loading' });
    const load = openPdf(api.documentFileUrl(documentId));
    let active = true;
    load.promise.then(
      (doc) => active && setState({ status: 'ready', doc }),
      (error: unknown) => {
        if (!active) return;
        const known = error instanceof PdfLoadError ? error : null;
        setState({ status: 'error', message: known?.message ?? 'The PDF could not be loaded.', missing: known?.status === 404 });
      },
    );
    return () => {
      active = false;
      load.destroy();
    };
  }, [documentId, attempt]);
  return state;
}

/** The first page's size in PDF points: the size every page holds until its own is known. */
export function useFirstPageSize(doc: PDFDocumentProxy | null): { width: number; height: number } | null {
  const [size, setSize] = useState<{ doc: PDFDocumentProxy; width: number; height: number } | null>(null);
  useEffect(() => {
    if (!doc) return;
    let active = true;
    doc.getPage(1).then(
      (page) => {
        const { width, height } = page.getViewport({ scale: 1 });
        if (active) setSize({ doc, width, height });
      },
      () => active && setSize({ doc, width: 612, height: 792 }), // US Letter: a first page that fails still leaves a layout
    );
    return () => {
      active = false;
    };
  }, [doc]);
  return size && size.doc === doc ? { width: size.width, height: size.height } : null;
}

export type OutlineState =
  { status: 'loading' } | { status: 'ready'; sections: OutlineSection[] } | { status: 'unavailable'; reason: string };

/** The article's sections, for the sidebar. A missing outline is not an error for the viewer. */
export function useOutline(articleId: string | null): OutlineState {
  const [state, setState] = useState<OutlineState>({ status: 'loading' });
  useEffect(() => {
    if (!articleId) {
      setState({ status: 'unavailable', reason: 'No outline for this document.' });
      return;
    }
    let active = true;
    setState({ status: 'loading' });
    api.outline(articleId).then(
      (outline) => active && setState({ status: 'ready', sections: [...outline.sections].sort((a, b) => a.position - b.position) }),
      () => active && setState({ status: 'unavailable', reason: 'The outline could not be loaded.' }),
    );
    return () => {
      active = false;
    };
  }, [articleId]);
  return state;
}

/**
 * The element's content width in CSS pixels, updated when it resizes. Updates are held back briefly so a
 * window drag re-renders the page once at the end rather than at every pixel.
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>, delayMs = 120): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(Math.round(element.clientWidth));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(() => setWidth(Math.round(element.clientWidth)), delayMs);
    });
    observer.observe(element);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [ref, delayMs]);
  return width;
}

/**
 * The section the reader is in: among those whose page range holds `page`, the one starting nearest before
 * it (the last in reading order on a tie). Nearest start, not reading order alone, because parsers sometimes
 * put appendix sections after the references with ranges spanning the whole paper.
 */
export function currentSectionId(sections: OutlineSection[], page: number): string | null {
  let current: OutlineSection | null = null;
  for (const section of sections) {
    if (section.pageStart === null || section.pageStart > page) continue;
    if (section.pageEnd !== null && section.pageEnd < page) continue;
    if (!current || section.pageStart >= (current.pageStart ?? 0)) current = section;
  }
  return current?.id ?? null;
}
