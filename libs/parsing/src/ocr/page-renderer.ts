import { createCanvas, DOMMatrix, Path2D, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { loadPdfjs, pdfjsAssetDirs } from '../pdfjs/pdfjs.loader';
import type { PdfjsDocument, PdfjsDocumentOptions } from '../pdfjs/pdfjs.types';

/** The slice of pdf.js's rendering API used here (pdfjs-dist 3.11); see pdfjs.types.ts for why it is declared locally. */
interface Viewport {
  width: number;
  height: number;
}
interface RenderablePage {
  getViewport(options: { scale: number }): Viewport;
  render(options: { canvasContext: SKRSContext2D; viewport: Viewport }): { promise: Promise<void> };
  cleanup(): boolean;
}
interface CanvasAndContext {
  canvas: Canvas;
  context: SKRSContext2D;
}
interface CanvasFactory {
  create(width: number, height: number): CanvasAndContext;
  reset(target: CanvasAndContext, width: number, height: number): void;
  destroy(target: CanvasAndContext): void;
}

/** pdf.js makes scratch canvases (images, patterns, soft masks) through this; in Node it would require `canvas`. */
const canvasFactory: CanvasFactory = {
  create: (width, height) => {
    const canvas = createCanvas(Math.max(1, width), Math.max(1, height));
    return { canvas, context: canvas.getContext('2d') };
  },
  reset: (target, width, height) => {
    target.canvas.width = width;
    target.canvas.height = height;
  },
  destroy: (target) => {
    target.canvas.width = 0;
    target.canvas.height = 0;
  },
};

/** A rendered page: PNG bytes and the scale from PDF points to its pixels. */
export interface RenderedPage {
  png: Uint8Array;
  scale: number;
  widthPx: number;
  heightPx: number;
  /** Whether anything darker than light grey was drawn: false for a blank page. */
  inked: boolean;
  /** Share of dark pixels in a box (pixels, y down): how heavy the print is there (bold type is heavier). */
  inkIn(x0: number, y0: number, x1: number, y1: number): number;
}

/** A page is blank when fewer than this share of its (sampled) pixels are dark. */
const MIN_INK = 0.0002;

/**
 * Renders pages of one PDF for OCR, one at a time (a 300-dpi letter page is 2550×3300 px, ~34 MB of pixels, freed
 * before the next). Opens its own pdf.js document: the text reader's caps images at one pixel so it never decodes them.
 */
export class PageRenderer {
  private doc: Promise<PdfjsDocument> | null = null;

  constructor(
    private readonly data: Uint8Array,
    readonly dpi: number,
  ) {}

  async render(pageNumber: number): Promise<RenderedPage> {
    installCanvasGlobals();
    const doc = await (this.doc ??= this.open());
    const page = (await doc.getPage(pageNumber)) as unknown as RenderablePage;
    const scale = this.dpi / 72;
    const viewport = page.getViewport({ scale });
    const target = canvasFactory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
    try {
      target.context.fillStyle = '#ffffff';
      target.context.fillRect(0, 0, target.canvas.width, target.canvas.height);
      await page.render({ canvasContext: target.context, viewport }).promise;
      const { width, height } = target.canvas;
      const dark = darkPixels(target.context.getImageData(0, 0, width, height).data);
      const inked = inkShare(dark) >= MIN_INK;
      const png = await target.canvas.encode('png');
      return {
        png,
        scale,
        widthPx: width,
        heightPx: height,
        inked,
        inkIn: (x0, y0, x1, y1) => inkInBox(dark, width, height, x0, y0, x1, y1),
      };
    } finally {
      canvasFactory.destroy(target);
      page.cleanup();
    }
  }

  async close(): Promise<void> {
    const doc = this.doc;
    this.doc = null;
    if (doc) await (await doc.catch(() => null))?.destroy();
  }

  private open(): Promise<PdfjsDocument> {
    const options: PdfjsDocumentOptions & { canvasFactory: CanvasFactory } = {
      data: new Uint8Array(this.data),
      isEvalSupported: false,
      disableFontFace: true,
      verbosity: 0,
      // Scanned pages are one big image: decode it (the text reader's cap of one pixel is what skips it there).
      maxImageSize: -1,
      cMapPacked: true,
      useSystemFonts: false,
      canvasFactory,
      ...pdfjsAssetDirs(),
    };
    return loadPdfjs().getDocument(options).promise;
  }
}

/** One byte per pixel: 1 where the luminance is below 160 of 255. */
function darkPixels(rgba: Uint8ClampedArray): Uint8Array {
  const dark = new Uint8Array(rgba.length / 4);
  for (let p = 0, i = 0; p < dark.length; p++, i += 4) dark[p] = 0.299 * rgba[i] + 0.587 * rgba[i + 1] + 0.114 * rgba[i + 2] < 160 ? 1 : 0;
  return dark;
}

function inkShare(dark: Uint8Array): number {
  let n = 0;
  for (let p = 0; p < dark.length; p += 7) n += dark[p];
  return dark.length ? n / Math.ceil(dark.length / 7) : 0;
}

function inkInBox(dark: Uint8Array, width: number, height: number, x0: number, y0: number, x1: number, y1: number): number {
  const left = Math.max(0, Math.floor(x0));
  const right = Math.min(width, Math.ceil(x1));
  const top = Math.max(0, Math.floor(y0));
  const bottom = Math.min(height, Math.ceil(y1));
  if (right <= left || bottom <= top) return 0;
  let n = 0;
  for (let y = top; y < bottom; y++) for (let x = left, p = y * width + left; x < right; x++, p++) n += dark[p];
  return n / ((right - left) * (bottom - top));
}

/** pdf.js's Node build looks for DOMMatrix and Path2D on globalThis (it would take them from `canvas`, not installed). */
function installCanvasGlobals(): void {
  const g = globalThis as Record<string, unknown>;
  g.DOMMatrix ??= DOMMatrix;
  g.Path2D ??= Path2D;
}
