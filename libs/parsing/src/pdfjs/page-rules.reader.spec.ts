import { flowLine as line } from '../testing/flow-line.fixture';
import { mayHoldTable } from './page-rules.reader';

const prose = (y: number) => line('The yields were measured on every plot and the averages over three seasons are given here.', y);
const row = (cells: string[], y: number) =>
  line(
    cells.map((c, k): [string, number] => [c, 60 + 90 * k]),
    y,
  );

describe(mayHoldTable.name, () => {
  it('reads the drawing of a page with a "Table N" label or three rows of three pieces', () => {
    expect(mayHoldTable([prose(700), line('Table 3. Yields per plot', 680)])).toBe(true);
    // The label a caption has, sub-tables included.
    expect(mayHoldTable([prose(700), line('Table 1a. Yields in the first season', 680)])).toBe(true);
    expect(mayHoldTable([row(['Plot', 'A', 'B'], 680), row(['North', '1', '2'], 668), row(['South', '3', '4'], 656)])).toBe(true);
  });

  it('skips a page of prose, in one column or two', () => {
    const twoColumns = [700, 688, 676, 664].map((y) => ({ ...prose(y), rowPeers: 2 }));
    expect(mayHoldTable([prose(700), prose(688), prose(676)])).toBe(false);
    expect(mayHoldTable(twoColumns)).toBe(false);
  });
});
