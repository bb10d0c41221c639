import { styledLine } from '../testing/flow-line.fixture';
import { readIndexColumns } from './index-columns';
import type { FlowLine } from './layout.types';

/** A 9 pt index line from x0 to x1 on baseline y. */
const at = (text: string, x0: number, x1: number, y: number, page = 1): FlowLine => styledLine(text, { x0, x1, y, page, size: 9 });

/** Three columns (72–220, 232–380, 392–540) of entries with leaders, read row by row as a page reading may give them. */
function threeColumnRows(rows: number, page = 1): FlowLine[] {
  const lines: FlowLine[] = [];
  for (let r = 0; r < rows; r++) {
    const y = 700 - 11 * r;
    lines.push(
      at(`\\alpha${r} . . . 3`, 72, 220, y, page),
      at(`\\beta${r} . . . 4`, 232, 380, y, page),
      at(`\\gamma${r} . . 5`, 392, 540, y, page),
    );
  }
  return lines;
}

const texts = (flow: FlowLine[], lines: number[]) => lines.map((i) => flow[i].text);
const all = (flow: FlowLine[]) => flow.map((_, i) => i);

describe(readIndexColumns.name, () => {
  it('reads a page read row by row again column by column, each top to bottom', () => {
    const flow = threeColumnRows(4);
    const columns = readIndexColumns(flow, all(flow));
    expect(columns.map((c) => texts(flow, c.lines)[0])).toEqual(['\\alpha0 . . . 3', '\\beta0 . . . 4', '\\gamma0 . . 5']);
    expect(texts(flow, columns[1].lines)).toEqual(['\\beta0 . . . 4', '\\beta1 . . . 4', '\\beta2 . . . 4', '\\beta3 . . . 4']);
  });

  it('takes the gap between an entry and its page numbers printed flush right for no gutter', () => {
    const flow: FlowLine[] = [];
    for (let r = 0; r < 5; r++) {
      const y = 700 - 11 * r;
      flow.push(
        at(`\\name${r}`, 72, 120, y),
        at(`${r + 3}, ${r + 9}`, 200, 220, y),
        at(`\\other${r}`, 240, 290, y),
        at(`${r + 4}`, 380, 386, y),
      );
    }
    const columns = readIndexColumns(flow, all(flow));
    expect(columns).toHaveLength(2);
    expect(texts(flow, columns[0].lines).slice(0, 2)).toEqual(['\\name0', '3, 9']);
  });

  it('keeps the gutter beside wrapped lines of page references at the head of the next column', () => {
    const flow: FlowLine[] = [];
    for (let r = 0; r < 5; r++) {
      const y = 700 - 11 * r;
      flow.push(at(`\\left${r} . . . 3`, 72, 300, y), at(r % 2 ? '34, 49, 51, 58, 62,' : `\\right${r} . . 4`, r % 2 ? 342 : 312, 540, y));
    }
    const columns = readIndexColumns(flow, all(flow));
    expect(columns.map((c) => c.lines.length)).toEqual([5, 5]);
  });

  it('places a row joined across the gutter in every column it covers', () => {
    const flow = [...threeColumnRows(3), at('\\joined . . 7 \\row . . 8', 72, 380, 660)];
    const columns = readIndexColumns(flow, all(flow));
    expect(columns.map((c) => texts(flow, c.lines).includes('\\joined . . 7 \\row . . 8'))).toEqual([true, true, false]);
  });

  it('gives a page holding only the first rows of the index the gutters of the next page', () => {
    const flow = [
      at('Numbers refer to pages.', 72, 540, 200),
      at('A', 140, 146, 180),
      at('\\ab . . 3', 232, 380, 180),
      at('\\aa . . 3', 72, 220, 169),
      ...threeColumnRows(4, 2),
    ];
    const first = readIndexColumns(flow, all(flow)).filter((c) => c.page === 1);
    expect(first.map((c) => texts(flow, c.lines).filter((t) => !t.startsWith('Numbers')))).toEqual([
      ['A', '\\aa . . 3'],
      ['\\ab . . 3'],
      [],
    ]);
  });

  it('keeps a one-column page whole', () => {
    const flow = [0, 1, 2, 3, 4, 5, 6].map((r) => at(`\\entry${r} . . . ${r}`, 72, 300 - 10 * (r % 3), 700 - 11 * r));
    expect(readIndexColumns(flow, all(flow))).toHaveLength(1);
  });
});
