import type { Heading } from '../pdfjs/heading-detector';
import type { FlowLine, TextRun } from '../pdfjs/layout.types';

/** Synthetic flow lines for specs: pieces of text at x positions on one baseline, each piece one run. */
export function flowLine(
  pieces: Array<[string, number]> | string,
  y: number,
  options: { page?: number; size?: number; bold?: boolean } = {},
): FlowLine {
  const size = options.size ?? 10;
  const parts: Array<[string, number]> = typeof pieces === 'string' ? [[pieces, 50]] : pieces;
  const runs: TextRun[] = parts.map(([text, x]) => ({
    text,
    x,
    x1: x + text.length * 0.5 * size,
    y,
    size,
    font: options.bold ? 'Times-Bold' : 'Times-Roman',
    bold: options.bold ?? false,
  }));
  return {
    page: options.page ?? 1,
    text: parts.map(([text]) => text).join(' '),
    x0: runs[0].x,
    x1: runs[runs.length - 1].x1,
    y,
    size,
    font: options.bold ? 'Times-Bold' : 'Times-Roman',
    boldRatio: options.bold ? 1 : 0,
    runs,
    rowPeers: 1,
    columnLeft: 50,
    columnRight: 545,
    columnStart: false,
    leading: size * 1.2,
  };
}

/** A text run for specs: plain Times at 10 pt on the baseline y = 700 unless told. */
export const run = (text: string, over: Partial<TextRun> = {}): TextRun => ({
  text,
  x: 72,
  x1: 72 + text.length * 5,
  y: 700,
  size: 10,
  font: 'Times-Roman',
  bold: false,
  ...over,
});

/** A flow line for specs given by its style and geometry, built from its runs (or one run of `text`); geometry defaults to a 72–520 column. */
export function styledLine(text: string, over: Partial<FlowLine> = {}): FlowLine {
  const size = over.size ?? 10;
  const y = over.y ?? 700;
  const font = over.font ?? 'Times-Roman';
  const runs = over.runs ?? [run(text, { size, y, font, bold: (over.boldRatio ?? 0) >= 0.6 })];
  return {
    page: 1,
    text,
    x0: 72,
    x1: 72 + text.length * size * 0.5,
    y,
    size,
    font,
    boldRatio: 0,
    rowPeers: 1,
    columnLeft: 72,
    columnRight: 520,
    columnStart: false,
    leading: size * 1.2,
    ...over,
    runs,
  };
}

/** A plain 9 pt line in a column from x = 50 to 290 (a two-column page's left column), for reference-list specs. */
export const columnLine = (text: string, over: Partial<FlowLine> = {}): FlowLine => ({
  page: 1,
  text,
  x0: 50,
  x1: 290,
  y: 700,
  size: 9,
  font: 'Times-Roman',
  boldRatio: 0,
  runs: [],
  rowPeers: 1,
  columnLeft: 50,
  columnRight: 290,
  columnStart: false,
  leading: 11,
  ...over,
});

/** A one-line unnumbered heading at flow index `start`, as the detector reports it. */
export const headingAt = (title: string, start: number, level = 1): Heading => ({
  start,
  end: start + 1,
  number: null,
  title,
  level,
  references: false,
});
