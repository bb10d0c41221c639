import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReplayFault } from './replay-fault';

/** One HTTP answer: status, body, and content type (`text/plain` when omitted), always sent as UTF-8. */
export type ReplayAnswer = [status: number, body: string, type?: string];

/** A JSON answer, as the FastAPI services (Unstructured, Nougat) send them. */
export const jsonAnswer = (status: number, value: unknown): ReplayAnswer => [status, JSON.stringify(value), 'application/json'];

/** One request as a route sees it. */
export interface ReplayExchange {
  readonly request: http.IncomingMessage;
  /** The request URL, resolved against a dummy origin so `pathname`, `search` and `searchParams` can be read. */
  readonly url: URL;
  /** Answers at once, whatever the fault: for what the real server says before the service's own code runs. */
  answer(answer: ReplayAnswer, headers?: Record<string, string>): void;
  /**
   * Answers as the current fault says, else with `recorded()` (after a delay when slow). Routes that take an upload
   * read it whole before calling this, as a real server would have received it before failing.
   */
  serve(recorded: () => ReplayAnswer): void;
  /**
   * Like `serve`, for answers the route writes itself (a server-sent event stream) or works out only after a slow
   * fault's delay: answers the fault, else (after the delay when slow) calls `write`.
   */
  respond(write: (response: http.ServerResponse) => void | Promise<void>): Promise<void>;
  /** Resolves after `ms`; never once the server is closed, so no timer outlives it. */
  wait(ms: number): Promise<void>;
}

/** A service's own wording for what each fault answers; `empty` is sent as given (meant as a 200 with no body). */
export interface ReplayFaultAnswers {
  status: (status: number) => ReplayAnswer;
  garbage: ReplayAnswer;
  empty: ReplayAnswer;
}

export type ReplayRoute = (exchange: ReplayExchange) => void | Promise<void>;

export interface ReplayServerOptions<Expose extends object> {
  /** Handlers by `"<METHOD> <pathname>"`, e.g. `'GET /api/isalive'`. */
  routes: Record<string, ReplayRoute>;
  faults: ReplayFaultAnswers;
  /** The answer to a method or path no route takes, given at once, whatever the fault. */
  notFound?: (request: http.IncomingMessage, url: URL) => ReplayAnswer;
  /** Takes what no route takes, in place of `notFound`: for paths with parameters, or 404s that faults apply to. */
  fallback?: ReplayRoute;
  /** The answer when a route throws, e.g. on a body that is not multipart. */
  badRequest: (message: string) => ReplayAnswer;
  /** Getters added to the returned server, for what a service records about the requests it was sent. */
  expose?: Expose;
}

export interface ReplayServer {
  /** `http://127.0.0.1:<port>`, to be used as the service's base URL. */
  readonly url: string;
  /** Requests received so far, on any path, faulted or not. */
  readonly requests: number;
  /** Misbehave from the next request on; null to behave again. */
  setFault(fault: ReplayFault | null): void;
  close(): Promise<void>;
}

const send = (response: http.ServerResponse, [status, body, type = 'text/plain']: ReplayAnswer, headers: Record<string, string> = {}) => {
  // A dropped or timed-out client may be gone by the time a slow answer is due.
  if (response.destroyed) return;
  response.writeHead(status, { 'Content-Type': `${type}; charset=utf-8`, ...headers });
  response.end(body);
};

/**
 * The HTTP side shared by every replay server: listens on a free loopback port, counts requests, applies the
 * `ReplayFault` set by the test to every request until cleared or used up, and closes without waiting for clients.
 */
export async function startReplayServer<Expose extends object = object>(
  options: ReplayServerOptions<Expose>,
): Promise<ReplayServer & Expose> {
  let fault: ReplayFault | null = null;
  let statusLeft = Infinity;
  let requests = 0;
  const timers = new Set<NodeJS.Timeout>();

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  /** Answers (or drops) the request as the current fault says, except `slow`; returns the fault it applied. */
  const applyFault = (request: http.IncomingMessage, response: http.ServerResponse): ReplayFault | null => {
    const current = fault;
    if (current?.kind === 'status') {
      statusLeft -= 1;
      if (statusLeft <= 0) fault = null;
      send(response, options.faults.status(current.status));
    } else if (current?.kind === 'drop') request.socket.destroy();
    else if (current?.kind === 'garbage') send(response, options.faults.garbage);
    else if (current?.kind === 'empty') send(response, options.faults.empty);
    return current;
  };

  const serve = (request: http.IncomingMessage, response: http.ServerResponse, recorded: () => ReplayAnswer) => {
    const current = applyFault(request, response);
    if (current !== null && current.kind !== 'slow') return;
    const result = recorded();
    if (current?.kind === 'slow') void wait(current.ms).then(() => send(response, result));
    else send(response, result);
  };

  const respond = async (
    request: http.IncomingMessage,
    response: http.ServerResponse,
    write: (response: http.ServerResponse) => void | Promise<void>,
  ) => {
    const current = applyFault(request, response);
    if (current?.kind === 'slow') await wait(current.ms);
    else if (current !== null) return;
    await write(response);
  };

  const server = http.createServer((request, response) => {
    requests += 1;
    const url = new URL(request.url ?? '/', 'http://replay');
    const route = options.routes[`${request.method} ${url.pathname}`] ?? options.fallback;
    const handle = async () => {
      if (route) {
        return route({
          request,
          url,
          answer: (answer, headers) => send(response, answer, headers),
          serve: (recorded) => serve(request, response, recorded),
          respond: (write) => respond(request, response, write),
          wait,
        });
      }
      request.resume();
      send(response, options.notFound?.(request, url) ?? [404, `Not found: ${request.method} ${url.pathname}`]);
    };
    handle().catch((error: unknown) => send(response, options.badRequest(error instanceof Error ? error.message : String(error))));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const replay: ReplayServer = {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return requests;
    },
    setFault(next) {
      fault = next;
      statusLeft = next?.kind === 'status' ? (next.times ?? Infinity) : Infinity;
    },
    close() {
      timers.forEach(clearTimeout);
      timers.clear();
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive sockets would otherwise hold `close` open until clients time out.
        server.closeAllConnections();
      });
    },
  };
  // Copied as descriptors, not values, so the getters keep reading the service's latest state.
  return Object.defineProperties(replay, Object.getOwnPropertyDescriptors(options.expose ?? {})) as ReplayServer & Expose;
}
