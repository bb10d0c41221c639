/**
 * An in-memory copy of the SimHash codes with a Hamming-distance scan compiled to WebAssembly. The codes stay in
 * SQLite (contexts_vec_simhash); this copy exists because scanning them in SQL costs ~150 ns a row in VDBE and
 * function-call overhead (~150 ms at 1M contexts) and sqlite-vec 0.1.9's bit[] KNN selects its top k in
 * O(rows × k), while WebAssembly's i64.popcnt scans 1M 1024-bit codes in ~8 ms on one core. The scan's source is
 * hamming-scan.wat; the build compiles it into hamming-scan.wasm.ts.
 */
import { HAMMING_SCAN_WASM } from './hamming-scan.wasm';

const PAGE_BYTES = 65_536;
/** wasm32 addresses 4 GiB: ~30M codes of 128 bytes, far past what one SQLite corpus holds here. */
const MAX_PAGES = 65_536;

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

/** hamming-scan.wat's export: writes the Hamming distance of each of `n` codes to `query` as a u16 from byte `out`. */
type ScanFunction = (codes: number, n: number, query: number, words: number, out: number) => void;

/** SimHash codes by context seq, appended in seq order, scanned for the codes nearest a query code. */
export class HammingScanner {
  private readonly memory = new wasm.Memory({ initial: 1, maximum: MAX_PAGES });
  private readonly scan: ScanFunction;
  private seqs = new Float64Array(1024);
  /** 1 where the seq was removed. */
  private gone = new Uint8Array(1024);
  private length = 0;
  private removed = 0;

  constructor(readonly codeBytes: number) {
    if (codeBytes <= 0 || codeBytes % 8 !== 0) throw new RangeError(`code bytes must be a positive multiple of 8, got ${codeBytes}`);
    compiled ??= new wasm.Module(Buffer.from(HAMMING_SCAN_WASM, 'base64'));
    const instance = new wasm.Instance(compiled, { env: { memory: this.memory } });
    this.scan = instance.exports.scan as ScanFunction;
  }

  /** Codes held and not removed. */
  get size(): number {
    return this.length - this.removed;
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
    this.reserve(this.length + 1);
    new Uint8Array(this.memory.buffer, this.length * this.codeBytes, this.codeBytes).set(code);
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
        if (this.gone[mid] === 0) this.removed++;
        this.gone[mid] = 1;
        return;
      }
    }
  }

  clear(): void {
    this.gone.fill(0, 0, this.length);
    this.length = 0;
    this.removed = 0;
  }

  /** The seqs of the `count` codes nearest `query` by Hamming distance, nearest first (ties in seq order). */
  nearest(query: Uint8Array, count: number): number[] {
    if (query.length !== this.codeBytes) throw new RangeError(`expected a ${this.codeBytes}-byte query code, got ${query.length}`);
    const n = this.length;
    const queryAt = n * this.codeBytes;
    const outAt = queryAt + this.codeBytes;
    this.ensureBytes(outAt + 2 * n);
    new Uint8Array(this.memory.buffer, queryAt, this.codeBytes).set(query);
    this.scan(0, n, queryAt, this.codeBytes / 8, outAt);
    const distances = new Uint16Array(this.memory.buffer, outAt, n);
    // Counting sort by distance: a histogram finds the cut-off distance, then one pass places each candidate.
    const gone = this.gone;
    const histogram = new Uint32Array(this.codeBytes * 8 + 1);
    for (let i = 0; i < n; i++) if (gone[i] === 0) histogram[distances[i]]++;
    const next = new Uint32Array(histogram.length);
    const end = new Uint32Array(histogram.length);
    let taken = 0;
    let cutoff = 0;
    for (; cutoff < histogram.length && taken < count; cutoff++) {
      next[cutoff] = taken;
      taken += Math.min(histogram[cutoff], count - taken);
      end[cutoff] = taken;
    }
    const result = new Array<number>(taken);
    for (let i = 0; i < n; i++) {
      const distance = distances[i];
      if (distance >= cutoff || gone[i] === 1 || next[distance] === end[distance]) continue;
      result[next[distance]++] = this.seqs[i];
    }
    return result;
  }

  /** Room for `codes` codes plus the scan's scratch (query code and a u16 per code). */
  private reserve(codes: number): void {
    this.ensureBytes(codes * this.codeBytes + this.codeBytes + 2 * codes);
  }

  private ensureBytes(bytes: number): void {
    const have = this.memory.buffer.byteLength;
    if (bytes <= have) return;
    // Grow by at least half again, so appending a million codes one by one does not grow a million times.
    const wanted = Math.max(Math.ceil(bytes / PAGE_BYTES), Math.ceil((have * 1.5) / PAGE_BYTES));
    this.memory.grow(Math.min(MAX_PAGES, wanted) - have / PAGE_BYTES);
  }
}
