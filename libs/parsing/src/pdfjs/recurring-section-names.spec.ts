import { flowLine } from '../testing/flow-line.fixture';
import { recurringSectionNames } from './recurring-section-names';

/** One flow line per label, with a body line before and after each so that none opens or closes its page. */
function labelsOf(keys: string[], pageOf: (k: number) => number = () => 1) {
  const flow = keys.flatMap((key, k) => [flowLine('body', 700, { page: pageOf(k) }), flowLine(key, 690, { page: pageOf(k) })]);
  flow.push(flowLine('body', 600, { page: pageOf(keys.length - 1) }));
  return { flow, labels: keys.map((key, k) => ({ key, start: 2 * k + 1, end: 2 * k + 2 })) };
}

describe(recurringSectionNames.name, () => {
  it('finds section names that recur once per entry in a fixed order, even when one is missing from an entry', () => {
    const keys = ['name', 'synopsis', 'options', 'name', 'synopsis', 'name', 'synopsis', 'options', 'name', 'synopsis', 'options'];
    const { flow, labels } = labelsOf(keys);
    expect([...recurringSectionNames(flow, labels)].sort()).toEqual(['name', 'options', 'synopsis']);
  });

  it('finds no cycle in speakers who take turns in no fixed order', () => {
    const keys = ['anna', 'ben', 'carl', 'anna', 'carl', 'ben', 'anna', 'ben', 'carl', 'ben', 'anna'];
    const { flow, labels } = labelsOf(keys);
    expect(recurringSectionNames(flow, labels).size).toBe(0);
  });

  it('finds no cycle in two labels that alternate', () => {
    const { flow, labels } = labelsOf(['example', 'solution', 'example', 'solution', 'example', 'solution']);
    expect(recurringSectionNames(flow, labels).size).toBe(0);
  });

  it('leaves out a label that opens its page most of the time (a running head)', () => {
    const keys = ['guide', 'name', 'synopsis', 'options', 'guide', 'name', 'synopsis', 'options', 'guide', 'name', 'synopsis', 'options'];
    const flow = keys.flatMap((key, k) => {
      const page = Math.floor(k / 4) + 1;
      return key === 'guide' ? [flowLine(key, 780, { page })] : [flowLine(key, 690, { page }), flowLine('body', 600, { page })];
    });
    let at = 0;
    const labels = keys.map((key) => {
      const start = at;
      at += key === 'guide' ? 1 : 2;
      return { key, start, end: start + 1 };
    });
    expect([...recurringSectionNames(flow, labels)].sort()).toEqual(['name', 'options', 'synopsis']);
  });
});
