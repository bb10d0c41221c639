import { serializeError, type SerializedError } from '@lectern/common';
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import type { MessagePort } from 'node:worker_threads';
import { embedTexts, parseAndChunk, type EmbedTask, type ParseTask } from './run-ingest';

/** A parse task may carry a port (transferred with it) on which each page read is posted as `[page, pages, step]`, then `null`. */
export type PoolTask = ({ kind: 'parse'; pagePort?: MessagePort } & ParseTask) | ({ kind: 'embed' } & EmbedTask);

/** A failure carried back as a value: errors crossing a thread boundary lose their class, so it carries the classification. */
export interface TaskFailure extends SerializedError {
  failed: true;
}

/**
 * Pool threads run at a lower CPU priority than the API's main thread (Linux: a thread has its own nice value), so
 * a bomb being parsed never makes /health or a search wait for a core (issue 20: at most 2× idle latency).
 */
function lowerThreadPriority(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, 10);
  } catch {
    // Not Linux, or not allowed: the thread keeps the process's priority.
  }
}
lowerThreadPriority();

/** The piscina task file: a thin wrapper, so tests call parseAndChunk / embedTexts directly. */
export default async function runPoolTask(task: PoolTask): Promise<unknown> {
  try {
    if (task.kind === 'embed') return await embedTexts(task);
    const port = task.pagePort;
    return await parseAndChunk(task, port ? (page, pages, step) => port.postMessage([page, pages, step]) : undefined);
  } catch (error) {
    const failure: TaskFailure = { failed: true, ...serializeError(error) };
    return failure;
  } finally {
    // The last message on the port: every page report before it has been delivered.
    if (task.kind === 'parse' && task.pagePort) {
      task.pagePort.postMessage(null);
      task.pagePort.close();
    }
  }
}
