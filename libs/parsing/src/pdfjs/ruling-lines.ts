/** A horizontal or vertical rule drawn on the page, in the text's coordinates (points, crop-box origin, y up). */
export interface Rule {
  /** 'h': from (x0, y) to (x1, y); 'v': from (x, y0) to (x, y1) stored as x0 = x1 = x, y0 ≤ y1. */
  dir: 'h' | 'v';
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** The operator codes of pdf.js 3.11 this reader needs (`pdfjsLib.OPS`). */
export interface DrawingOps {
  save: number;
  restore: number;
  transform: number;
  moveTo: number;
  lineTo: number;
  curveTo: number;
  curveTo2: number;
  curveTo3: number;
  closePath: number;
  rectangle: number;
  stroke: number;
  closeStroke: number;
  fill: number;
  eoFill: number;
  fillStroke: number;
  eoFillStroke: number;
  closeFillStroke: number;
  closeEOFillStroke: number;
  endPath: number;
  constructPath: number;
  paintFormXObjectBegin: number;
  paintFormXObjectEnd: number;
}

export interface OperatorList {
  fnArray: number[];
  argsArray: unknown[];
}

/** A filled rectangle thinner than this (points) is a rule; a thicker one is a shaded cell or a figure. */
const MAX_RULE_THICKNESS = 2.5;
/** Rules shorter than this (points) are glyph parts, underlines of a word, tick marks. */
const MIN_RULE_LENGTH = 12;
/** A segment this close to axis-parallel (points of drift over its length) counts as horizontal or vertical. */
const AXIS_TOLERANCE = 0.5;
/** Pages drawn with more path operations than this are plots or maps: their segments are not read. */
const MAX_PATH_OPS = 20_000;

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/**
 * The page's horizontal and vertical rules from its operator list: stroked lines and rectangle edges, and filled
 * rectangles thin enough to be a rule (how LaTeX and Chromium draw table borders). `origin` is the crop box's
 * lower-left corner, so rules share the text runs' coordinates. Curves end a segment and are never rules.
 */
export function readRules(list: OperatorList, ops: DrawingOps, origin: [number, number] = [0, 0]): Rule[] {
  const rules: Rule[] = [];
  const stack: Matrix[] = [];
  let ctm: Matrix = IDENTITY;
  let path: Array<[number, number, number, number]> = [];
  let rects: Array<[number, number, number, number]> = [];
  let budget = MAX_PATH_OPS;
  const point = (x: number, y: number): [number, number] => [
    ctm[0] * x + ctm[2] * y + ctm[4] - origin[0],
    ctm[1] * x + ctm[3] * y + ctm[5] - origin[1],
  ];
  for (let k = 0; k < list.fnArray.length && budget > 0; k++) {
    const fn = list.fnArray[k];
    const args = list.argsArray[k] as unknown[] | null;
    if (fn === ops.save || fn === ops.paintFormXObjectBegin) {
      stack.push(ctm);
      const m = fn === ops.paintFormXObjectBegin ? (args?.[0] as number[] | null) : null;
      if (m && m.length === 6) ctm = multiply(m as Matrix, ctm);
    } else if (fn === ops.restore || fn === ops.paintFormXObjectEnd) ctm = stack.pop() ?? IDENTITY;
    else if (fn === ops.transform && args && args.length === 6) ctm = multiply(args as Matrix, ctm);
    else if (fn === ops.constructPath && args) {
      const pathOps = args[0] as number[];
      const coords = args[1] as number[];
      budget -= pathOps.length;
      let c = 0;
      let at: [number, number] | null = null;
      let start: [number, number] | null = null;
      for (const op of pathOps) {
        if (op === ops.moveTo) {
          at = start = point(coords[c], coords[c + 1]);
          c += 2;
        } else if (op === ops.lineTo) {
          const to = point(coords[c], coords[c + 1]);
          if (at) path.push([at[0], at[1], to[0], to[1]]);
          at = to;
          c += 2;
        } else if (op === ops.rectangle) {
          const [x, y, w, h] = coords.slice(c, c + 4);
          const a = point(x, y);
          const b = point(x + w, y + h);
          rects.push([Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1])]);
          at = start = a;
          c += 4;
        } else if (op === ops.curveTo) {
          at = point(coords[c + 4], coords[c + 5]);
          c += 6;
        } else if (op === ops.curveTo2 || op === ops.curveTo3) {
          at = point(coords[c + 2], coords[c + 3]);
          c += 4;
        } else if (op === ops.closePath) {
          if (at && start) path.push([at[0], at[1], start[0], start[1]]);
          at = start;
        }
      }
    } else if (isPaint(fn, ops)) {
      const stroked = fn !== ops.fill && fn !== ops.eoFill && fn !== ops.endPath;
      const filled = fn !== ops.stroke && fn !== ops.closeStroke && fn !== ops.endPath;
      if (stroked) for (const s of [...path, ...rects.flatMap(edges)]) pushSegment(rules, s);
      if (filled) for (const r of rects) pushFilled(rules, r);
      path = [];
      rects = [];
    }
  }
  return rules;
}

