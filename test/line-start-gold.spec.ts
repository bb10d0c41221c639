import { segmentsOf, startsLineNear, type RawSegment } from '../bench/structure/line-start-gold';

const seg = (text: string, y: number, x = 72, size = 10): RawSegment => ({ text, x, y, size });

describe('startsLineNear', () => {
  it('accepts a numbered title set on its own line just below the destination', () => {
    expect(startsLineNear('2.1 Data sets', 700, [seg('2.1 Data sets', 690), seg('We collected the data.', 676)])).toBe(true);
  });

  it('accepts a title wrapped over two lines and one ending in a page number', () => {
    const page = [seg('3 A rather long heading that', 500, 72, 14), seg('wraps onto a second line', 484, 90, 14)];
    expect(startsLineNear('A rather long heading that wraps onto a second line', 510, page)).toBe(true);
    expect(startsLineNear('Usage', null, [seg('USAGE 12', 750)])).toBe(true);
  });

  it('rejects a title printed only inside running text or followed by more text on its line', () => {
    const page = [seg('The command \\robustify makes a command robust.', 600), seg('\\newrobustcmd{command}{text}', 580)];
    expect(startsLineNear('\\robustify', 610, page)).toBe(false);
    expect(startsLineNear('\\newrobustcmd', 590, page)).toBe(false);
  });

  it('rejects a title that stands alone but far from its destination', () => {
    expect(startsLineNear('Results', 700, [seg('Results', 300)])).toBe(false);
  });
});

describe('segmentsOf', () => {
  const item = (str: string, x: number, y: number, width = str.length * 5) => ({ str, transform: [10, 0, 0, 10, x, y], width, height: 10 });

  it('joins the items of a baseline and splits it where a column gap separates them', () => {
    const segments = segmentsOf([item('2', 72, 700, 5), item('Methods', 85, 700), item('right column', 320, 700), item('next', 72, 686)]);
    expect(segments.map((s) => s.text)).toEqual(['2 Methods', 'right column', 'next']);
  });
});
