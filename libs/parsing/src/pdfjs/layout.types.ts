import type { Rule } from './ruling-lines';

/** Geometry is in PDF points with the page's crop-box origin at (0, 0) and y growing upwards. */

/** One piece of text in one font, as pdf.js reports it. */
export interface TextRun {
  text: string;
  x: number;
  x1: number;
  /** Baseline. */
  y: number;
  size: number;
  font: string;
  bold: boolean;
  /** Set when OCR read this run (one word) off the rendered page: the engine's confidence, 0–100. */
  ocrConfidence?: number;
}

/** A horizontal line of text within one column: the unit every later step works on. */
export interface TextLine {
  page: number;
  text: string;
  x0: number;
  x1: number;
  /** Baseline of the line's dominant run. */
  y: number;
  /** Dominant font size and font (by character count). */
  size: number;
  font: string;
  /** Share of non-space characters set in a bold font. */
  boldRatio: number;
  runs: TextRun[];
  /** How many separate lines share this baseline on the page (table rows, two columns, …). */
  rowPeers: number;
  /** Set in small capitals (capitals at two sizes): the text is given in title case, the style is a heading's. */
  smallCaps?: boolean;
}

export interface PageText {
  number: number;
  width: number;
  height: number;
  lines: TextLine[];
  /** Rotated text such as the arXiv side stamp: not content, but it carries the preprint date. */
  sideText: string[];
  /** A word processor's review remarks printed beside the page (`comment-column.ts`): kept out of the text. */
  comments?: string[];
  /** Horizontal and vertical ruling lines, read only where the text suggests a table (`page-rules.reader.ts`). */
  rules?: Rule[];
  /** Links to pages of the document, read only on landscape pages (slides' navigation, `slide-links.reader.ts`). */
  links?: PageLink[];
}

/** A link's rectangle on its page and the 1-based page it goes to. */
export interface PageLink {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  target: number;
}

/** A line placed in reading order, with the column it was read from. */
export interface FlowLine extends TextLine {
  /** Left and right edges of the column (or full-width region) the line belongs to. */
  columnLeft: number;
  columnRight: number;
  /** True for the first line read from a column or region: paragraph gaps do not apply across it. */
  columnStart: boolean;
  /** Typical baseline distance of body lines in this column, for paragraph-gap decisions. */
  leading: number;
  /** First line of a slide: a passage never runs on from the slide before (`slide-deck.ts`). */
  slideStart?: boolean;
}

export const isBold = (line: Pick<TextLine, 'boldRatio'>): boolean => line.boldRatio >= 0.6;
