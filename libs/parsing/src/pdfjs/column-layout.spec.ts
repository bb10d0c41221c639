import { orderPageLines } from './column-layout';
import type { PageText, TextLine } from './layout.types';

const line = (text: string, x0: number, x1: number, y: number, size = 10): TextLine => ({
  page: 1,
  text,
  x0,
  x1,
  y,
  size,
  font: 'Times-Roman',
  boldRatio: 0,
  runs: [],
  rowPeers: 1,
});

function twoColumnPage(): PageText {
  const lines: TextLine[] = [line('A Title Spanning Both Columns Of The Page', 120, 480, 740, 16)];
  for (let i = 0; i < 10; i++) {
    lines.push(line(`left ${i} lorem ipsum dolor sit amet consectetur`, 50, 290, 700 - 12 * i));
    lines.push(line(`right ${i} lorem ipsum dolor sit amet consectetur`, 310, 550, 700 - 12 * i));
  }
  return { number: 1, width: 600, height: 800, lines, sideText: [] };
}

describe(orderPageLines.name, () => {
  it('reads the full-width title, then the left column, then the right column', () => {
    const order = orderPageLines(twoColumnPage()).map((l) => l.text.split(' ').slice(0, 2).join(' '));
    expect(order.slice(0, 3)).toEqual(['A Title', 'left 0', 'left 1']);
    expect(order.slice(10, 13)).toEqual(['left 9', 'right 0', 'right 1']);
  });

  it('gives each line the edges of its column and marks column starts', () => {
    const flow = orderPageLines(twoColumnPage());
    const right0 = flow.find((l) => l.text.startsWith('right 0'))!;
    expect([right0.columnLeft, right0.columnStart, right0.rowPeers]).toEqual([310, true, 1]);
    expect(right0.leading).toBeCloseTo(12);
  });

  it('keeps a one-column page in top-to-bottom order', () => {
    const lines = Array.from({ length: 12 }, (_, i) => line(`line ${i} of a single wide column of running text`, 50, 550, 700 - 12 * i));
    const flow = orderPageLines({ number: 1, width: 600, height: 800, lines, sideText: [] });
    expect(flow.map((l) => l.text.split(' ')[1])).toEqual(lines.map((_, i) => String(i)));
    expect(flow.filter((l) => l.columnStart)).toHaveLength(1);
  });
});
