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

  it('keeps a column filled mostly by a small-type table apart from the text column beside it', () => {
    const lines: TextLine[] = [];
    for (let i = 0; i < 30; i++) lines.push(line(`left ${i} lorem ipsum dolor sit amet consectetur adipiscing`, 50, 290, 700 - 12 * i));
    for (let i = 0; i < 4; i++) lines.push(line(`right ${i} lorem ipsum dolor sit amet consectetur`, 310, 550, 700 - 12 * i));
    for (let i = 0; i < 40; i++) lines.push(line(`cell ${i} 12.34 5.67 to 8.90 0.01`, 320, 550, 640 - 8 * i, 7.5));
    const order = orderPageLines({ number: 2, width: 600, height: 800, lines, sideText: [] }).map((l) => l.text.split(' ')[0]);
    expect(order.indexOf('right')).toBe(30);
    expect(order.slice(0, 30).every((w) => w === 'left')).toBe(true);
  });

  it('on the first page, takes a justified line whose words came apart for column text, not for the header', () => {
    const lines: TextLine[] = [line('A Title Spanning Both Columns Of The Page', 120, 480, 740, 16)];
    lines.push(line('INTRODUCTION', 50, 130, 700));
    // The right column's first line: its words are separate lines, none of them column-wide.
    ['dione', 'and', 'vitexin.', 'Here,', 'the', 'preliminary'].forEach((w, k) => lines.push(line(w, 310 + 40 * k, 340 + 40 * k, 700)));
    for (let i = 1; i < 10; i++) {
      lines.push(line(`left ${i} lorem ipsum dolor sit amet consectetur`, 50, 290, 700 - 12 * i));
      lines.push(line(`right ${i} lorem ipsum dolor sit amet consectetur`, 310, 550, 700 - 12 * i));
    }
    const order = orderPageLines({ number: 1, width: 600, height: 800, lines, sideText: [] }, true).map((l) => l.text.split(' ')[0]);
    expect(order.slice(0, 3)).toEqual(['A', 'INTRODUCTION', 'left']);
    expect(order.indexOf('dione')).toBe(order.indexOf('right') - 6);
  });
});
