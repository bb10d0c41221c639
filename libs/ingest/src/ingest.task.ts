import { serializeError, type SerializedError } from '@lectern/common';
import type { MessagePort } from 'node:worker_threads';
import { embedTexts, parseAndChunk, type EmbedTask, type ParseTask } from './run-ingest';

/** A parse task may carry a port (transferred with it) on which each page read is posted as `[page, pages]`, then `null`. */
export type PoolTask = ({ kind: 'parse'; pagePort?: MessagePort } & ParseTask) | ({ kind: 'embed' } & EmbedTask);

/** A failure carried back as a value: errors crossing a thread boundary lose their class, so it carries the classification. */
export interface TaskFailure extends SerializedError {
  failed: true;
}

/** The piscina task file: a thin wrapper, so tests call parseAndChunk / embedTexts directly. */
export default async function runPoolTask(task: PoolTask): Promise<unknown> {
  try {
    if (task.kind === 'embed') return await embedTexts(task);
    const port = task.pagePort;
    return await parseAndChunk(task, port ? (page, pages) => port.postMessage([page, pages]) : undefined);
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
