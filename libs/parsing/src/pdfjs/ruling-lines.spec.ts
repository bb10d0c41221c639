import { readRules, type DrawingOps } from './ruling-lines';

// pdf.js 3.11's codes (`pdfjsLib.OPS`), spelled out so the spec needs no pdf.js.
const OPS: DrawingOps = {
  save: 10,
  restore: 11,
  transform: 12,
  moveTo: 13,
  lineTo: 14,
  curveTo: 15,
  curveTo2: 16,
  curveTo3: 17,
  closePath: 18,
  rectangle: 19,
  stroke: 20,
  closeStroke: 21,
  fill: 22,
  eoFill: 23,
  fillStroke: 24,
  eoFillStroke: 25,
  closeFillStroke: 26,
  closeEOFillStroke: 27,
  endPath: 28,
  constructPath: 91,
  paintFormXObjectBegin: 74,
  paintFormXObjectEnd: 75,
};

const path = (ops: number[], coords: number[]) => [OPS.constructPath, [ops, coords, null]] as const;

function list(...items: Array<readonly [number, unknown]>) {
  return { fnArray: items.map(([fn]) => fn), argsArray: items.map(([, args]) => args) };
}

describe(readRules.name, () => {
  it('reads stroked horizontal and vertical segments as rules', () => {
    const rules = readRules(
      list(path([OPS.moveTo, OPS.lineTo, OPS.moveTo, OPS.lineTo], [100, 500, 400, 500, 250, 480, 250, 520]), [OPS.stroke, null]),
      OPS,
    );
    expect(rules).toEqual([
      { dir: 'h', x0: 100, x1: 400, y0: 500, y1: 500 },
      { dir: 'v', x0: 250, x1: 250, y0: 480, y1: 520 },
    ]);
  });

  it('reads a thin filled rectangle as a rule and a shaded cell as none', () => {
    const rules = readRules(list(path([OPS.rectangle, OPS.rectangle], [100, 600, 300, 0.4, 100, 400, 300, 40]), [OPS.fill, null]), OPS);
    expect(rules).toEqual([{ dir: 'h', x0: 100, x1: 400, y0: 600.2, y1: 600.2 }]);
  });

  it('applies the transformation in force and the crop box origin, and forgets it on restore', () => {
    const rules = readRules(
      list(
        [OPS.save, null],
        [OPS.transform, [0.5, 0, 0, -0.5, 0, 800]],
        path([OPS.rectangle], [0, 0, 400, 2]),
        [OPS.fill, null],
        [OPS.restore, null],
        path([OPS.moveTo, OPS.lineTo], [20, 100, 120, 100]),
        [OPS.stroke, null],
      ),
      OPS,
      [10, 20],
    );
    expect(rules).toEqual([
      { dir: 'h', x0: -10, x1: 190, y0: 779.5, y1: 779.5 },
      { dir: 'h', x0: 10, x1: 110, y0: 80, y1: 80 },
    ]);
  });

  it('takes no rule from curves, slanted lines, short ticks or paths that are never painted', () => {
    const rules = readRules(
      list(
        path([OPS.moveTo, OPS.curveTo], [100, 100, 150, 150, 200, 100, 300, 100]),
        [OPS.stroke, null],
        path([OPS.moveTo, OPS.lineTo, OPS.moveTo, OPS.lineTo], [100, 100, 300, 160, 50, 50, 55, 50]),
        [OPS.stroke, null],
        path([OPS.moveTo, OPS.lineTo], [100, 300, 400, 300]),
        [OPS.endPath, null],
      ),
      OPS,
    );
    expect(rules).toEqual([]);
  });
});
