import { HammingScanner } from './hamming-scan';

/** Codes from a seeded generator, so each run scans the same data. */
function randomCodes(count: number, bytes: number, seed: number): Uint8Array[] {
  let state = seed;
  const next = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state >>> 24;
  };
  return Array.from({ length: count }, () => Uint8Array.from({ length: bytes }, next));
}

function hamming(a: Uint8Array, b: Uint8Array): number {
  let bits = 0;
  for (let i = 0; i < a.length; i++) for (let x = a[i] ^ b[i]; x; x &= x - 1) bits++;
  return bits;
}

/** The reference answer: every code's distance, sorted by distance then seq. */
function bruteForce(codes: Uint8Array[], seqs: number[], query: Uint8Array, count: number): number[] {
  return codes
    .map((code, i) => ({ seq: seqs[i], distance: hamming(code, query) }))
    .sort((x, y) => x.distance - y.distance || x.seq - y.seq)
    .slice(0, count)
    .map((entry) => entry.seq);
}

describe(HammingScanner.name, () => {
  const bytes = 128;

  it('returns the codes nearest the query by Hamming distance, nearest first, ties in seq order', () => {
    const codes = randomCodes(3000, bytes, 1);
    const seqs = codes.map((_, i) => 10 + i * 3);
    const scanner = new HammingScanner(bytes);
    codes.forEach((code, i) => scanner.append(seqs[i], code));
    for (const query of randomCodes(5, bytes, 2)) {
      expect(scanner.nearest(query, 100)).toEqual(bruteForce(codes, seqs, query, 100));
    }
  });

  it('finds a stored code itself at distance 0', () => {
    const codes = randomCodes(500, bytes, 3);
    const scanner = new HammingScanner(bytes);
    codes.forEach((code, i) => scanner.append(i + 1, code));
    expect(scanner.nearest(codes[321], 1)).toEqual([322]);
  });

  it('never returns a removed seq and counts only the codes left', () => {
    const codes = randomCodes(200, bytes, 4);
    const scanner = new HammingScanner(bytes);
    codes.forEach((code, i) => scanner.append(i + 1, code));
    scanner.remove(51);
    scanner.remove(51);
    scanner.remove(9999);
    expect(scanner.size).toBe(199);
    expect(scanner.nearest(codes[50], 200)).not.toContain(51);
    expect(scanner.nearest(codes[50], 500)).toHaveLength(199);
  });

  it('grows its memory as codes are appended and keeps the earlier ones intact', () => {
    const codes = randomCodes(20_000, bytes, 5); // 2.5 MB of codes: many times the first 64 KiB page
    const scanner = new HammingScanner(bytes);
    codes.forEach((code, i) => scanner.append(i + 1, code));
    expect(scanner.lastSeq).toBe(20_000);
    expect(scanner.nearest(codes[0], 1)).toEqual([1]);
    expect(scanner.nearest(codes[19_999], 1)).toEqual([20_000]);
  });

  it('empties on clear and scans nothing when empty', () => {
    const scanner = new HammingScanner(bytes);
    expect(scanner.nearest(new Uint8Array(bytes), 10)).toEqual([]);
    scanner.append(5, new Uint8Array(bytes));
    scanner.clear();
    expect(scanner.size).toBe(0);
    expect(scanner.lastSeq).toBe(0);
    scanner.append(1, new Uint8Array(bytes));
    expect(scanner.nearest(new Uint8Array(bytes), 10)).toEqual([1]);
  });

  it('refuses seqs out of order and codes of the wrong size', () => {
    const scanner = new HammingScanner(bytes);
    scanner.append(5, new Uint8Array(bytes));
    expect(() => scanner.append(5, new Uint8Array(bytes))).toThrow(RangeError);
    expect(() => scanner.append(6, new Uint8Array(bytes - 8))).toThrow(RangeError);
    expect(() => new HammingScanner(12)).toThrow(RangeError);
  });
});
