import { flowLine } from '../testing/flow-line.fixture';
import { dropContentsEntries } from './contents-entry-guard';
import type { HeadingCandidate } from './heading-candidates';
import { parseNumbering } from './heading-numbering';
import type { FlowLine } from './layout.types';

const candidate = (flow: FlowLine[], i: number): HeadingCandidate => ({
  start: i,
  end: i + 1,
  text: flow[i].text,
  numbering: parseNumbering(flow[i].text, false),
  size: flow[i].size,
  font: flow[i].font,
  bold: true,
  caps: false,
  strength: 1,
  known: false,
  references: false,
});

/** A line from the column's left edge to `x1`. */
const line = (text: string, y: number, x1: number, page = 1): FlowLine => ({ ...flowLine(text, y, { page, bold: true }), x1 });

describe(dropContentsEntries.name, () => {
  it('drops a contents entry whose page number is set flush right when its section heading follows', () => {
    const flow = [line('3 Known bugs: 7', 700, 545), line('4 Copying: 7', 680, 545), line('4 Copying:', 600, 140, 7)];
    const all = flow.map((_, i) => candidate(flow, i));
    expect(dropContentsEntries(flow, all).map((c) => c.text)).toEqual(['3 Known bugs: 7', '4 Copying:']);
  });

  it('keeps a heading ending in a number that is not set flush right ("Example 2" before an "Example")', () => {
    const flow = [line('Example 2', 700, 200), line('Example', 600, 150, 3)];
    const all = flow.map((_, i) => candidate(flow, i));
    expect(dropContentsEntries(flow, all)).toHaveLength(2);
  });

  it('keeps an entry-like line when no later heading has its text', () => {
    const flow = [line('4 Copying: 7', 680, 545)];
    expect(dropContentsEntries(flow, [candidate(flow, 0)])).toHaveLength(1);
  });
});
