import { flowLine as line } from '../testing/flow-line.fixture';
import { findNumericTables } from './numeric-tables';

const body = { size: 10, font: 'Times-Roman' };
const prose = (y: number) => line('The yields were measured on every plot and the averages over three seasons are given here.', y);
const row = (cells: string[], y: number, page = 1) =>
  line(
    cells.map((c, k): [string, number] => [c, 60 + 90 * k]),
    y,
    { page },
  );

describe(findNumericTables.name, () => {
  it('reads aligned rows with three columns of figures over three rows as a table, its header row included', () => {
    const flow = [
      prose(700),
      row(['Plot', '2019', '2020', '2021'], 680),
      row(['North', '1.2', '1.4', '1.1'], 668),
      row(['South', '0.9', '1.0', '(0.8)'], 656),
      row(['East', '2.3', '2.2', '2.6'], 644),
      prose(620),
    ];
    const tables = findNumericTables(flow, body, []);
    expect(tables.map((t) => [t.start, t.end])).toEqual([[1, 5]]);
    expect(tables[0].blocks).toEqual([
      {
        kind: 'table',
        page: 1,
        text: '| Plot | 2019 | 2020 | 2021 |\n| --- | --- | --- | --- |\n| North | 1.2 | 1.4 | 1.1 |\n| South | 0.9 | 1.0 | (0.8) |\n| East | 2.3 | 2.2 | 2.6 |',
      },
    ]);
  });

  it('keeps a short group label between rows inside the table', () => {
    const flow = [
      row(['Plot', '2019', '2020', '2021'], 680),
      row(['North', '1.2', '1.4', '1.1'], 668),
      line('Irrigated plots', 656),
      row(['South', '0.9', '1.0', '0.8'], 644),
      row(['East', '2.3', '2.2', '2.6'], 632),
    ];
    expect(findNumericTables(flow, body, []).map((t) => [t.start, t.end])).toEqual([[0, 5]]);
  });

  it('needs three columns of figures: two are not enough without a caption or rules', () => {
    const flow = [
      row(['Plot', '2019', '2020'], 680),
      row(['North', '1.2', '1.4'], 668),
      row(['South', '0.9', '1.0'], 656),
      row(['East', '2.3', '2.2'], 644),
    ];
    expect(findNumericTables(flow, body, [])).toEqual([]);
  });

  it('finds none in contents entries, words in columns, code, or rows split across pages', () => {
    const contents = [row(['1 Getting started', '3'], 680), row(['2 Sampling', '5'], 668), row(['3 Reduction', '7'], 656)];
    const words = [
      row(['sorghum', 'maize', 'millet', 'rice'], 680),
      row(['loam', 'clay', 'sand', 'silt'], 668),
      row(['north', 'south', 'east', 'west'], 656),
    ];
    const code = [
      row(['106', '\\def\\a{1}', '2', '3'], 680),
      row(['107', '\\def\\b{2}', '4', '5'], 668),
      row(['108', '\\def\\c{3}', '6', '7'], 656),
    ];
    const split = [row(['A', '1', '2', '3'], 100), row(['B', '4', '5', '6'], 88), row(['C', '7', '8', '9'], 700, 2)];
    for (const flow of [contents, words, code, split]) expect(findNumericTables(flow, body, [])).toEqual([]);
  });

  it('leaves lines already in a table alone', () => {
    const flow = [row(['A', '1', '2', '3'], 680), row(['B', '4', '5', '6'], 668), row(['C', '7', '8', '9'], 656)];
    expect(findNumericTables(flow, body, [])).toHaveLength(1);
    expect(findNumericTables(flow, body, [{ start: 1, end: 2, blocks: [] }])).toEqual([]);
  });
});
