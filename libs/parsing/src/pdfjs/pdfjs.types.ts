import type { DrawingOps } from './ruling-lines';

/**
 * The small part of the pdf.js 3.11 API this parser uses. Declared here rather than imported from
 * pdfjs-dist's d.ts, which drags in DOM types our Node-only tsconfig does not have.
 */
export interface PdfjsTextItem {
  str: string;
  /** [a, b, c, d, e, f]: e/f is the baseline origin in PDF user space (y grows upwards). */
  transform: number[];
  width: number;
  height: number;
  fontName: string;
  hasEOL: boolean;
}

export interface PdfjsTextContent {
  items: Array<PdfjsTextItem | { type: string }>;
  styles: Record<string, { fontFamily: string; vertical: boolean }>;
}

export interface PdfjsObjects {
  has(id: string): boolean;
  get(id: string): unknown;
}

export interface PdfjsPage {
  /** [x0, y0, x1, y1] of the crop box. */
  view: number[];
  commonObjs: PdfjsObjects;
  getTextContent(options?: { includeMarkedContent?: boolean }): Promise<PdfjsTextContent>;
  getOperatorList(options?: { annotationMode?: number }): Promise<unknown>;
  getAnnotations(): Promise<PdfjsAnnotation[]>;
  cleanup(): boolean;
}

/** An annotation as pdf.js reports it; only links with an internal destination are read. */
export interface PdfjsAnnotation {
  subtype?: string;
  /** [x0, y0, x1, y1] in the page's user space. */
  rect?: number[];
  dest?: string | unknown[] | null;
}

/** One bookmark of the document outline; `dest` is a name or an explicit destination array. */
export interface PdfjsOutlineItem {
  title: string;
  dest: string | unknown[] | null;
  items: PdfjsOutlineItem[];
}

export interface PdfjsDocument {
  numPages: number;
  getPage(pageNumber: number): Promise<PdfjsPage>;
  getOutline(): Promise<PdfjsOutlineItem[] | null>;
  getDestination(name: string): Promise<unknown[] | null>;
  /** 0-based index of the page a `{ num, gen }` reference points at. */
  getPageIndex(ref: { num: number; gen: number }): Promise<number>;
  destroy(): Promise<void>;
}

export interface PdfjsLoadingTask {
  promise: Promise<PdfjsDocument>;
  destroy(): Promise<void>;
}

export interface PdfjsDocumentOptions {
  data: Uint8Array;
  isEvalSupported: boolean;
  disableFontFace: boolean;
  fontExtraProperties?: boolean;
  verbosity: number;
  maxImageSize: number;
  cMapUrl: string;
  cMapPacked: boolean;
  standardFontDataUrl: string;
  useSystemFonts: boolean;
}

export interface PdfjsLib {
  getDocument(options: PdfjsDocumentOptions): PdfjsLoadingTask;
  AnnotationMode: { DISABLE: number };
  OPS: DrawingOps;
  version: string;
}
