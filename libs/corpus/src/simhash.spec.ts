import { SIMHASH_BITS, SimHasher } from './simhash';

describe(SimHasher.name, () => {
  const random = seededRandom(11);
  const gaussian = () => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());

  function hamming(a: Buffer, b: Buffer): number {
    let bits = 0;
    for (let i = 0; i < a.length; i++) for (let x = a[i] ^ b[i]; x; x &= x - 1) bits++;
    return bits;
  }

  function angle(a: Float32Array, b: Float32Array): number {
    let dot = 0;
    let na = 0;
    let nb = 0;
    for (let i = 0; i < a.length; i++) {
      dot += a[i] * b[i];
      na += a[i] * a[i];
      nb += b[i] * b[i];
    }
    return Math.acos(Math.max(-1, Math.min(1, dot / Math.sqrt(na * nb))));
  }

  /** Sparse like a short query through a hashing embedder: a few dozen non-zero entries. */
  function sparseVector(dimension: number, nonZero: number): Float32Array {
    const vector = new Float32Array(dimension);
    for (let i = 0; i < nonZero; i++) vector[Math.floor(random() * dimension)] = gaussian();
    return vector;
  }

  it('is deterministic and SIMHASH_BITS long', () => {
    const vector = sparseVector(768, 40);
    const code = new SimHasher(768).hash(vector);
    expect(code).toHaveLength(SIMHASH_BITS / 8);
    expect(new SimHasher(768).hash(vector).equals(code)).toBe(true);
  });

  it('estimates the angle between sparse vectors from the Hamming distance (bits differ with p = angle / π)', () => {
    const hasher = new SimHasher(768);
    let worst = 0;
    for (let trial = 0; trial < 50; trial++) {
      const a = sparseVector(768, 30);
      const b = Float32Array.from(a, (x, i) => (random() < 0.5 ? x : 0) + (i % 7 === 0 ? gaussian() * 0.3 : 0));
      const estimate = (Math.PI * hamming(hasher.hash(a), hasher.hash(b))) / SIMHASH_BITS;
      worst = Math.max(worst, Math.abs(estimate - angle(a, b)));
    }
    // 1024 bits: standard error ≤ π·√(0.25/1024) ≈ 0.05 rad.
    expect(worst).toBeLessThan(0.2);
  });

  it('ranks a sparse vector’s true neighbour far ahead of unrelated dense ones', () => {
    const hasher = new SimHasher(768);
    const query = sparseVector(768, 20);
    const neighbour = Float32Array.from(query, (x) => x + gaussian() * 0.05);
    const others = Array.from({ length: 200 }, () => Float32Array.from({ length: 768 }, gaussian));
    const distances = others.map((o) => hamming(hasher.hash(query), hasher.hash(o)));
    expect(hamming(hasher.hash(query), hasher.hash(neighbour))).toBeLessThan(Math.min(...distances) / 2);
  });

  it('works for dimensions that are not a power of two and smaller than the code', () => {
    const hasher = new SimHasher(100);
    const a = Float32Array.from({ length: 100 }, gaussian);
    expect(hasher.hash(a)).toHaveLength(SIMHASH_BITS / 8);
    expect(hamming(hasher.hash(a), hasher.hash(a.map((x) => -x)))).toBe(SIMHASH_BITS);
  });
});

function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}
