import type Database from 'better-sqlite3';
import { InvalidVectorError } from './errors';
import { HammingScanner } from './hamming-scan';
import { SimHasher } from './simhash';

export const VECTOR_TABLE = 'contexts_vec';
/** SimHash code per context: a narrow plain table scanned first when the corpus is large (see SimHasher). */
export const SIMHASH_TABLE = 'contexts_vec_simhash';

/**
 * Below this many contexts the exact vec0 scan is fast enough (~1 ms per 1,000 contexts at 768 dimensions
 * on one core: sqlite-vec 0.1.9's cosine loop is scalar). Above it, search ranks the SimHash codes by Hamming
 * distance and re-scores the best candidates exactly.
 */
export const EXACT_SCAN_MAX_CONTEXTS = 10_000;
/**
 * Candidates re-scored exactly: the first pass's reach. On lexical vectors at 1M contexts 2,000 give recall@10 0.99
 * and recall@80 0.97 against the exact scan (1,000: 0.99 / 0.93; 4,000: 0.99 / 0.99); each 1,000 costs ~8 ms of
 * re-scoring there (random reads of the float vectors).
 */
export const DEFAULT_RESCORE_CANDIDATES = 2000;

/**
 * Where the SimHash first pass runs. `memory`: a WebAssembly scan over a copy of the codes kept in memory
 * (128 bytes a context, loaded on the first large search, kept in step with the table); `sql`: a plain SQL scan
 * of the codes table, no memory but ~10× slower at 1M contexts.
 */
export type VectorPrefilter = 'memory' | 'sql';
export const VECTOR_PREFILTERS: readonly VectorPrefilter[] = ['memory', 'sql'];

export interface VectorSearchSettings {
  prefilter: VectorPrefilter;
  /** Candidates of the first pass re-scored exactly (at least k). */
  rescoreCandidates: number;
  /**
   * Memory prefilter only: the first pass ranks on all 1024 bits only this many codes, those nearest by their first
   * 512 (HammingScanner's shortlist; approximate); 0 ranks every code on all bits. DEFAULT_SHORTLIST when left out.
   */
  shortlist?: number;
}

/**
 * Codes the memory first pass ranks on all bits. At 1M contexts, with 2,000 re-scored, 50,000 cost the vector leg
 * little recall against the exact scan (recall@10 / @80 0.990 / 0.961 against 0.993 / 0.965 for the full pass; hybrid
 * recall@10 0.973 either way) while reading half the code bytes plus 50,000 scattered rests (bench/RESULTS.md, search
 * tail); 256-bit prefixes lost neighbours (top-80 overlap with the full pass 0.93 at 50,000).
 */
export const DEFAULT_SHORTLIST = 50_000;

export const DEFAULT_VECTOR_SEARCH: VectorSearchSettings = {
  prefilter: 'memory',
  rescoreCandidates: DEFAULT_RESCORE_CANDIDATES,
  shortlist: DEFAULT_SHORTLIST,
};
/** sqlite-vec refuses k above 4096. */
const MAX_KNN_K = 4096;

export interface VectorMatch {
  rowid: number;
  score: number;
}

/** The vector tables of a corpus; the only code that knows they exist. */
export class VectorIndex {
  private readonly simhash: SimHasher;
  private readonly insertFloat: Database.Statement;
  private readonly insertCode: Database.Statement;
  private readonly deleteFloat: Database.Statement;
  private readonly deleteCode: Database.Statement;
  private readonly rescoreIndexed: Database.Statement<[Buffer, string, number], { rowid: number; distance: number }>;
  private readonly exactKnn: Database.Statement<[Buffer, number], { rowid: number; distance: number }>;
  private readonly hammingScan: Database.Statement<[Buffer, number], { rowid: number }>;
  private readonly rescore: Database.Statement<[Buffer, string, number], { rowid: number; distance: number }>;
  private readonly beyondExactScan: Database.Statement<[number], number>;
  private readonly codesAfter: Database.Statement<[number], [number, Buffer]>;
  private readonly dataVersion: Database.Statement<[], number>;
  private readonly codesStillHeld: Database.Statement<[string], number>;
  /** The in-memory codes (prefilter `memory`), made on the first search that needs them. */
  private scanner?: HammingScanner;
  /** Seqs this connection removed, dropped from the scanner once the removal is known to have committed. */
  private removals: number[] = [];
  /** data_version when the scanner was last brought up to date; it changes when another connection commits. */
  private scannedVersion = -1;
  /** Set by this connection's own writes, which data_version does not count. */
  private scannerStale = true;

