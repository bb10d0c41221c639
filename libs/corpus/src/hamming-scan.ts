/**
 * An in-memory copy of the SimHash codes with Hamming-distance scans compiled to WebAssembly. The codes stay in
 * SQLite (contexts_vec_simhash); this copy exists because scanning them in SQL costs ~150 ns a row in VDBE and
 * function-call overhead (~150 ms at 1M contexts) and sqlite-vec 0.1.9's bit[] KNN selects its top k in
 * O(rows × k). The scans' source is hamming-scan.wat; the build compiles it into hamming-scan.wasm.ts.
 *
 * Codes are stored in blocks of BLOCK_CODES: a block holds its codes' prefixes (the first `prefixBytes` bytes) back
 * to back, then the rest of each code back to back. A shortlisted search (`nearest` with `shortlist`) reads only the
 * prefixes of every code — half the bytes for 1024-bit codes with 512-bit prefixes — keeps the `shortlist`
 * nearest by prefix distance, and ranks those by their full distance. That is approximate: a code whose prefix is
 * far but whose whole code is near can be missed (each prefix bit is an independent SimHash bit, so the prefix
 * distance estimates the same angle with fewer bits). Without a shortlist every code's full distance is computed.
 */
import { HAMMING_SCAN_WASM } from './hamming-scan.wasm';

const PAGE_BYTES = 65_536;
/** wasm32 addresses 4 GiB: ~30M codes of 128 bytes, far past what one SQLite corpus holds here. */
const MAX_PAGES = 65_536;
/** Codes per block (a power of two): 128 KiB blocks for 128-byte codes. */
const BLOCK_SHIFT = 10;
const BLOCK_CODES = 1 << BLOCK_SHIFT;
/** Prefix of each code scanned first by a shortlisted search: 512 of 1024 bits (256 kept too few true neighbours at 1M contexts). */
export const DEFAULT_PREFIX_BYTES = 64;
/** A removed code's distance: above any real one, so never counted or collected. */
const GONE = 0xffff;

/** The slice of the WebAssembly JS API used here: tsconfig's lib has no DOM, and @types/node 20 does not declare it. */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  Memory: new (descriptor: { initial: number; maximum: number }) => WasmMemory;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
let compiled: object | undefined;

/** hamming-scan.wat's exports (see there). */
interface ScanExports {
  scan(
    n: number,
    shift: number,
    blockBytes: number,
    offset: number,
    words: number,
    query: number,
    out: number,
    add: number,
    hist: number,
  ): void;
  gather(
    list: number,
    count: number,
    shift: number,
    blockBytes: number,
    offset: number,
    words: number,
    query: number,
    base: number,
    out: number,
  ): void;
  histogram(dist: number, n: number, max: number, hist: number): void;
  collect(dist: number, n: number, cutoff: number, quota: number, dest: number): number;
}

/** SimHash codes by context seq, appended in seq order, scanned for the codes nearest a query code. */
export class HammingScanner {
  private readonly memory = new wasm.Memory({ initial: 1, maximum: MAX_PAGES });
  private readonly exports: ScanExports;
  readonly prefixBytes: number;
  private readonly blockBytes: number;
  private seqs = new Float64Array(1024);
  /** 1 where the seq was removed; `goneAt` lists those positions. */
  private gone = new Uint8Array(1024);
  private goneAt: number[] = [];
  private length = 0;

  constructor(
    readonly codeBytes: number,
    prefixBytes = Math.min(DEFAULT_PREFIX_BYTES, codeBytes),
  ) {
    if (codeBytes <= 0 || codeBytes % 8 !== 0) throw new RangeError(`code bytes must be a positive multiple of 8, got ${codeBytes}`);
    if (prefixBytes <= 0 || prefixBytes % 8 !== 0 || prefixBytes > codeBytes)
      throw new RangeError(`prefix bytes must be a positive multiple of 8 up to ${codeBytes}, got ${prefixBytes}`);
    this.prefixBytes = prefixBytes;
    this.blockBytes = BLOCK_CODES * codeBytes;
    compiled ??= new wasm.Module(Buffer.from(HAMMING_SCAN_WASM, 'base64'));
    this.exports = new wasm.Instance(compiled, { env: { memory: this.memory } }).exports as unknown as ScanExports;
  }

