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

/** The shortlisted search as documented: the `shortlist` nearest by prefix distance (ties in seq order), then by full distance. */
function bruteForceShortlisted(
  codes: Uint8Array[],
  seqs: number[],
  query: Uint8Array,
  count: number,
  shortlist: number,
  prefix: number,
): number[] {
  const kept = codes
    .map((code, i) => ({ code, seq: seqs[i], distance: hamming(code.subarray(0, prefix), query.subarray(0, prefix)) }))
    .sort((x, y) => x.distance - y.distance || x.seq - y.seq)
    .slice(0, shortlist);
  return bruteForce(
    kept.map((entry) => entry.code),
    kept.map((entry) => entry.seq),
    query,
    count,
  );
}

/** `query` with `flips` of its bits inverted, spread over the whole code. */
function near(query: Uint8Array, flips: number, seed: number): Uint8Array {
  const code = Uint8Array.from(query);
  for (let f = 0; f < flips; f++) {
    const bit = (seed * 7919 + f * 104_729) % (code.length * 8);
    code[bit >> 3] ^= 1 << (bit & 7);
  }
  return code;
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

  describe('with a shortlist', () => {
    const prefix = 32;

    it('ranks the shortlist nearest by prefix on their full codes, across several blocks, ties in seq order', () => {
      const codes = randomCodes(5000, bytes, 6);
      const seqs = codes.map((_, i) => 3 + i * 2);
      const scanner = new HammingScanner(bytes, prefix);
      codes.forEach((code, i) => scanner.append(seqs[i], code));
      for (const query of randomCodes(4, bytes, 7)) {
        expect(scanner.nearest(query, 50, 400)).toEqual(bruteForceShortlisted(codes, seqs, query, 50, 400, prefix));
      }
    });

    it('finds the same nearest codes as the full scan when they are near on the whole code', () => {
      const [query] = randomCodes(1, bytes, 8);
      const planted = Array.from({ length: 20 }, (_, i) => near(query, 40 + i * 8, i + 1));
      const codes = [...randomCodes(4000, bytes, 9), ...planted];
      const scanner = new HammingScanner(bytes, prefix);
      codes.forEach((code, i) => scanner.append(i + 1, code));
      const full = scanner.nearest(query, 20);
      expect(full).toEqual(
        bruteForce(
          codes,
          codes.map((_, i) => i + 1),
          query,
          20,
        ),
      );
      expect(scanner.nearest(query, 20, 200)).toEqual(full);
    });

    it('is the full scan when the shortlist holds every code or no more than the count', () => {
      const codes = randomCodes(300, bytes, 10);
      const scanner = new HammingScanner(bytes, prefix);
      codes.forEach((code, i) => scanner.append(i + 1, code));
      const [query] = randomCodes(1, bytes, 11);
      const full = bruteForce(
        codes,
        codes.map((_, i) => i + 1),
        query,
        100,
      );
      expect(scanner.nearest(query, 100, 300)).toEqual(full);
      expect(scanner.nearest(query, 100, 100)).toEqual(full);
      expect(scanner.nearest(query, 500, 1000)).toHaveLength(300);
    });

    it('never shortlists a removed seq and returns what is left when fewer codes than asked remain', () => {
      const codes = randomCodes(2000, bytes, 12);
      const scanner = new HammingScanner(bytes, prefix);
      codes.forEach((code, i) => scanner.append(i + 1, code));
      scanner.remove(777);
      expect(scanner.nearest(codes[776], 10, 100)).not.toContain(777);
      const seqs = codes.map((_, i) => i + 1).filter((seq) => seq !== 777);
      const kept = codes.filter((_, i) => i !== 776);
      expect(scanner.nearest(codes[776], 10, 100)).toEqual(bruteForceShortlisted(kept, seqs, codes[776], 10, 100, prefix));
    });

    it('keeps ties in seq order when every code is the same', () => {
      const scanner = new HammingScanner(bytes, prefix);
      for (let seq = 1; seq <= 1500; seq++) scanner.append(seq, new Uint8Array(bytes));
      expect(scanner.nearest(new Uint8Array(bytes), 5, 50)).toEqual([1, 2, 3, 4, 5]);
      expect(scanner.nearest(new Uint8Array(bytes), 5)).toEqual([1, 2, 3, 4, 5]);
    });

    it('returns nothing from an empty scanner', () => {
      expect(new HammingScanner(bytes, prefix).nearest(new Uint8Array(bytes), 10, 100)).toEqual([]);
    });

    it('refuses a prefix that is not a whole number of words within the code', () => {
      expect(() => new HammingScanner(bytes, 12)).toThrow(RangeError);
      expect(() => new HammingScanner(bytes, bytes + 8)).toThrow(RangeError);
    });
  });
});
