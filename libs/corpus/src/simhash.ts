/**
 * SimHash codes for the vector pre-filter: a fixed pseudo-random rotation (three rounds of random sign flips
 * and a Walsh–Hadamard transform, "HD3") followed by the sign of each output. The Hamming distance of two
 * codes estimates the angle between the vectors (P[bit differs] = angle / π) whatever their sparsity — unlike
 * taking the signs of the raw vector, which for sparse vectors (hashed lexical features, short queries)
 * mostly measures how many non-zero entries each has.
 */

/** Stored in corpus_meta: a corpus whose codes were made another way gets them rebuilt. */
export const SIMHASH_SCHEME = 'simhash-hd3-v1';
export const SIMHASH_BITS = 1024;
const SEED = 0x5eed1ec7;
const ROUNDS = 3;

export class SimHasher {
  readonly bytes: number;
  private readonly size: number;
  /** One set of sign rounds per block of `size` output bits. */
  private readonly signs: Float64Array[][];
  private readonly work: Float64Array;

  constructor(
    readonly dimension: number,
    readonly bits: number = SIMHASH_BITS,
  ) {
    if (bits % 8 !== 0) throw new RangeError(`SimHash bits must be a multiple of 8, got ${bits}`);
    this.bytes = bits / 8;
    let size = 1;
    while (size < dimension) size *= 2;
    this.size = size;
    this.work = new Float64Array(size);
    const random = xorshift32(SEED);
    const blocks = Math.ceil(bits / size);
    this.signs = Array.from({ length: blocks }, () =>
      Array.from({ length: ROUNDS }, () => Float64Array.from({ length: size }, () => ((random() >>> 16) & 1 ? 1 : -1))),
    );
  }

  hash(vector: Float32Array): Buffer {
    const code = Buffer.alloc(this.bytes);
    const work = this.work;
    let bit = 0;
    for (const rounds of this.signs) {
      work.fill(0);
      for (let i = 0; i < this.dimension; i++) work[i] = vector[i];
      for (const signs of rounds) {
        for (let i = 0; i < this.size; i++) work[i] *= signs[i];
        walshHadamard(work);
      }
      for (let i = 0; i < this.size && bit < this.bits; i++, bit++) {
        if (work[i] > 0) code[bit >> 3] |= 1 << (bit & 7);
      }
    }
    return code;
  }
}

/** In-place fast Walsh–Hadamard transform (unnormalised; only signs are kept). Length must be a power of 2. */
function walshHadamard(values: Float64Array): void {
  for (let half = 1; half < values.length; half *= 2) {
    for (let start = 0; start < values.length; start += 2 * half) {
      for (let i = start; i < start + half; i++) {
        const a = values[i];
        const b = values[i + half];
        values[i] = a + b;
        values[i + half] = a - b;
      }
    }
  }
}

function xorshift32(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state;
  };
}
