/** Logistic regression for the abstention model's calibration (evidence-fit.ts, article-calibration.ts). */

export interface LogisticModel {
  intercept: number;
  weights: number[];
}

/**
 * Logistic regression by Newton's method with a small ridge (on standardised features, so the ridge treats them
 * alike), returned in the features' own scale: P(answerable) = σ(intercept + Σ weight·x).
 */
export function fitLogistic(rows: readonly number[][], labels: readonly boolean[], ridge = 1e-2, iterations = 50): LogisticModel {
  const n = rows.length;
  const d = rows[0]?.length ?? 0;
  const mean = Array.from({ length: d }, (_, j) => rows.reduce((s, r) => s + r[j], 0) / n);
  const std = Array.from({ length: d }, (_, j) => Math.sqrt(rows.reduce((s, r) => s + (r[j] - mean[j]) ** 2, 0) / n) || 1);
  const x = rows.map((r) => [1, ...r.map((v, j) => (v - mean[j]) / std[j])]);
  const y = labels.map((l) => (l ? 1 : 0));
  let beta = new Array<number>(d + 1).fill(0);
  for (let it = 0; it < iterations; it++) {
    const gradient = new Array<number>(d + 1).fill(0);
    const hessian = Array.from({ length: d + 1 }, () => new Array<number>(d + 1).fill(0));
    for (let i = 0; i < n; i++) {
      const p = sigmoid(dot(beta, x[i]));
      const w = p * (1 - p);
      for (let a = 0; a <= d; a++) {
        gradient[a] += (y[i] - p) * x[i][a];
        for (let b = 0; b <= d; b++) hessian[a][b] += w * x[i][a] * x[i][b];
      }
    }
    for (let a = 1; a <= d; a++) {
      gradient[a] -= ridge * n * beta[a];
      hessian[a][a] += ridge * n;
    }
    const step = solve(hessian, gradient);
    beta = beta.map((b, a) => b + step[a]);
    if (Math.max(...step.map(Math.abs)) < 1e-9) break;
  }
  const weights = beta.slice(1).map((b, j) => b / std[j]);
  const intercept = beta[0] - weights.reduce((s, w, j) => s + w * mean[j], 0);
  return { intercept, weights };
}

export function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

function dot(a: readonly number[], b: readonly number[]): number {
  return a.reduce((s, v, i) => s + v * b[i], 0);
}

/** Gaussian elimination with partial pivoting (the systems here are a dozen unknowns). */
function solve(matrix: number[][], vector: number[]): number[] {
  const n = vector.length;
  const m = matrix.map((row, i) => [...row, vector[i]]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r][col]) > Math.abs(m[pivot][col])) pivot = r;
    [m[col], m[pivot]] = [m[pivot], m[col]];
    if (Math.abs(m[col][col]) < 1e-12) continue;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r][col] / m[col][col];
      for (let c = col; c <= n; c++) m[r][c] -= f * m[col][c];
    }
  }
  return m.map((row, i) => (Math.abs(row[i]) < 1e-12 ? 0 : row[n] / row[i]));
}
