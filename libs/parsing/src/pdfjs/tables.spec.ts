import { flowLine as line } from '../testing/flow-line.fixture';
import { findTables } from './tables';

const body = { size: 10, font: 'Times-Roman' };
const prose = (y: number) => line('The measurements were repeated on three days and the averages are reported in the text below.', y);

describe(findTables.name, () => {
  it('reads the rows under a "Table 1:" caption as a caption block and a Markdown table', () => {
    const flow = [
      prose(700),
      line('Table 1: Readings per interval.', 680),
      line(
        [
          ['Interval', 50],
          ['Readings', 200],
          ['Visible', 350],
        ],
        664,
      ),
      line(
        [
          ['1 min', 50],
          ['1440', 200],
          ['yes', 350],
        ],
        652,
      ),
      line(
        [
          ['6 min', 50],
          ['240', 200],
          ['no', 350],
        ],
        640,
      ),
      prose(610),
    ];
    const [table] = findTables(flow, body);
    expect([table.start, table.end]).toEqual([1, 5]);
    expect(table.blocks.map((b) => b.kind)).toEqual(['figure_caption', 'table']);
    expect(table.blocks[1].text).toBe(
      'Table 1: Readings per interval.\n\n| Interval | Readings | Visible |\n| --- | --- | --- |\n| 1 min | 1440 | yes |\n| 6 min | 240 | no |',
    );
  });

  it('reads the rows above a caption printed under its table', () => {
    const flow = [
      prose(720),
      line(
        [
          ['Model', 50],
          ['F1', 200],
          ['MAP', 350],
        ],
        700,
      ),
      line(
        [
          ['Random', 50],
          ['4.8', 200],
          ['25.2', 350],
        ],
        688,
      ),
      line(
        [
          ['Ours', 50],
          ['82.0', 200],
          ['83.6', 350],
        ],
        676,
      ),
      line('Table 2: Results on the test set.', 655),
      prose(630),
    ];
    const [table] = findTables(flow, body);
    expect([table.start, table.end]).toEqual([1, 5]);
    expect(table.blocks[1].text).toContain('| Random | 4.8 | 25.2 |');
    expect(table.blocks[0]).toEqual({ text: 'Table 2: Results on the test set.', page: 1, kind: 'figure_caption' });
  });

  it('keeps a spanning header line between rows inside the table', () => {
    const flow = [
      line('Table 3: Cross-site results.', 700),
      line(
        [
          ['Network', 50],
          ['mIoU', 200],
          ['PA', 350],
        ],
        684,
      ),
      line('Potsdam', 672),
      line(
        [
          ['FCN', 50],
          ['67.9', 200],
          ['81.2', 350],
        ],
        660,
      ),
      line(
        [
          ['DeepLab', 50],
          ['68.3', 200],
          ['80.6', 350],
        ],
        648,
      ),
      prose(620),
    ];
    const [table] = findTables(flow, body);
    expect(table.end).toBe(5);
    expect(table.blocks[1].text).toContain('| Potsdam |  |  |');
  });

  it('finds no table after a sentence that only starts with "Table", nor in prose with a caption-like line', () => {
    const flow = [
      line('Table 7 shows that the readings agree.', 700),
      prose(688),
      prose(676),
      line('Table 4: Not a table.', 650),
      prose(630),
    ];
    expect(findTables(flow, body)).toEqual([]);
  });
});
