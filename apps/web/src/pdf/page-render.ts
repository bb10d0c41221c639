import type { PDFPageProxy, RenderTask, TextLayerRenderTask } from 'pdfjs-dist';
import { loadPdfJs } from './pdf-document';

export interface RenderedPage {
  /** CSS pixels per PDF point. */
  scale: number;
  /** The page's size at that scale, in CSS pixels. */
  width: number;
  height: number;
  /** The text layer's spans and their strings, one per PDF.js text item, same order. */
  textDivs: HTMLElement[];
  textItems: string[];
}

export interface PageRender {
  promise: Promise<RenderedPage>;
  cancel: () => void;
}

/** True for the rejection PDF.js gives a render or text layer that was cancelled on purpose. */
export function isCancellation(error: unknown): boolean {
  const name = error instanceof Error ? error.name : '';
  return name === 'RenderingCancelledException' || name === 'AbortException';
}

/**
 * Draws `page` at `scale` into a fresh canvas and fills `textLayer` with selectable text, then puts the
 * canvas into `canvasHost` in place of the previous one: the old page stays visible while the new one
 * draws, so zooming and resizing do not flash white.
 */
export function renderPage(page: PDFPageProxy, scale: number, canvasHost: HTMLElement, textLayer: HTMLElement): PageRender {
  const viewport = page.getViewport({ scale });
  // Draw at device resolution so text is sharp on high-density screens, display at CSS size.
  const ratio = window.devicePixelRatio || 1;
  const canvas = document.createElement('canvas');
  canvas.width = Math.floor(viewport.width * ratio);
  canvas.height = Math.floor(viewport.height * ratio);
  canvas.style.width = `${viewport.width}px`;
  canvas.style.height = `${viewport.height}px`;
  canvas.setAttribute('aria-hidden', 'true');
  const context = canvas.getContext('2d', { alpha: false });

  let renderTask: RenderTask | null = null;
  let textTask: TextLayerRenderTask | null = null;
  let cancelled = false;

  const promise = (async (): Promise<RenderedPage> => {
    if (!context) throw new Error('This browser cannot draw the page (no canvas 2D context).');
    renderTask = page.render({
      canvasContext: context,
      viewport,
      transform: ratio !== 1 ? [ratio, 0, 0, ratio, 0, 0] : undefined,
    });
    const [pdfjs, textContent] = await Promise.all([loadPdfJs(), page.getTextContent(), renderTask.promise]);
    if (cancelled) throw new DOMException('cancelled', 'AbortException');

    const fresh = document.createElement('div');
    fresh.className = textLayer.className;
    // The text layer sizes and places its spans with this variable (PDF.js 3.x requirement).
    fresh.style.setProperty('--scale-factor', String(scale));
    const textDivs: HTMLElement[] = [];
    const textItems: string[] = [];
    textTask = pdfjs.renderTextLayer({
      textContentSource: textContent,
      container: fresh,
      viewport,
      textDivs,
      textContentItemsStr: textItems,
    });
    await textTask.promise;
    if (cancelled) throw new DOMException('cancelled', 'AbortException');

    canvasHost.replaceChildren(canvas);
    textLayer.replaceChildren(...fresh.childNodes);
    textLayer.style.cssText = fresh.style.cssText;
    return { scale, width: viewport.width, height: viewport.height, textDivs, textItems };
  })();

  return {
    promise,
    cancel: () => {
      cancelled = true;
      renderTask?.cancel();
      textTask?.cancel();
    },
  };
}
