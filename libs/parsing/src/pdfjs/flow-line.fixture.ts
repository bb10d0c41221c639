import type { FlowLine, TextRun } from './layout.types';

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

/** A flow line for specs, built from its runs (or one run of `text`); geometry defaults to a 72–520 column. */
export function flowLine(text: string, over: Partial<FlowLine> = {}): FlowLine {
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
