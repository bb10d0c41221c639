import { MAX_QUERY_TERMS } from '@lectern/text';
/** Terms of one search the two keyword threads count together: every term a question yields (`keywordTerms` keeps
 * at most MAX_QUERY_TERMS, CJK bigrams included); further terms, which only a caller of its own could pass, each
 * thread counts. */
export const SHARED_TERM_SLOTS = MAX_QUERY_TERMS;
/** FTS5's totals record (a row count and a token total per column, as varints) fits here; a longer one is not shared. */
const TOTALS_BYTES = 40;
/** How long a thread waits for the other's count before it counts the term itself (the other died or stalled). */
const DEFAULT_WAIT_MS = 1_000;
/** A slot's count when its counter failed: the reader counts the term itself. */
const NOT_COUNTED = -1;

/** The memory both keyword threads of a KeywordThread share (see TermCountShare). */
export function termCountBuffer(): SharedArrayBuffer {
  return new SharedArrayBuffer(SHARED_TERM_SLOTS * (4 + 4 + 8 + TOTALS_BYTES));
}

/**
 * Rows holding each term of a split search, counted once for both keyword threads: counting reads a term's whole row
 * list (a common word's takes ms at 1M; counting a question's new words twice cost ~5% of a hybrid search's CPU in
 * bench/keyword-share-ab.ts), and both threads plan the same split from the same counts.
 * Each thread claims the question's uncounted terms one by one (an atomic compare-and-swap on the term's slot, tagged
 * with the search's round), counts what it claimed and publishes it with the FTS5 totals it read; then it takes the
 * other's counts for the rest, waiting for them if needed. A count read under other totals (a commit in between),
 * a slot overwritten by a later round or still claimed for an earlier one, or a wait that times out: the thread counts
 * that term itself, so the counts a thread plans from are always its own snapshot's.
 */
export class TermCountShare {
  private readonly states: Int32Array;
  private readonly totalsLength: Int32Array;
  private readonly counts: Float64Array;
  private readonly totals: Uint8Array;

  constructor(
    buffer: SharedArrayBuffer,
    private readonly waitMs = DEFAULT_WAIT_MS,
  ) {
    this.counts = new Float64Array(buffer, 0, SHARED_TERM_SLOTS);
    this.states = new Int32Array(buffer, 8 * SHARED_TERM_SLOTS, SHARED_TERM_SLOTS);
    this.totalsLength = new Int32Array(buffer, 12 * SHARED_TERM_SLOTS, SHARED_TERM_SLOTS);
    this.totals = new Uint8Array(buffer, 16 * SHARED_TERM_SLOTS, SHARED_TERM_SLOTS * TOTALS_BYTES);
  }

  /**
   * Rows holding each of `terms` (the same list on both threads in `round`, a positive integer), as read under
   * `totals`; `countOwn` counts on this thread (cheap for terms it has cached).
   */
  count(
    round: number,
    terms: readonly string[],
    totals: Uint8Array,
    countOwn: (terms: readonly string[]) => Map<string, number>,
  ): Map<string, number> {
    const shared = totals.length <= TOTALS_BYTES ? terms.slice(0, SHARED_TERM_SLOTS) : [];
    const found = new Map<string, number>();
    const claimed = 2 * round;
    const done = claimed + 1;
    for (const [slot, term] of shared.entries()) {
      const state = Atomics.load(this.states, slot);
      // An even state is a claim (odd: a count published): never take over a slot the other thread is still counting
      // for an earlier round, or both would write it at once. A claim left by a killed thread stays: both count that term.
      if (state >= claimed || (state !== 0 && state % 2 === 0)) continue;
      if (Atomics.compareExchange(this.states, slot, state, claimed) !== state) continue;
      let count = NOT_COUNTED;
      try {
        count = countOwn([term]).get(term)!;
        found.set(term, count);
      } finally {
        this.publish(slot, count, totals, done);
      }
    }
    const deadline = Date.now() + this.waitMs;
    const missing: string[] = [];
    for (const [slot, term] of shared.entries()) {
      if (found.has(term)) continue;
      const count = this.awaitCount(slot, claimed, totals, deadline);
      if (count === null) missing.push(term);
      else found.set(term, count);
    }
    missing.push(...terms.slice(shared.length).filter((term) => !found.has(term)));
    if (missing.length > 0) for (const [term, count] of countOwn(missing)) found.set(term, count);
    return found;
  }

  private publish(slot: number, count: number, totals: Uint8Array, done: number): void {
    this.counts[slot] = count;
    this.totalsLength[slot] = totals.length;
    this.totals.set(totals, slot * TOTALS_BYTES);
    Atomics.store(this.states, slot, done);
    Atomics.notify(this.states, slot);
  }

  /** The other thread's count in the slot, or null when this thread must count the term itself. */
  private awaitCount(slot: number, claimed: number, totals: Uint8Array, deadline: number): number | null {
    let state = Atomics.load(this.states, slot);
    while (state === claimed) {
      const left = deadline - Date.now();
      if (left <= 0 || Atomics.wait(this.states, slot, claimed, left) === 'timed-out') return null;
      state = Atomics.load(this.states, slot);
    }
    if (state !== claimed + 1) return null;
    const count = this.counts[slot];
    const sameTotals =
      this.totalsLength[slot] === totals.length && totals.every((byte, i) => this.totals[slot * TOTALS_BYTES + i] === byte);
    // Read, then check the slot still holds this round's count (the other thread may have moved on and rewritten it).
    if (Atomics.load(this.states, slot) !== state || !sameTotals || count === NOT_COUNTED) return null;
    return count;
  }
}