  constructor(
    private readonly db: Database.Database,
    readonly dimension: number,
    private readonly settings: VectorSearchSettings = DEFAULT_VECTOR_SEARCH,
  ) {
    this.simhash = new SimHasher(dimension);
    this.insertFloat = db.prepare(`INSERT INTO ${VECTOR_TABLE} (rowid, embedding) VALUES (?, ?)`);
    this.insertCode = db.prepare(`INSERT INTO ${SIMHASH_TABLE} (seq, code) VALUES (?, ?)`);
    this.deleteFloat = db.prepare(`DELETE FROM ${VECTOR_TABLE} WHERE rowid = ?`);
    this.deleteCode = db.prepare(`DELETE FROM ${SIMHASH_TABLE} WHERE seq = ?`);
    this.exactKnn = db.prepare(`SELECT rowid, distance FROM ${VECTOR_TABLE} WHERE embedding MATCH ? AND k = ? ORDER BY distance`);
    // A plain scan with a LIMIT sorter: sqlite-vec's own KNN over a bit[] vec0 table costs O(rows × k) in its
    // per-chunk top-k selection, ~145 ms at 100k rows for k = 1000 against ~15 ms for this scan.
    this.hammingScan = db.prepare(`
      SELECT seq AS rowid FROM ${SIMHASH_TABLE}
      ORDER BY vec_distance_hamming(vec_bit(code), vec_bit(?)) LIMIT ?`);
    // Exact cosine on the float copy kept in contexts.embedding, one rowid lookup per candidate.
    this.rescore = db.prepare(`
      SELECT c.seq AS rowid, vec_distance_cosine(c.embedding, ?) AS distance
      FROM json_each(?) AS candidate JOIN contexts c ON c.seq = candidate.value
      ORDER BY distance, c.seq LIMIT ?`);
    // A scoped search scores its rows exactly; joining the codes leaves out what add() left out (zero vectors).
    this.rescoreIndexed = db.prepare(`
      SELECT c.seq AS rowid, vec_distance_cosine(c.embedding, ?) AS distance
      FROM json_each(?) AS candidate JOIN ${SIMHASH_TABLE} h ON h.seq = candidate.value JOIN contexts c ON c.seq = h.seq
      ORDER BY distance, c.seq LIMIT ?`);
    // Not COUNT(*): it reads every page of the codes table, ~150–300 ms at 1M contexts.
    this.beyondExactScan = db.prepare(`SELECT 1 FROM ${SIMHASH_TABLE} LIMIT 1 OFFSET ?`).pluck() as Database.Statement<[number], number>;
    this.codesAfter = db.prepare(`SELECT seq, code FROM ${SIMHASH_TABLE} WHERE seq > ? ORDER BY seq`).raw() as Database.Statement<
      [number],
      [number, Buffer]
    >;
    this.dataVersion = db.prepare('PRAGMA data_version').pluck() as Database.Statement<[], number>;
    this.codesStillHeld = db
      .prepare(`SELECT seq FROM ${SIMHASH_TABLE} WHERE seq IN (SELECT value FROM json_each(?))`)
      .pluck() as Database.Statement<[string], number>;
  }

