/**
 * 32-bit FNV-1a over UTF-16 code units, chainable: hashing `b` with the hash of `a` as seed equals
 * hashing `a + b`, so features like bigrams are hashed without building their strings.
 */
export const FNV_OFFSET_BASIS = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

export function fnv1a(text: string, seed: number = FNV_OFFSET_BASIS): number {
  let hash = seed;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, FNV_PRIME);
  }
  return hash >>> 0;
}

export function fnv1aCode(code: number, seed: number): number {
  return Math.imul(seed ^ code, FNV_PRIME) >>> 0;
}

/** murmur3's finaliser: FNV's low bits are weak, so mix before taking a bucket and a sign. */
export function fmix32(value: number): number {
  let h = value;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