  /** Codes held and not removed. */
  get size(): number {
    return this.length - this.goneAt.length;
  }

  /** The largest seq held (0 when empty): rows above it are new. */
  get lastSeq(): number {
    return this.length === 0 ? 0 : this.seqs[this.length - 1];
  }

  /** Adds a code; seqs must come in increasing order (SQLite's rowid order), which keeps remove() a binary search. */
  append(seq: number, code: Uint8Array): void {
    if (code.length !== this.codeBytes) throw new RangeError(`expected a ${this.codeBytes}-byte code, got ${code.length}`);
    if (seq <= this.lastSeq) throw new RangeError(`seq ${seq} is not above ${this.lastSeq}`);
    if (this.length === this.seqs.length) {
      const grown = new Float64Array(this.seqs.length * 2);
      grown.set(this.seqs);
      this.seqs = grown;
      const grownGone = new Uint8Array(grown.length);
      grownGone.set(this.gone);
      this.gone = grownGone;
    }
    const i = this.length;
    this.ensureBytes(this.codesEnd(i + 1));
    const bytes = new Uint8Array(this.memory.buffer);
    const block = (i >>> BLOCK_SHIFT) * this.blockBytes;
    const within = i & (BLOCK_CODES - 1);
    bytes.set(code.subarray(0, this.prefixBytes), block + within * this.prefixBytes);
    const restBytes = this.codeBytes - this.prefixBytes;
    if (restBytes > 0) bytes.set(code.subarray(this.prefixBytes), block + BLOCK_CODES * this.prefixBytes + within * restBytes);
    this.seqs[this.length++] = seq;
  }

