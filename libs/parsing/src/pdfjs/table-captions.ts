import type { BodyStyle } from './body-style';
import type { FlowLine } from './layout.types';
import { joinLine } from './line-joiner';
import { TABLE_CAPTION, TABLE_NOTE } from './table-region';
import { cellsOf, isTabular } from './table-rows';

/**
 * "Table 2: …", "Table 2. …", or a label set apart (bold, or smaller than the body: "Table 1 Patient-provider …");
 * never a sentence that starts with "Table 7 shows …".
 */
export function isTableCaption(line: FlowLine, body: BodyStyle): boolean {
  const m = TABLE_CAPTION.exec(line.text);
  if (!m || line.rowPeers > 2) return false;
  if (/^\s*[.:|\u2014\u2013-]/.test(line.text.slice(m[0].length))) return true;
  const label = line.runs.find((r) => r.text.trim());
  return label?.bold === true || line.size < body.size - 0.3;
}

/** The caption from its label line on: the lines it wraps over (at most four), their text, and the index after them. */
export function readCaption(flow: FlowLine[], captionAt: number, body: BodyStyle): { end: number; text: string } {
  let j = captionAt + 1;
  const lines = [flow[captionAt]];
  // A caption wraps in its own style, line under line in the same column, until the first row.
  while (j < flow.length && lines.length < 4 && continuesCaption(flow, j, lines, body)) {
    lines.push(flow[j]);
    j++;
  }
  // A caption wraps like a paragraph: a word broken at the line end ("requi-" + "rements") is one word.
  return { end: j, text: lines.map((l) => l.text).reduce((text, next) => joinLine(text, next), '') };
}

function continuesCaption(flow: FlowLine[], j: number, lines: FlowLine[], body: BodyStyle): boolean {
  const line = flow[j];
  const prev = lines[lines.length - 1];
  if (line.page !== prev.page || line.columnStart || prev.y - line.y > 1.6 * line.size) return false;
  // A label alone ("Table 1", bold) is followed by its caption text in the body font.
  const labelOnly = lines.length === 1 && TABLE_CAPTION.exec(prev.text)?.[0].length === prev.text.trim().length;
  if (!labelOnly && !sameStyle(line, prev)) return false;
  if (TABLE_NOTE.test(line.text) || (!labelOnly && /[.:]$/.test(prev.text))) return false;
  const row = cellsOf(flow, j);
  return row.cells.length === 1 && !isTabular(row, body);
}

export const sameStyle = (a: FlowLine, b: FlowLine) => Math.abs(a.size - b.size) < 0.3 && a.font === b.font;
