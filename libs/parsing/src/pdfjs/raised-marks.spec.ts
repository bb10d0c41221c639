import { styledLine } from '../testing/flow-line.fixture';
import { isRaisedMark, skipRaisedMarks } from './raised-marks';

describe(isRaisedMark.name, () => {
  const body = styledLine('LaTeX is a document markup language that is particularly well suited for the publication', {
    y: 268,
    x0: 60,
    x1: 560,
  });

  it('takes a small mark set just above the line below it, within its width, as that line’s', () => {
    const flow = [styledLine('1', { y: 271, size: 7, x0: 93, x1: 97 }), body];
    expect(isRaisedMark(flow, 0)).toBe(true);
    expect(skipRaisedMarks(flow, 0)).toBe(1);
  });

  it('does not take body-size text, words, marks beside the line, or marks far above it', () => {
    expect(isRaisedMark([styledLine('1', { y: 271, x0: 93, x1: 97 }), body], 0)).toBe(false);
    expect(isRaisedMark([styledLine('Figure', { y: 271, size: 7, x0: 93, x1: 110 }), body], 0)).toBe(false);
    expect(isRaisedMark([styledLine('1', { y: 271, size: 7, x0: 570, x1: 574 }), body], 0)).toBe(false);
    expect(isRaisedMark([styledLine('1', { y: 290, size: 7, x0: 93, x1: 97 }), body], 0)).toBe(false);
    expect(isRaisedMark([styledLine('1', { y: 271, size: 7, x0: 93, x1: 97 }), { ...body, page: 2 }], 0)).toBe(false);
  });
});