  /** Forgets a seq (its code stays in place but is never returned). */
  remove(seq: number): void {
    let lo = 0;
    let hi = this.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.seqs[mid] < seq) lo = mid + 1;
      else if (this.seqs[mid] > seq) hi = mid - 1;
      else {
        if (this.gone[mid] === 0) this.goneAt.push(mid);
        this.gone[mid] = 1;
        return;
      }
    }
  }

  clear(): void {
    this.gone.fill(0, 0, this.length);
    this.goneAt = [];
    this.length = 0;
  }

  /**
   * The seqs of the `count` codes nearest `query` by Hamming distance, nearest first (ties in seq order). With a
   * `shortlist` smaller than the codes held, only the `shortlist` nearest by prefix distance are ranked (see above).
   */
  nearest(query: Uint8Array, count: number, shortlist = Number.POSITIVE_INFINITY): number[] {
    if (query.length !== this.codeBytes) throw new RangeError(`expected a ${this.codeBytes}-byte query code, got ${query.length}`);
    const n = this.length;
    const restBytes = this.codeBytes - this.prefixBytes;
    const staged = restBytes > 0 && shortlist < this.size && shortlist > count;
    const want = Math.max(0, Math.min(count, this.size));
    const listed = staged ? shortlist : 0;
    // Scratch after the codes: query, a u16 distance per code, a histogram, the shortlist and its distances, the result.
    const queryAt = this.codesEnd(n);
    const distAt = align(queryAt + this.codeBytes);
    const histAt = align(distAt + 2 * n);
    const histLength = this.codeBytes * 8 + 1;
    const listAt = histAt + 4 * histLength;
    const listDistAt = align(listAt + 4 * listed);
    const resultAt = align(listDistAt + 2 * listed);
    this.ensureBytes(resultAt + 4 * want);
    new Uint8Array(this.memory.buffer, queryAt, this.codeBytes).set(query);
    if (want === 0) return [];
    const { scan, gather } = this.exports;
    const restOffset = BLOCK_CODES * this.prefixBytes;
    // The last scan over every code also counts the distances into the histogram (see cut).
    const histogram = new Uint32Array(this.memory.buffer, histAt, histLength);
    histogram.fill(0);
    const lastScan = !staged && restBytes > 0 ? 0 : histAt;
    scan(n, BLOCK_SHIFT, this.blockBytes, 0, this.prefixBytes / 8, queryAt, distAt, 0, lastScan);
    const distances = new Uint16Array(this.memory.buffer, distAt, n);
    if (!staged && restBytes > 0) {
      scan(n, BLOCK_SHIFT, this.blockBytes, restOffset, restBytes / 8, queryAt + this.prefixBytes, distAt, 1, histAt);
    }
    this.uncount(distances, histogram);
    if (!staged) return this.select(distAt, n, want, histAt, histLength, resultAt, true).map((i) => this.seqs[i]);
    const kept = this.cut(distAt, n, shortlist, histAt, histLength, listAt, true).written;
    gather(listAt, kept, BLOCK_SHIFT, this.blockBytes, restOffset, restBytes / 8, queryAt + this.prefixBytes, distAt, listDistAt);
    // Positions in the shortlist are in code order, so ties stay in seq order.
    const shortlisted = new Uint32Array(this.memory.buffer, listAt, kept);
    return this.select(listDistAt, kept, want, histAt, histLength, resultAt).map((j) => this.seqs[shortlisted[j]]);
  }

  /** Takes the removed codes out of the scan's histogram and marks them GONE, which select never counts or collects. */
  private uncount(distances: Uint16Array, histogram: Uint32Array): void {
    for (const i of this.goneAt) {
      if (distances[i] < histogram.length) histogram[distances[i]]--;
      distances[i] = GONE;
    }
  }

  /**
   * The positions of the `count` smallest of the `n` u16 distances at `distAt`, ordered by distance by a counting
   * sort (stable, so ties stay in position order); see `cut`.
   */
  private select(distAt: number, n: number, count: number, histAt: number, histLength: number, destAt: number, counted = false): number[] {
    const { written, cutoff } = this.cut(distAt, n, count, histAt, histLength, destAt, counted);
    const collected = new Uint32Array(this.memory.buffer, destAt, written);
    const distances = new Uint16Array(this.memory.buffer, distAt, n);
    const next = new Uint32Array(Math.min(cutoff, histLength - 1) + 2);
    for (const i of collected) next[distances[i] + 1]++;
    for (let d = 1; d < next.length; d++) next[d] += next[d - 1];
    const ordered = new Array<number>(collected.length);
    for (const i of collected) ordered[next[distances[i]]++] = i;
    return ordered;
  }

  /**
   * Writes the positions of the `count` smallest of the `n` u16 distances at `distAt` (those above the histogram's
   * range left out) to `destAt` as u32, in position order: the histogram (counted here unless the scan `counted` it)
   * finds the cut-off distance, one pass collects them. Returns how many it wrote and the cut-off.
   */
  private cut(
    distAt: number,
    n: number,
    count: number,
    histAt: number,
    histLength: number,
    destAt: number,
    counted: boolean,
  ): { written: number; cutoff: number } {
    const histogram = new Uint32Array(this.memory.buffer, histAt, histLength);
    if (!counted) {
      histogram.fill(0);
      this.exports.histogram(distAt, n, histLength - 1, histAt);
    }
    let taken = 0;
    let cutoff = 0;
    for (; cutoff < histLength && taken + histogram[cutoff] < count; cutoff++) taken += histogram[cutoff];
    const quota = cutoff < histLength ? count - taken : 0;
    return { written: this.exports.collect(distAt, n, cutoff, quota, destAt), cutoff };
  }

  /** Bytes taken by the blocks holding `codes` codes. */
  private codesEnd(codes: number): number {
    return Math.ceil(codes / BLOCK_CODES) * this.blockBytes;
  }

  private ensureBytes(bytes: number): void {
    const have = this.memory.buffer.byteLength;
    if (bytes <= have) return;
    // Grow by at least half again, so appending a million codes one by one does not grow a million times.
    const wanted = Math.max(Math.ceil(bytes / PAGE_BYTES), Math.ceil((have * 1.5) / PAGE_BYTES));
    this.memory.grow(Math.min(MAX_PAGES, wanted) - have / PAGE_BYTES);
  }
}

function align(bytes: number): number {
  return Math.ceil(bytes / 8) * 8;
}
