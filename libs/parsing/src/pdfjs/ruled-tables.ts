import type { BodyStyle } from './body-style';
import type { FlowLine } from './layout.types';
import { ruledGridRows } from './ruled-grid';
import type { Rule } from './ruling-lines';
import { isTableCaption, readCaption } from './table-captions';
import { insideAny, TABLE_CAPTION, tableRegion, type TableRegion } from './table-region';
import { cellsOf, hasAlignedColumns, lineCells, type Cell, type Row } from './table-rows';
import { words } from './text-patterns';

/** Horizontal rules narrower than this (points) are underlines or footnote separators, never a table's. */
const MIN_TABLE_WIDTH = 60;
/** Rules closer than this (points) are one: the two edges of a thin stroked rectangle, a double rule. */
const SAME_RULE = 1.5;
/** The rules of one table start and end within this many points of each other. */
const EDGE_SLACK = 4;
/** A caption sits at most this many of its font sizes above the top rule or below the bottom rule. */
const CAPTION_GAP_EM = 3.5;
/** A piece of a display equation: a big operator or relation, or only brackets and operators ("−(", ")]"). */
const MATH_PIECE = /[∑∏∫√∂∇∈≤≥≈=]|^[(){}[\]|⟨⟩+−×·⋅/]+$/u;
/** A table may have a few such cells ("=", "(a)"); an equation is mostly made of them. */
const MAX_MATH_SHARE = 0.2;
/** A numbered step of an algorithm ("12:") or a line of code. */
const LISTING_LINE = /^\d+:$|[{};]$/;
const ALGORITHM = /^(algorithm|procedure|listing)\s+\d/i;
/** A line of more words than this in one cell is prose: a box around a paragraph, a page frame. */
const PROSE_WORDS = 12;

/** A stack of horizontal rules of one width (booktabs' top, mid and bottom rules; a grid's row lines) and the vertical rules inside. */
export interface RuledBox {
  x0: number;
  x1: number;
  /** Baselines of the horizontal rules, top first. */
  ys: number[];
  /** Positions of the vertical rules inside the box (column separators), left to right. */
  xs: number[];
}

/**
 * Tables set off by ruling lines: two or more horizontal rules of the same width with rows of several aligned cells
 * between them (booktabs), or a ruled grid whose vertical rules split the columns. A caption right above the top
 * rule or right below the bottom one is taken with it; without one the table stands alone. A box around one column
 * of text (a framed note, a listing, a page frame) is not a table.
 */
export function findRuledTables(
  flow: FlowLine[],
  rules: ReadonlyMap<number, Rule[]>,
  body: BodyStyle,
  taken: readonly TableRegion[],
): TableRegion[] {
  const found: TableRegion[] = [];
  const byPage = new Map<number, number[]>();
  flow.forEach((l, i) => {
    if (!rules.has(l.page)) return;
    const lines = byPage.get(l.page);
    if (lines) lines.push(i);
    else byPage.set(l.page, [i]);
  });
  const cells = new LineCells(flow);
  for (const [page, pageRules] of rules) {
    const lines = byPage.get(page) ?? [];
    if (lines.length === 0) continue;
    for (const box of ruledBoxes(pageRules)) {
      const inBox = linesIn(flow, lines, box);
      for (const part of splitAtProse(flow, inBox, box, cells)) {
        const region = readRuledTable(flow, linesIn(flow, inBox, part), part, body, [...taken, ...found], cells);
        if (region) found.push(region);
      }
    }
  }
  return found;
}

/** Each flow line split into cells once, however many boxes, bands and rows read it. */
class LineCells {
  private readonly split = new Map<number, Cell[]>();

  constructor(private readonly flow: FlowLine[]) {}

  /** The row starting at line `i`, as `cellsOf` reads it. */
  rowAt(i: number): Row {
    return cellsOf(this.flow, i, this.ofLine);
  }

  private readonly ofLine = (j: number): Cell[] => {
    let cells = this.split.get(j);
    if (!cells) {
      cells = lineCells(this.flow[j]);
      this.split.set(j, cells);
    }
    return cells;
  };
}

