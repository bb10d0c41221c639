import { HEADING_FEATURES } from './heading-features';
import type { HeadingModel } from './heading-model';
import { headingProbability, treeValue } from './heading-scorer';

const at = (name: (typeof HEADING_FEATURES)[number]) => HEADING_FEATURES.indexOf(name);
const features = (values: Partial<Record<(typeof HEADING_FEATURES)[number], number>>) => HEADING_FEATURES.map((name) => values[name] ?? 0);

describe(treeValue.name, () => {
  it('walks below-the-split to the left and at-or-above to the right', () => {
    const tree: HeadingModel['trees'][number] = [at('sizeRatio'), 1.1, [at('bold'), 0.5, -2, 1], 3];
    expect(treeValue(tree, features({ sizeRatio: 1, bold: 0 }))).toBe(-2);
    expect(treeValue(tree, features({ sizeRatio: 1, bold: 1 }))).toBe(1);
    expect(treeValue(tree, features({ sizeRatio: 1.1 }))).toBe(3);
  });
});

describe(headingProbability.name, () => {
  it('adds the shrunk tree values to the base log-odds', () => {
    const model: HeadingModel = { base: 0, rate: 0.5, trees: [[at('repeats'), 0.5, 2, -2], 0], threshold: 0.5 };
    expect(headingProbability(features({ repeats: 0 }), model)).toBeCloseTo(1 / (1 + Math.exp(-1)));
    expect(headingProbability(features({ repeats: 1 }), model)).toBeCloseTo(1 / (1 + Math.exp(1)));
  });

  it('is one half under an empty model', () => {
    expect(headingProbability(features({}), { base: 0, rate: 0.2, trees: [] })).toBe(0.5);
  });
});
