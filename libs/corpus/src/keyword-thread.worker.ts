import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from './database';
import { TermCountShare } from './keyword-count-share';
import { type KeywordHalf, KeywordIndex, MAX_SCORED_ROWS, PRUNE_FROM_CONTEXTS } from './keyword-index';
import type { KeywordThreadLimits } from './keyword-thread';

/** The keyword leg on a thread of its own (see KeywordThread): a read-only connection and one KeywordIndex. */
export interface KeywordThreadRequest {
  id: number;
  terms: string[];
  k: number;
  /** One half of a split (KeywordIndex.half), or the whole search. */
  half: KeywordHalf | 'whole';
  /** The search's round in the count slots shared with the other worker (TermCountShare); unused for 'whole'. */
  round: number;
}

export interface KeywordThreadReply {
  id: number;
  /** rowid, score, rowid, score, … best first. */
  matches?: Float64Array;
  /** For a half: whether the plan was a split, and FTS5's totals record it read. */
  split?: boolean;
  totals?: Uint8Array | null;
  plan?: string;
  error?: string;
}

const { file, limits, counts } = workerData as { file: string; limits: KeywordThreadLimits; counts: SharedArrayBuffer | null };
const share = counts ? new TermCountShare(counts) : null;
const db = openDatabase(file, { readonly: true });
const index = new KeywordIndex(db, limits.pruneFromContexts ?? PRUNE_FROM_CONTEXTS, limits.maxScoredRows ?? MAX_SCORED_ROWS);
parentPort!.on('message', ({ id, terms, k, half, round }: KeywordThreadRequest) => {
  try {
    const shared = share ? { share, round } : undefined;
    const answer =
      half === 'whole' ? { matches: index.top(terms, k), split: false, totals: null, plan: '' } : index.half(terms, k, half, shared);
    const matches = new Float64Array(answer.matches.length * 2);
    answer.matches.forEach((match, i) => {
      matches[2 * i] = match.rowid;
      matches[2 * i + 1] = match.score;
    });
    const totals = answer.totals ? Uint8Array.from(answer.totals) : null;
    parentPort!.postMessage({ id, matches, split: answer.split, totals, plan: answer.plan } satisfies KeywordThreadReply, [matches.buffer]);
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies KeywordThreadReply);
  }
});
