import { flowLine as line } from '../testing/flow-line.fixture';
import { findRuledTables, ruledBoxes } from './ruled-tables';
import type { Rule } from './ruling-lines';

const body = { size: 10, font: 'Times-Roman' };
const h = (y: number, x0 = 60, x1 = 460): Rule => ({ dir: 'h', x0, x1, y0: y, y1: y });
const v = (x: number, y0: number, y1: number): Rule => ({ dir: 'v', x0: x, x1: x, y0, y1 });
const prose = (y: number) => line('The sensors were read every hour and compared with samples taken at noon once a week.', y);
const row = (cells: string[], y: number, xs = [60, 180, 300]) =>
  line(
    cells.map((c, k): [string, number] => [c, xs[k]]),
    y,
  );

describe(findRuledTables.name, () => {
  const booktabs = [
    prose(700),
    row(['Sensor', 'Kano', 'Zaria'], 670),
    row(['Aqua-10', '2.1', '3.4'], 655),
    row(['TerraCap', '1.8', '2.9'], 642),
    prose(610),
  ];
  const booktabsRules = [h(682), h(664), h(636)];

  it('reads rows between three rules of one width as a table without caption', () => {
    const tables = findRuledTables(booktabs, new Map([[1, booktabsRules]]), body, []);
    expect(tables.map((t) => [t.start, t.end])).toEqual([[1, 4]]);
    expect(tables[0].blocks).toEqual([
      {
        kind: 'table',
        page: 1,
        text: '| Sensor | Kano | Zaria |\n| --- | --- | --- |\n| Aqua-10 | 2.1 | 3.4 |\n| TerraCap | 1.8 | 2.9 |',
      },
    ]);
  });

  it('takes a "Table N" caption printed right above the top rule', () => {
    const flow = [prose(720), line('Table 2: Errors per farm.', 690), ...booktabs.slice(1)];
    const tables = findRuledTables(flow, new Map([[1, booktabsRules]]), body, []);
    expect(tables.map((t) => [t.start, t.end])).toEqual([[1, 5]]);
    expect(tables[0].blocks[0]).toEqual({ kind: 'figure_caption', page: 1, text: 'Table 2: Errors per farm.' });
  });

  it('splits the columns of a ruled grid at its vertical rules, however narrow the gap', () => {
    // "Bauchi Ridge" ends 2 points before "loamy": no gap would split it, the rule between them does.
    const flow = [
      prose(700),
      line(
        [
          ['Farm', 62],
          ['Soil', 122],
        ],
        670,
      ),
      line(
        [
          ['Bauchi Ridge', 62],
          ['loamy sand', 124],
        ],
        655,
      ),
      line(
        [
          ['Kano', 62],
          ['sandy loam', 124],
        ],
        640,
      ),
    ];
    const rules = [h(682, 60, 200), h(664, 60, 200), h(650, 60, 200), h(634, 60, 200), v(60, 634, 682), v(120, 634, 682), v(200, 634, 682)];
    const tables = findRuledTables(flow, new Map([[1, rules]]), body, []);
    expect(tables[0]?.blocks[0].text).toBe('| Farm | Soil |\n| --- | --- |\n| Bauchi Ridge | loamy sand |\n| Kano | sandy loam |');
  });

  it('finds no table in a box around one column of text, nor in an equation between fraction bars', () => {
    const boxed = [prose(700), prose(686), prose(672)];
    expect(findRuledTables(boxed, new Map([[1, [h(712), h(664)]]]), body, [])).toEqual([]);
    const equation = [row(['(', 'a + b', ')'], 690), row(['L =', '∑', '−('], 680), row(['(', 'c', ')]'], 670)];
    expect(findRuledTables(equation, new Map([[1, [h(684, 60, 400), h(676, 60, 400)]]]), body, [])).toEqual([]);
  });

  it('finds no table in an algorithm box ruled like booktabs', () => {
    const flow = [
      line('Algorithm 1 Euclid’s algorithm', 690),
      row(['1:', 'procedure Euclid(a, b)'], 670, [60, 80]),
      row(['2:', 'while r ≠ 0 do'], 658, [60, 80]),
      row(['3:', 'a ← b'], 646, [60, 80]),
    ];
    expect(findRuledTables(flow, new Map([[1, [h(700), h(682), h(640)]]]), body, [])).toEqual([]);
  });

  it('splits each line of a ruled box into cells once, whether it is checked for prose or read as a row', () => {
    // Each cell its own flow line on the row's baseline, as pdf.js often gives them; a paragraph between two tables.
    const pieces = (cells: string[], y: number) => cells.map((c, k) => line([[c, 60 + 120 * k]], y));
    const flow = [
      ...pieces(['Sensor', 'Kano', 'Zaria'], 670),
      ...pieces(['Aqua-10', '2.1', '3.4'], 655),
      prose(630),
      ...pieces(['Farm', 'Rain', 'Yield'], 600),
      ...pieces(['Bauchi', '12', '3.1'], 585),
    ];
    const runsRead = flow.map(() => 0);
    const counted = flow.map((l, k) => ({
      ...l,
      get runs() {
        runsRead[k]++;
        return l.runs;
      },
    }));
    const tables = findRuledTables(counted, new Map([[1, [682, 664, 645, 615, 594, 575].map((y) => h(y, 40, 520))]]), body, []);
    expect(tables.map((t) => [t.start, t.end])).toEqual([
      [0, 6],
      [7, 13],
    ]);
    expect(Math.max(...runsRead)).toBe(1);
  });

  it('leaves lines already in a table alone', () => {
    const taken = [{ start: 1, end: 4, blocks: [] }];
    expect(findRuledTables(booktabs, new Map([[1, booktabsRules]]), body, taken)).toEqual([]);
  });
});

describe(ruledBoxes.name, () => {
  it('joins a rule drawn cell by cell and the two edges of a thin rectangle, and keeps apart rules of other widths', () => {
    const boxes = ruledBoxes([h(700, 60, 200), h(700.5, 60, 200), h(700, 200, 460), h(600, 60, 460), h(650, 300, 380), v(250, 600, 700)]);
    expect(boxes).toEqual([{ x0: 60, x1: 460, ys: [700, 600], xs: [250] }]);
  });
});
