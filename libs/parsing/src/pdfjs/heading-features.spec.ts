import type { HeadingCandidate } from './heading-candidates';
import { featureContext, HEADING_FEATURES, headingFeatures } from './heading-features';
import { parseNumbering } from './heading-numbering';
import type { FlowLine } from './layout.types';

const body = { size: 10, font: 'Body' };

const line = (text: string, page: number, y: number): FlowLine => ({
  page,
  text,
  x0: 72,
  x1: 72 + 6 * text.length,
  y,
  size: 12,
  font: 'Bold',
  boldRatio: 1,
  runs: [],
  rowPeers: 1,
  columnLeft: 72,
  columnRight: 540,
  columnStart: true,
  leading: 12,
});

const candidate = (flow: FlowLine[], i: number): HeadingCandidate => ({
  start: i,
  end: i + 1,
  text: flow[i].text,
  numbering: parseNumbering(flow[i].text, false),
  size: 12,
  font: 'Bold',
  bold: true,
  caps: false,
  strength: 2,
  known: false,
  references: false,
});

describe(headingFeatures.name, () => {
  it('marks numbers that continue the outline and numbers printed again (verse or speaker numbering)', () => {
    const flow = ['1 Overview', '1.1 Scope', '2 Design', '2 Tircis', '2.1 Pages'].map((t, k) => line(t, 1 + k, 700));
    const candidates = flow.map((_, i) => candidate(flow, i));
    const fx = featureContext(flow, candidates, body, new Set());
    const value = (i: number, name: (typeof HEADING_FEATURES)[number]) =>
      headingFeatures(flow, candidates[i], fx)[HEADING_FEATURES.indexOf(name)];
    expect([0, 1, 2, 3, 4].map((i) => value(i, 'advances'))).toEqual([1, 1, 1, 0, 1]);
    expect([0, 1, 2, 3, 4].map((i) => value(i, 'repeatsNumber'))).toEqual([0, 0, 0, 1, 0]);
  });

  it('counts other pages that open with the same line, numbers aside (a running head)', () => {
    const flow = [line('Numbering Compounds 3', 1, 760), line('Numbering Compounds 4', 2, 760), line('Numbering Compounds 5', 3, 760)];
    const candidates = [candidate(flow, 2)];
    const fx = featureContext(flow, candidates, body, new Set());
    expect(headingFeatures(flow, candidates[0], fx)[HEADING_FEATURES.indexOf('topRepeats')]).toBeCloseTo(Math.log1p(2));
  });
});