/** Stacks of two or more horizontal rules of one extent, with the vertical rules that stand between them. */
export function ruledBoxes(rules: Rule[]): RuledBox[] {
  const hs = mergeCollinear(
    rules.filter((r) => r.dir === 'h'),
    'h',
  ).filter((r) => r.x1 - r.x0 >= MIN_TABLE_WIDTH);
  const vs = mergeCollinear(
    rules.filter((r) => r.dir === 'v'),
    'v',
  );
  const groups: Rule[][] = [];
  for (const r of hs.sort((a, b) => b.y0 - a.y0)) {
    const group = groups.find((g) => Math.abs(g[0].x0 - r.x0) <= EDGE_SLACK && Math.abs(g[0].x1 - r.x1) <= EDGE_SLACK);
    const last = group?.[group.length - 1];
    if (group && last && last.y0 - r.y0 > SAME_RULE) group.push(r);
    else if (!group) groups.push([r]);
  }
  return groups
    .filter((g) => g.length >= 2)
    .map((g) => {
      const x0 = Math.min(...g.map((r) => r.x0));
      const x1 = Math.max(...g.map((r) => r.x1));
      const top = g[0].y0;
      const bottom = g[g.length - 1].y0;
      const inside = vs.filter(
        (v) => v.x0 > x0 + EDGE_SLACK && v.x0 < x1 - EDGE_SLACK && v.y1 > bottom + SAME_RULE && v.y0 < top - SAME_RULE,
      );
      return { x0, x1, ys: g.map((r) => r.y0), xs: dedupe(inside.map((v) => v.x0).sort((a, b) => a - b)) };
    });
}

/** Rules on one line whose extents touch become one: a grid drawn cell by cell, a rectangle's two edges. */
function mergeCollinear(rules: Rule[], dir: 'h' | 'v'): Rule[] {
  const pos = (r: Rule) => (dir === 'h' ? r.y0 : r.x0);
  const from = (r: Rule) => (dir === 'h' ? r.x0 : r.y0);
  const to = (r: Rule) => (dir === 'h' ? r.x1 : r.y1);
  const sorted = [...rules].sort((a, b) => pos(a) - pos(b) || from(a) - from(b));
  const out: Rule[] = [];
  for (const r of sorted) {
    const same = out.find((o) => Math.abs(pos(o) - pos(r)) <= SAME_RULE && from(r) <= to(o) + 2 && to(r) >= from(o) - 2);
    if (!same) out.push({ ...r });
    else if (dir === 'h') [same.x0, same.x1] = [Math.min(same.x0, r.x0), Math.max(same.x1, r.x1)];
    else [same.y0, same.y1] = [Math.min(same.y0, r.y0), Math.max(same.y1, r.y1)];
  }
  return out;
}

const dedupe = (xs: number[]) => xs.filter((x, k) => k === 0 || x - xs[k - 1] > SAME_RULE);

/** Flow indices (of `lines`) inside the box: baseline between its top and bottom rule, within its width. */
function linesIn(flow: FlowLine[], lines: number[], box: RuledBox): number[] {
  const top = box.ys[0];
  const bottom = box.ys[box.ys.length - 1];
  return lines.filter((i) => {
    const l = flow[i];
    return l.y < top && l.y > bottom && l.x0 >= box.x0 - l.size && l.x1 <= box.x1 + l.size;
  });
}

/**
 * The box cut where the text between two of its rules holds prose or a caption (two tables of one width, a page
 * frame). `inBox`: the box's lines, each looked at once to mark the band (between rules k−1 and k) it is prose in.
 */
