import { recordedRun } from './recorded-run';

type Event = { event: 'token'; data: string } | { event: 'done'; data: { answer: string } };

/** A run that answers "42", streaming a token and then `done` (or failing after the token). */
function run(fail = false) {
  return {
    answer: () => (fail ? Promise.reject(new Error('down')) : Promise.resolve({ answer: '42' })),
    async *events(): AsyncIterable<Event> {
      yield { event: 'token', data: '4' };
      if (fail) throw new Error('down');
      yield { event: 'done', data: { answer: '42' } };
    },
  };
}

describe(recordedRun.name, () => {
  it('records the finished result once, answered at once or streamed, and passes every event on', async () => {
    const recorded: unknown[] = [];
    const recording = recordedRun(run(), 'answer', (result) => recorded.push(result));
    expect(await recording.answer()).toEqual({ answer: '42' });
    const events: Event[] = [];
    for await (const event of recording.events()) events.push(event);
    expect(events.map((e) => e.event)).toEqual(['token', 'done']);
    expect(recorded).toEqual([{ answer: '42' }, { answer: '42' }]);
  });

  it('records nothing for a run that fails or a stream left before done', async () => {
    const recorded: unknown[] = [];
    const failing = recordedRun(run(true), 'answer', (result) => recorded.push(result));
    await expect(failing.answer()).rejects.toThrow('down');
    await expect(async () => {
      for await (const event of failing.events()) void event;
    }).rejects.toThrow('down');
    for await (const event of recordedRun(run(), 'answer', (result) => recorded.push(result)).events()) if (event.event === 'token') break;
    expect(recorded).toEqual([]);
  });
});
