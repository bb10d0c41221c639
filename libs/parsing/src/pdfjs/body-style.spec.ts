import type { PageText, TextLine } from './layout.types';
import { findBodyStyle } from './body-style';

const line = (text: string, font: string, size = 10): TextLine => ({
  page: 1,
  text,
  x0: 72,
  x1: 300,
  y: 400,
  size,
  font,
  boldRatio: 0,
  runs: [],
  rowPeers: 1,
});

const page = (lines: TextLine[]): PageText[] => [{ number: 1, width: 612, height: 792, sideText: [], lines }];
const code = (n: number, size = 10) =>
  Array.from({ length: n }, () => line('\\def\\foo#1{\\bar{#1}} % a listing line', 'LMMono10-Regular', size));
const prose = (n: number, size = 10) =>
  Array.from({ length: n }, () => line('The package provides one command for this', 'LMRoman10-Regular', size));

describe(findBodyStyle.name, () => {
  it('takes the proportional prose font as body when code listings carry more characters', () => {
    expect(findBodyStyle(page([...code(12), ...prose(6)]))).toEqual({ size: 10, font: 'LMRoman10-Regular' });
  });

  it('takes the prose size as body size when the code is set at another size', () => {
    expect(findBodyStyle(page([...code(12, 9), ...prose(6, 10)])).size).toBe(10);
  });

  it('keeps a monospace body when almost all the text is monospace', () => {
    expect(findBodyStyle(page([...code(20), ...prose(1)])).font).toBe('LMMono10-Regular');
  });
});
