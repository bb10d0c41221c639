import { run, styledLine, headingAt } from '../testing/flow-line.fixture';
import type { Heading } from './heading-detector';
import { addIndexGroupHeadings } from './index-letters';
import type { FlowLine } from './layout.types';

const COLUMNS = [
  [72, 220],
  [232, 380],
  [392, 540],
] as const;

const entry = (text: string, column: number, y: number): FlowLine =>
  styledLine(`${text} . . . . 3`, { x0: COLUMNS[column][0], x1: COLUMNS[column][1], y, size: 9 });
/** A group label centred in its column, in bold. */
const label = (text: string, column: number, y: number): FlowLine => {
  const middle = (COLUMNS[column][0] + COLUMNS[column][1]) / 2;
  return styledLine(text, { x0: middle - 3, x1: middle + 3, y, size: 9, boldRatio: 1, font: 'Helvetica-Bold' });
};

/**
 * A three-column index as a page reading gives it, row by row across the columns: each column holds groups of three
 * entries under their label, a blank line above each label; `groups[c]` are column c's labels, top to bottom.
 */
function threeColumnIndex(groups: string[][], title = 'Index'): FlowLine[] {
  const placed: FlowLine[] = [];
  groups.forEach((letters, c) => {
    let y = 680;
    for (const letter of letters) {
      placed.push(label(letter, c, y));
      for (let k = 1; k <= 3; k++) placed.push(entry(`\\${letter.toLowerCase()}cmd${k}`, c, y - 11 * k));
      y -= 11 * 4 + 9;
    }
  });
  const rows = placed.sort((a, b) => b.y - a.y || a.x0 - b.x0);
  return [styledLine(title, { y: 720, size: 14, boldRatio: 1, font: 'Times-Bold' }), ...rows];
}

const titles = (flow: FlowLine[], headings: Heading[]) => headings.map((h) => `${h.level} ${h.title}`);
const groups = [
  ['Symbols', 'A', 'B'],
  ['C', 'D', 'E'],
  ['F', 'G', 'H'],
];

describe(addIndexGroupHeadings.name, () => {
  it('finds the labels of a three-column index read row by row, in the columns’ order, one level below the index', () => {
    const flow = threeColumnIndex(groups);
    const found = addIndexGroupHeadings(flow, [headingAt('Index', 0)]);
    expect(titles(flow, found).sort()).toEqual(['1 Index', ...groups.flat().map((g) => `2 ${g}`)].sort());
    // Headings stay in flow order, whatever the columns' order.
    expect(found.map((h) => h.start)).toEqual([...found.map((h) => h.start)].sort((a, b) => a - b));
  });

  it('takes a label at the top of a column and one at the foot of a column whose entries go on in the next', () => {
    const flow = threeColumnIndex([['A', 'B'], ['C', 'D'], ['E']]);
    flow.push(label('F', 2, 500));
    const found = titles(flow, addIndexGroupHeadings(flow, [headingAt('Index', 0)]));
    expect(found).toEqual(expect.arrayContaining(['2 A', '2 C', '2 E', '2 F']));
  });

  it('takes no bold capital that shares its row with an entry of its own column', () => {
    const flow = threeColumnIndex(groups);
    const b = flow.findIndex((l) => l.text === 'B');
    flow.splice(b + 1, 0, styledLine('\\bshare . . 4', { x0: 120, x1: 220, y: flow[b].y, size: 9 }));
    expect(titles(flow, addIndexGroupHeadings(flow, [headingAt('Index', 0)]))).not.toContain('2 B');
  });

  it('keeps only letters in alphabetical order within the columns’ reading', () => {
    const flow = threeColumnIndex([
      ['A', 'B', 'Q'],
      ['C', 'D'],
      ['E', 'F'],
    ]);
    expect(titles(flow, addIndexGroupHeadings(flow, [headingAt('Index', 0)]))).not.toContain('2 Q');
  });

  it('finds nothing outside an index', () => {
    expect(addIndexGroupHeadings(threeColumnIndex(groups, 'Results'), [headingAt('Results', 0)])).toHaveLength(1);
  });

  it('takes the one group of a short index', () => {
    const flow = threeColumnIndex([['B'], [], []]);
    flow.push(entry('\\bcmd4', 1, 669), entry('\\bcmd5', 1, 658), entry('\\bcmd6', 1, 647));
    expect(titles(flow, addIndexGroupHeadings(flow, [headingAt('Index', 0)]))).toEqual(['1 Index', '2 B']);
  });

  it('stops at the next heading printed below the index, also for a column read after it', () => {
    const flow = threeColumnIndex(groups);
    const history = flow.length;
    flow.push(
      styledLine('Change History', { y: 400, size: 14, boldRatio: 1, font: 'Times-Bold' }),
      label('X', 0, 380),
      entry('\\xcmd', 0, 369),
    );
    const found = titles(flow, addIndexGroupHeadings(flow, [headingAt('Index', 0), headingAt('Change History', history)]));
    expect(found).toContain('2 H');
    expect(found).not.toContain('2 X');
  });

  it('finds the groups of each index a manual prints', () => {
    const commands = threeColumnIndex(groups, 'Index of Commands');
    const options = threeColumnIndex(groups, 'Index of Options').map((line) => ({ ...line, page: 2 }));
    const flow = [...commands, ...options];
    const found = addIndexGroupHeadings(flow, [headingAt('Index of Commands', 0), headingAt('Index of Options', commands.length)]);
    expect(found.filter((h) => h.title === 'A').map((h) => flow[h.start].page)).toEqual([1, 2]);
  });

  it('takes a bold capital hanging in the margin on its first entry’s line, the line kept as the group’s text', () => {
    const hanging = (letter: string, y: number): FlowLine =>
      styledLine(`${letter} \\${letter.toLowerCase()}first . . 5`, {
        x0: 56,
        x1: 220,
        y,
        size: 9,
        boldRatio: 0.1,
        runs: [
          run(letter, { x: 56, x1: 62, y, size: 9, bold: true, font: 'Sans-Bold' }),
          run(`\\${letter.toLowerCase()}first . . 5`, { x: 72, x1: 220, y, size: 9 }),
        ],
      });
    const flow = [styledLine('Index', { y: 720, size: 14, boldRatio: 1 })];
    ['A', 'B', 'C'].forEach((letter, k) => {
      const y = 700 - 50 * k;
      flow.push(
        hanging(letter, y),
        entry(`\\${letter.toLowerCase()}second`, 0, y - 11),
        entry(`\\${letter.toLowerCase()}third`, 0, y - 22),
      );
    });
    const found = addIndexGroupHeadings(flow, [headingAt('Index', 0)]);
    expect(found.map((h) => [h.title, h.end - h.start])).toEqual([
      ['Index', 1],
      ['A', 0],
      ['B', 0],
      ['C', 0],
    ]);
  });
});
