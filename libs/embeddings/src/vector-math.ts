/** Scales a vector to unit length in place; a zero vector stays zero (it has no direction to keep). */
export function normalizeInPlace(vector: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += vector[i] * vector[i];
  if (sum === 0) return vector;
  const scale = 1 / Math.sqrt(sum);
  for (let i = 0; i < vector.length; i++) vector[i] *= scale;
  return vector;
}

/**
 * Pools one row of a [batch, sequence, hidden] output: the mean over the tokens whose mask is 1 (padding
 * excluded), or the first token's state (`cls`, for models trained that way). Accumulates in float64.
 */
export function poolRow(
  states: Float32Array,
  row: number,
  sequence: number,
  hidden: number,
  mask: ArrayLike<number | bigint>,
  pooling: 'mean' | 'cls',
): Float32Array {
  const base = row * sequence * hidden;
  if (pooling === 'cls') return states.slice(base, base + hidden);
  const sums = new Float64Array(hidden);
  let tokens = 0;
  for (let t = 0; t < sequence; t++) {
    if (Number(mask[row * sequence + t]) === 0) continue;
    tokens++;
    const offset = base + t * hidden;
    for (let h = 0; h < hidden; h++) sums[h] += states[offset + h];
  }
  const pooled = new Float32Array(hidden);
  if (tokens > 0) for (let h = 0; h < hidden; h++) pooled[h] = sums[h] / tokens;
  return pooled;
}