function splitAtProse(flow: FlowLine[], inBox: number[], box: RuledBox, cells: LineCells): RuledBox[] {
  const proseBands = new Set<number>();
  for (const i of inBox) {
    const k = box.ys.findIndex((y) => y < flow[i].y);
    // A baseline right on an inner rule lies in neither band.
    if (k < 1 || !(box.ys[k - 1] > flow[i].y) || proseBands.has(k)) continue;
    if (TABLE_CAPTION.test(flow[i].text) || cells.rowAt(i).cells.some((c) => words(c.text).length > PROSE_WORDS)) proseBands.add(k);
  }
  const parts: RuledBox[] = [];
  let ys: number[] = [box.ys[0]];
  for (let k = 1; k < box.ys.length; k++) {
    if (proseBands.has(k)) {
      if (ys.length >= 2) parts.push({ ...box, ys });
      ys = [box.ys[k]];
    } else ys.push(box.ys[k]);
  }
  if (ys.length >= 2) parts.push({ ...box, ys });
  return parts;
}

/** The table between the rules of `box`, whose lines are `inside`, with its caption; null if they are not a table. */
function readRuledTable(
  flow: FlowLine[],
  inside: number[],
  box: RuledBox,
  body: BodyStyle,
  taken: readonly TableRegion[],
  cells: LineCells,
): TableRegion | null {
  if (inside.length < 2) return null;
  const start = inside[0];
  const end = inside[inside.length - 1] + 1;
  // The table's lines must be read in one stretch of the flow, with nothing else in between and nothing found already.
  if (end - start !== inside.length || inside.some((i) => insideAny(taken, i))) return null;
  const rows = box.xs.length > 0 ? ruledGridRows(flow, start, end, box) : baselineRows(start, end, cells);
  if (!rows || !isTable(rows)) return null;
  const page = flow[start].page;
  const above = captionAbove(flow, start, box, body);
  if (above !== null) {
    const caption = readCaption(flow, above, body);
    if (caption.end === start) return tableRegion(above, end, caption.text, rows, [], page);
  }
  if (end < flow.length && flow[end].page === page && isTableCaption(flow[end], body)) {
    const bottom = box.ys[box.ys.length - 1];
    if (bottom - flow[end].y < CAPTION_GAP_EM * flow[end].size && !insideAny(taken, end)) {
      const caption = readCaption(flow, end, body);
      return tableRegion(start, caption.end, caption.text, rows, [], page);
    }
  }
  return tableRegion(start, end, '', rows, [], page);
}

/** Index of a "Table N" label among the few lines right above the top rule, or null. */
function captionAbove(flow: FlowLine[], start: number, box: RuledBox, body: BodyStyle): number | null {
  const top = box.ys[0];
  for (let k = start - 1; k >= Math.max(0, start - 4); k--) {
    const line = flow[k];
    if (line.page !== flow[start].page || line.y < top) return null;
    if (isTableCaption(line, body)) return line.y - top < CAPTION_GAP_EM * line.size * 4 ? k : null;
  }
  return null;
}

function baselineRows(start: number, end: number, cells: LineCells): Row[] {
  const rows: Row[] = [];
  for (let i = start; i < end;) {
    const row = cells.rowAt(i);
    rows.push(row);
    i = Math.min(end, row.end);
  }
  return rows;
}

/**
 * At least two rows, most of them of several cells sharing columns, no prose: one column of text is not a table.
 * Nor is a display equation, whose fraction bars are rules too: its pieces are brackets, operators and big symbols;
 * nor an algorithm box (a caption "Algorithm 2", numbered steps).
 */
export function isTable(rows: Row[]): boolean {
  const filled = rows.flatMap((r) => r.cells.filter((c) => c.text));
  const multi = rows.filter((r) => r.cells.filter((c) => c.text).length >= 2).length;
  const math = filled.filter((c) => MATH_PIECE.test(c.text)).length;
  // An algorithm box is ruled like booktabs: its caption line, then numbered steps ("3:") or code.
  const listing = rows.filter((r) => LISTING_LINE.test(r.cells.find((c) => c.text)?.text ?? '')).length;
  if (
    listing >= 0.5 * rows.length ||
    rows.some((r) =>
      ALGORITHM.test(
        r.cells
          .map((c) => c.text)
          .join(' ')
          .trim(),
      ),
    )
  )
    return false;
  return rows.length >= 2 && multi >= 2 && multi >= 0.5 * rows.length && math <= MAX_MATH_SHARE * filled.length && hasAlignedColumns(rows);
}
