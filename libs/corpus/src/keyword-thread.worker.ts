import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from './database';
import { KeywordIndex } from './keyword-index';

/** The keyword leg on a thread of its own (see KeywordThread): a read-only connection and one KeywordIndex. */
export interface KeywordThreadRequest {
  id: number;
  terms: string[];
  k: number;
}

export interface KeywordThreadReply {
  id: number;
  /** rowid, score, rowid, score, … best first. */
  matches?: Float64Array;
  error?: string;
}

const { file } = workerData as { file: string };
const db = openDatabase(file, { readonly: true });
const index = new KeywordIndex(db);
parentPort!.on('message', ({ id, terms, k }: KeywordThreadRequest) => {
  try {
    const found = index.top(terms, k);
    const matches = new Float64Array(found.length * 2);
    found.forEach((match, i) => {
      matches[2 * i] = match.rowid;
      matches[2 * i + 1] = match.score;
    });
    parentPort!.postMessage({ id, matches } satisfies KeywordThreadReply, [matches.buffer]);
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies KeywordThreadReply);
  }
});
