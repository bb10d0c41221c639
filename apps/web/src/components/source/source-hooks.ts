import { useEffect, useState, type RefObject } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { api } from '../../api/client';
import type { OutlineSection } from '../../api/types';
import { openPdf, PdfLoadError } from '../../pdf/pdf-document';

export type PdfState =
  | { status: 'loading' }
  | { status: 'ready'; doc: PDFDocumentProxy }
  | { status: 'error'; message: string };

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
        const message = error instanceof PdfLoadError ? error.message : 'The PDF could not be loaded.';
        setState({ status: 'error', message });
      },
    );
    return () => {
      active = false;
      load.destroy();
    };
  }, [documentId, attempt]);
  return state;
}

export type OutlineState =
  | { status: 'loading' }
  | { status: 'ready'; sections: OutlineSection[] }
  | { status: 'unavailable'; reason: string };

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

/** The section the reader is in: the last one, in reading order, whose page range holds `page`. */
export function currentSectionId(sections: OutlineSection[], page: number): string | null {
  let current: string | null = null;
  for (const section of sections) {
    if (section.pageStart === null || section.pageStart > page) continue;
    if (section.pageEnd !== null && section.pageEnd < page) continue;
    current = section.id;
  }
  return current;
}
