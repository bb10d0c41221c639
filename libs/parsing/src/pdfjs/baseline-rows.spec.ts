import { flowLine as line } from '../testing/flow-line.fixture';
import { baselineRowEnd, baselineRowStart, onBaselineOf } from './baseline-rows';

describe('baseline rows', () => {
  const flow = [
    line('Heading', 700),
    line([['Cell a', 50]], 680),
    line([['Cell b', 200]], 680.5),
    line([['Cell c', 40]], 680.4),
    line('Next row', 660),
    line('Other page', 660, { page: 2 }),
  ];

  it('reads the lines on one baseline of one page as one row', () => {
    expect(baselineRowEnd(flow, 1)).toBe(4);
    expect(baselineRowEnd(flow, 4)).toBe(5);
    expect(onBaselineOf(flow[4], flow[5])).toBe(false);
  });

  it('stops where a piece starts left of the previous one when reading left to right', () => {
    expect(baselineRowEnd(flow, 1, { leftToRight: true })).toBe(3);
  });

  it('finds the start of the row a line ends, not before the floor', () => {
    expect(baselineRowStart(flow, 3)).toBe(1);
    expect(baselineRowStart(flow, 3, 2)).toBe(2);
    expect(baselineRowStart(flow, 0)).toBe(0);
  });
});
