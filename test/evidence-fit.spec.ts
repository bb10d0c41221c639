import { splitByArticle } from '../bench/eval/evidence-fit';
import { fitLogistic, sigmoid } from '../bench/eval/logistic-fit';

describe(splitByArticle.name, () => {
  it('puts every article on one side only, and about half of each kind of article on each side', () => {
    const items = Array.from({ length: 40 }, (_, i) => ({ answerable: i % 2 === 0, documentKey: String(i % 10), i }));
    const { dev, heldOut } = splitByArticle(items);
    const devKeys = new Set(dev.map((o) => o.documentKey));
    expect(heldOut.some((o) => devKeys.has(o.documentKey))).toBe(false);
    expect(dev.length + heldOut.length).toBe(items.length);
    for (const answerable of [true, false]) {
      const keys = (list: typeof items) => new Set(list.filter((o) => o.answerable === answerable).map((o) => o.documentKey)).size;
      expect(Math.abs(keys(dev) - keys(heldOut))).toBeLessThanOrEqual(1);
    }
  });
});

describe(fitLogistic.name, () => {
  it('recovers the direction and scale of a known logistic model', () => {
    // Deterministic samples whose labels follow P(y) = σ(−2 + 4·x₀ + 0·x₁) in expectation.
    const rows: number[][] = [];
    const labels: boolean[] = [];
    for (let i = 0; i < 40; i++) {
      for (let j = 0; j < 40; j++) {
        const x = [i / 39, j / 39];
        const p = sigmoid(-2 + 4 * x[0]);
        const yes = Math.round(p * 40);
        for (let k = 0; k < 40; k++) {
          rows.push(x);
          labels.push(k < yes);
        }
      }
    }
    const model = fitLogistic(rows, labels, 0);
    expect(model.intercept).toBeCloseTo(-2, 0);
    expect(model.weights[0]).toBeCloseTo(4, 0);
    expect(Math.abs(model.weights[1])).toBeLessThan(0.1);
  });
});