function isPaint(fn: number, ops: DrawingOps): boolean {
  return (
    fn === ops.stroke ||
    fn === ops.closeStroke ||
    fn === ops.fill ||
    fn === ops.eoFill ||
    fn === ops.fillStroke ||
    fn === ops.eoFillStroke ||
    fn === ops.closeFillStroke ||
    fn === ops.closeEOFillStroke ||
    fn === ops.endPath
  );
}

/** `m` applied after `ctm` (PDF's `cm`: the new matrix is m × ctm). */
function multiply(m: Matrix, ctm: Matrix): Matrix {
  return [
    m[0] * ctm[0] + m[1] * ctm[2],
    m[0] * ctm[1] + m[1] * ctm[3],
    m[2] * ctm[0] + m[3] * ctm[2],
    m[2] * ctm[1] + m[3] * ctm[3],
    m[4] * ctm[0] + m[5] * ctm[2] + ctm[4],
    m[4] * ctm[1] + m[5] * ctm[3] + ctm[5],
  ];
}

const edges = ([x0, y0, x1, y1]: [number, number, number, number]): Array<[number, number, number, number]> => [
  [x0, y0, x1, y0],
  [x0, y1, x1, y1],
  [x0, y0, x0, y1],
  [x1, y0, x1, y1],
];

function pushSegment(rules: Rule[], [ax, ay, bx, by]: [number, number, number, number]): void {
  if (Math.abs(ay - by) <= AXIS_TOLERANCE && Math.abs(ax - bx) >= MIN_RULE_LENGTH) {
    rules.push({ dir: 'h', x0: Math.min(ax, bx), x1: Math.max(ax, bx), y0: (ay + by) / 2, y1: (ay + by) / 2 });
  } else if (Math.abs(ax - bx) <= AXIS_TOLERANCE && Math.abs(ay - by) >= MIN_RULE_LENGTH) {
    rules.push({ dir: 'v', x0: (ax + bx) / 2, x1: (ax + bx) / 2, y0: Math.min(ay, by), y1: Math.max(ay, by) });
  }
}

function pushFilled(rules: Rule[], [x0, y0, x1, y1]: [number, number, number, number]): void {
  const w = x1 - x0;
  const h = y1 - y0;
  if (h <= MAX_RULE_THICKNESS && w >= MIN_RULE_LENGTH) rules.push({ dir: 'h', x0, x1, y0: (y0 + y1) / 2, y1: (y0 + y1) / 2 });
  else if (w <= MAX_RULE_THICKNESS && h >= MIN_RULE_LENGTH) rules.push({ dir: 'v', x0: (x0 + x1) / 2, x1: (x0 + x1) / 2, y0, y1 });
}
