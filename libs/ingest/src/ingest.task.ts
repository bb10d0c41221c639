import { embedTexts, parseAndChunk, type EmbedTask, type ParseTask } from './run-ingest';

export type PoolTask = ({ kind: 'parse' } & ParseTask) | ({ kind: 'embed' } & EmbedTask);

/** A failure carried back as a value: errors crossing a thread boundary lose their class and name. */
export interface TaskFailure {
  failed: true;
  name: string;
  message: string;
}

/** The piscina task file: a thin wrapper, so tests call parseAndChunk / embedTexts directly. */
export default async function runPoolTask(task: PoolTask): Promise<unknown> {
  try {
    return task.kind === 'parse' ? await parseAndChunk(task) : await embedTexts(task);
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    const failure: TaskFailure = { failed: true, name: e.name, message: e.message };
    return failure;
  }
}
