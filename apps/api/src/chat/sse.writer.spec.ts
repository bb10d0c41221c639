import { Logger } from '@nestjs/common';
import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LlmUnavailableError } from '@lectern/llm';
import { writeServerSentEvents, type ServerSentEvent } from './sse.writer';

class CapturingLogger extends Logger {
  readonly errors: string[] = [];
  override error(message: string): void {
    this.errors.push(message);
  }
}

/** A real express server on loopback whose one route streams what `open` produces. */
async function serve(open: (signal: AbortSignal) => AsyncIterable<ServerSentEvent>, logger: Logger) {
  const app = express();
  const finished: Array<Promise<void>> = [];
  app.post('/events', (req, res) => {
    finished.push(writeServerSentEvents(req, res, open, logger));
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`;
  return {
    url,
    finished,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // fetch keeps idle sockets open for seconds; close() would wait for them.
        server.closeAllConnections();
      }),
  };
}

describe(writeServerSentEvents.name, () => {
  it('sends each event as event/data lines with unbuffered event-stream headers', async () => {
    const server = await serve(async function* () {
      yield { event: 'retrieval', data: { hits: 2 } };
      yield { event: 'token', data: { text: 'line one\nline two' } };
      yield { event: 'done', data: { answer: 'x' } };
    }, new CapturingLogger());
    const response = await fetch(server.url, { method: 'POST' });
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(await response.text()).toBe(
      'event: retrieval\ndata: {"hits":2}\n\n' +
        'event: token\ndata: {"text":"line one\\nline two"}\n\n' +
        'event: done\ndata: {"answer":"x"}\n\n',
    );
    await Promise.all(server.finished);
    await server.close();
  });

  it('ends with one error event holding a generic message and a logged id when the producer fails unexpectedly', async () => {
    const logger = new CapturingLogger();
    const server = await serve(async function* () {
      yield { event: 'retrieval', data: {} };
      throw new Error('database is locked at /secret/path');
    }, logger);
    const text = await (await fetch(server.url, { method: 'POST' })).text();
    const [, errorEvent] = text.split('\n\n');
    const { errorId, message } = JSON.parse(errorEvent.replace('event: error\ndata: ', ''));
    expect(message).toBe('internal error');
    expect(text).not.toContain('/secret/path');
    expect(logger.errors).toEqual([expect.stringContaining(`error ${errorId}: Error: database is locked`)]);
    await server.close();
  });

  it('shows the message of an LLM failure as it is', async () => {
    // eslint-disable-next-line require-yield -- a producer that fails before its first event
    const server = await serve(async function* () {
      throw new LlmUnavailableError('LLM request timed out after 10000 ms');
    }, new CapturingLogger());
    const text = await (await fetch(server.url, { method: 'POST' })).text();
    expect(text).toBe('event: error\ndata: {"message":"LLM request timed out after 10000 ms"}\n\n');
    await server.close();
  });

  it('aborts the producer signal when the client goes away', async () => {
    let aborted!: () => void;
    const sawAbort = new Promise<void>((resolve) => (aborted = resolve));
    const server = await serve(async function* (signal) {
      signal.addEventListener('abort', aborted);
      yield { event: 'retrieval', data: {} };
      // Stands in for an LLM that has not answered yet: only the abort ends the wait.
      await new Promise((resolve) => signal.addEventListener('abort', resolve));
      yield { event: 'token', data: { text: 'too late' } };
    }, new CapturingLogger());
    const client = new AbortController();
    const response = await fetch(server.url, { method: 'POST', signal: client.signal });
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('event: retrieval');
    client.abort();
    await sawAbort;
    await Promise.all(server.finished);
    await server.close();
  });
});
