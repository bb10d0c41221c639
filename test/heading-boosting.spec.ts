import { headingProbability } from '@lectern/parsing';
import { boostTrees } from '../bench/structure/heading-boosting';

describe(boostTrees.name, () => {
  it('learns a label that one feature decides and ignores a noise feature', () => {
    const rows = Array.from({ length: 200 }, (_, i) => ({ features: [i % 10, (i * 7) % 13], label: i % 10 >= 6 ? 1 : 0 }));
    const model = boostTrees(rows, { rounds: 30, depth: 2, rate: 0.3 });
    const p = (f: number[]) => headingProbability(f, model);
    expect(p([9, 3])).toBeGreaterThan(0.9);
    expect(p([1, 3])).toBeLessThan(0.1);
    const splitFeatures = model.trees.flatMap((t) => (typeof t === 'number' ? [] : [t[0]]));
    expect(splitFeatures.every((k) => k === 0)).toBe(true);
  });
});
