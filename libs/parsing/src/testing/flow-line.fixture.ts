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
