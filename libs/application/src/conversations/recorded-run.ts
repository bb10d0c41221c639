/** What a stream's `done` event carries: the finished result. */
type FinishedBy<E> = E extends { event: 'done'; data: infer R } ? R : never;

/** A chat turn or an explore run: `finish` (`answer`, `explore`) answers at once, `events` streams until `done`. */
export type RecordableRun<K extends string, E extends { event: string }> = {
  [F in K]: (signal?: AbortSignal) => Promise<FinishedBy<E>>;
} & { events(signal?: AbortSignal): AsyncIterable<E> };

/**
 * The run, recording its finished result (a conversation keeps its turns this way). Only a finished result is
 * recorded: a run that fails or whose client leaves mid-stream leaves the conversation as it was.
 */
export function recordedRun<K extends string, E extends { event: string }>(
  run: RecordableRun<K, E>,
  finish: K,
  record: (result: FinishedBy<E>) => void,
): RecordableRun<K, E> {
  const finished = async (signal?: AbortSignal) => {
    const result = await run[finish](signal);
    record(result);
    return result;
  };
  async function* events(signal?: AbortSignal): AsyncIterable<E> {
    for await (const event of run.events(signal)) {
      if (event.event === 'done') record((event as E & { data: FinishedBy<E> }).data);
      yield event;
    }
  }
  return { [finish]: finished, events } as RecordableRun<K, E>;
}
