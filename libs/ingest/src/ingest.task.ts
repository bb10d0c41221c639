import { serializeError, type SerializedError } from '@lectern/common';
import { embedTexts, parseAndChunk, type EmbedTask, type ParseTask } from './run-ingest';

export type PoolTask = ({ kind: 'parse' } & ParseTask) | ({ kind: 'embed' } & EmbedTask);

/** A failure carried back as a value: errors crossing a thread boundary lose their class, so it carries the classification. */
export interface TaskFailure extends SerializedError {
  failed: true;
}

/** The piscina task file: a thin wrapper, so tests call parseAndChunk / embedTexts directly. */
export default async function runPoolTask(task: PoolTask): Promise<unknown> {
  try {
    return task.kind === 'parse' ? await parseAndChunk(task) : await embedTexts(task);
  } catch (error) {
    const failure: TaskFailure = { failed: true, ...serializeError(error) };
    return failure;
  }
}