  /** Creates the tables for `dimension` (first open of a new corpus, or an imported export). */
  static create(db: Database.Database, dimension: number): void {
    db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS ${VECTOR_TABLE} USING vec0(embedding float[${dimension}] distance_metric=cosine)`);
    db.exec(`CREATE TABLE IF NOT EXISTS ${SIMHASH_TABLE} (seq INTEGER PRIMARY KEY, code BLOB NOT NULL)`);
  }

  /** Drops the derived vector tables: the export must open without sqlite-vec, and the codes are rebuilt on import. */
  static dropStatements(): string[] {
    return [`DROP TABLE IF EXISTS ${SIMHASH_TABLE}`, `DROP TABLE IF EXISTS ${VECTOR_TABLE}`];
  }

  /**
   * Indexes one context. A zero vector (a text with no features, e.g. a formula of symbols only) is left out:
   * its cosine distance is NaN, which sqlite-vec would rank as nearest to every query.
   */
  add(rowid: number, vector: Float32Array): void {
    const blob = this.toBlob(vector);
    if (isZero(vector)) return;
    this.insertFloat.run(BigInt(rowid), blob);
    this.insertCode.run(rowid, this.simhash.hash(vector));
    this.scannerStale = true;
  }

  remove(rowid: number): void {
    this.deleteFloat.run(BigInt(rowid));
    this.deleteCode.run(rowid);
    // Not dropped from the scanner yet: the enclosing transaction may still roll back (syncedScanner).
    if (this.scanner) this.removals.push(rowid);
    this.scannerStale = true;
  }

  /** The k nearest contexts by cosine similarity, best first; `exact` forces the full float scan. */
  nearest(vector: Float32Array, k: number, exact = false): VectorMatch[] {
    const blob = this.toBlob(vector);
    if (isZero(vector)) return []; // no direction, so nothing is near it
    const inMemory = this.scansInMemory();
    const small = inMemory
      ? this.syncedScanner().size <= EXACT_SCAN_MAX_CONTEXTS
      : this.beyondExactScan.get(EXACT_SCAN_MAX_CONTEXTS) === undefined;
    if (exact || small) {
      return this.exactKnn.all(blob, Math.min(k, MAX_KNN_K)).map(toMatch);
    }
    const seqs = this.firstPass(vector, Math.max(k, this.settings.rescoreCandidates), inMemory);
    return this.rescoredBlob(blob, seqs, k);
  }

  /**
   * Inside a transaction of this connection the in-memory copy would take in rows that may still roll back (and
   * whose seqs are then handed out again), so the codes are scanned in SQL, which sees that transaction's rows.
   */
  private scansInMemory(): boolean {
    return this.settings.prefilter === 'memory' && !this.db.inTransaction;
  }

  /**
   * The SimHash first pass of `nearest` on a large corpus: the seqs of the `count` codes nearest the vector's code
   * (in memory or in SQL, see VectorPrefilter), in seq order. Reached from outside the lib only through
   * CorpusDb.openForBench (VectorIndex is not exported).
   */
  firstPass(vector: Float32Array, count: number, inMemory = this.scansInMemory()): number[] {
    const code = this.simhash.hash(vector);
    const rowids = inMemory
      ? this.syncedScanner().nearest(code, count, (this.settings.shortlist ?? DEFAULT_SHORTLIST) || Number.POSITIVE_INFINITY)
      : this.hammingScan.all(code, count).map((row) => row.rowid);
    // In seq order the lookups walk the float table's b-tree forwards, which reads fewer pages per row.
    return rowids.sort((a, b) => a - b);
  }

  /** The k of `seqs` nearest the vector by exact cosine, best first: `nearest`'s second pass (for CorpusDb.openForBench). */
  rescored(vector: Float32Array, seqs: readonly number[], k: number): VectorMatch[] {
    return this.rescoredBlob(this.toBlob(vector), seqs, k);
  }

  private rescoredBlob(blob: Buffer, seqs: readonly number[], k: number): VectorMatch[] {
    return this.rescore.all(blob, JSON.stringify(seqs), k).map(toMatch);
  }

  /** The k nearest of the contexts `seqs` (a scoped search), scored exactly, best first. */
  nearestAmong(vector: Float32Array, k: number, seqs: readonly number[]): VectorMatch[] {
    const blob = this.toBlob(vector);
    if (isZero(vector) || seqs.length === 0) return [];
    return this.rescoreIndexed.all(blob, JSON.stringify(seqs), k).map(toMatch);
  }

  /**
   * The in-memory codes, brought up to date when this connection wrote or another one committed; called outside
   * any transaction, so it reads committed rows only. It holds one code per seq, and that stays true because a seq
   * is never handed out again (contexts.seq is AUTOINCREMENT, migration 0003; a seq of a rolled-back insert is,
   * but no copy ever saw it): rows above the last seq held are the only new ones, in this process and in any other
   * writing the same file. Seqs this connection removed are dropped once the removal committed (their codes are
   * gone from the table; a removal that rolled back left them there). Removals by other connections leave codes
   * that only cost a candidate slot until the next open: re-scoring joins contexts, where they are gone.
   */
  private syncedScanner(): HammingScanner {
    const version = this.dataVersion.get()!;
    if (this.scanner && !this.scannerStale && version === this.scannedVersion) return this.scanner;
    const scanner = (this.scanner ??= new HammingScanner(this.simhash.bytes));
    for (const [seq, code] of this.codesAfter.iterate(scanner.lastSeq)) scanner.append(seq, code);
    if (this.removals.length > 0) {
      const held = new Set(this.codesStillHeld.all(JSON.stringify(this.removals)));
      for (const seq of this.removals) if (!held.has(seq)) scanner.remove(seq);
      this.removals = [];
    }
    this.scannedVersion = version;
    this.scannerStale = false;
    return scanner;
  }

  toBlob(vector: Float32Array): Buffer {
    if (!isFloat32Array(vector) || vector.length !== this.dimension) {
      throw new InvalidVectorError(`expected a Float32Array of ${this.dimension} dimensions, got ${describeVector(vector)}`);
    }
    for (let i = 0; i < vector.length; i++) {
      if (!Number.isFinite(vector[i])) throw new InvalidVectorError(`vector has a non-finite value at ${i}`);
    }
    return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
  }
}

/** Tag check rather than instanceof, which fails for arrays made in another realm (jest VM, vm module). */
function isFloat32Array(value: unknown): value is Float32Array {
  return Object.prototype.toString.call(value) === '[object Float32Array]';
}

function isZero(vector: Float32Array): boolean {
  for (let i = 0; i < vector.length; i++) if (vector[i] !== 0) return false;
  return true;
}

function toMatch(row: { rowid: number; distance: number }): VectorMatch {
  return { rowid: row.rowid, score: 1 - row.distance };
}

function describeVector(vector: unknown): string {
  if (isFloat32Array(vector)) return `${vector.length} dimensions`;
  return vector === null || typeof vector !== 'object' ? String(vector) : (vector.constructor?.name ?? 'an object');
}

export function tableExists(db: Database.Database, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
}
