import { DomainError } from '@lectern/common';
import { Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';

export interface ServerSentEvent {
  event: string;
  data: unknown;
}

/** Proxies close idle connections; a comment line every so often keeps a slow retrieval or LLM alive. */
const HEARTBEAT_MS = 15_000;

/**
 * Streams `events` as text/event-stream, unbuffered. A client that disconnects aborts `abort`, which the
 * producer passes on to the LLM call. A failure mid-stream becomes one `error` event, then the stream ends.
 */
export async function writeServerSentEvents(
  req: Request,
  res: Response,
  open: (signal: AbortSignal) => AsyncIterable<ServerSentEvent>,
  logger: Logger,
): Promise<void> {
  const abort = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) abort.abort(new Error('client disconnected'));
  });
  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache, no-transform');
  res.setHeader('Connection', 'keep-alive');
  // nginx buffers proxied responses unless told not to.
  res.setHeader('X-Accel-Buffering', 'no');
  res.flushHeaders();
  req.socket.setNoDelay(true);
  const heartbeat = setInterval(() => {
    if (!abort.signal.aborted) res.write(': keep-alive\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();

  const send = async (event: ServerSentEvent) => {
    if (abort.signal.aborted) return;
    // JSON never contains a raw newline, so one `data:` line per event is enough.
    if (res.write(`event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`)) return;
    // A slow reader: wait for it (or for it to leave) instead of buffering a whole answer in memory.
    await new Promise<void>((resolve) => {
      const done = () => {
        res.off('drain', done);
        abort.signal.removeEventListener('abort', done);
        resolve();
      };
      res.on('drain', done);
      abort.signal.addEventListener('abort', done);
      if (abort.signal.aborted) done();
    });
  };

  try {
    for await (const event of open(abort.signal)) {
      if (abort.signal.aborted) break;
      await send(event);
    }
  } catch (error) {
    if (!abort.signal.aborted) await send({ event: 'error', data: describe(error, logger) });
  } finally {
    clearInterval(heartbeat);
    if (!res.writableEnded) res.end();
  }
}

function describe(error: unknown, logger: Logger): { message: string; errorId?: string } {
  const e = error instanceof Error ? error : new Error(String(error));
  // A message written for the user is shown; anything else gets a generic message and an id that is in the log.
  if (e instanceof DomainError && e.exposable) return { message: e.message };
  const errorId = randomBytes(6).toString('hex');
  logger.error(`error ${errorId}: ${e.stack ?? e.message}`);
  return { message: 'internal error', errorId };
}
