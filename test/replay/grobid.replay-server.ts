import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { CORPUS_DIR } from '../support/paths';
import { corpusPdfBySha256, sha256Hex } from './corpus-index';
import { readMultipart } from './multipart-body';
import type { ReplayFault } from './replay-fault';

export type { ReplayFault } from './replay-fault';

export interface GrobidReplayOptions {
  /** The recorded TEI for a corpus name; defaults to `corpus/grobid/<name>.tei.xml`. */
  tei?: (name: string) => string | undefined;
  /**
   * Body of the 500 for a PDF without a recording; defaults to a `[GENERAL]` message. GROBID words errors about the
   * PDF itself as `[NO_BLOCKS] …`, `[TOO_MANY_TOKENS] …` (doc/Grobid-service.md), which clients must not retry.
   */
  unrecordedError?: string;
}

export interface GrobidReplay {
  /** `http://127.0.0.1:<port>`, to be used as GROBID's base URL. */
  readonly url: string;
  /** Requests received so far, on any path, faulted or not. */
  readonly requests: number;
  /** Form fields of the last `processFulltextDocument` request, for checking what the client asked for. */
  readonly lastFields: ReadonlyMap<string, string[]> | null;
  /** Misbehave from the next request on; null to behave again. */
  setFault(fault: ReplayFault | null): void;
  close(): Promise<void>;
}

const recordedTei = (name: string): string | undefined => {
  const file = path.join(CORPUS_DIR, 'grobid', `${name}.tei.xml`);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
};

/**
 * A stand-in for a GROBID server on loopback: answers `processFulltextDocument` with the REAL recorded TEI of the
 * corpus PDF whose bytes it receives (matched by sha256, never by file name), and `/api/isalive` with `true`.
 * An unknown PDF gets a 500 worded like GROBID's own errors. Faults apply to every request until cleared or used up.
 */
export async function startGrobidReplay(options: GrobidReplayOptions = {}): Promise<GrobidReplay> {
  const teiFor = options.tei ?? recordedTei;
  const index = corpusPdfBySha256();
  let fault: ReplayFault | null = null;
  let statusLeft = Infinity;
  let requests = 0;
  let lastFields: Map<string, string[]> | null = null;
  const timers = new Set<NodeJS.Timeout>();

  const answer = (response: http.ServerResponse, status: number, body: string, type = 'text/plain') => {
    if (response.destroyed) return;
    response.writeHead(status, { 'Content-Type': `${type}; charset=utf-8` });
    response.end(body);
  };

  const serve = async (request: http.IncomingMessage, response: http.ServerResponse, recorded: () => Promise<[number, string, string?]>) => {
    const current = fault;
    if (current?.kind === 'status') {
      statusLeft -= 1;
      if (statusLeft <= 0) fault = null;
      const message = current.status === 503 ? '' : `[GENERAL] replayed server error ${current.status}`;
      return answer(response, current.status, message);
    }
    if (current?.kind === 'drop') return request.socket.destroy();
    if (current?.kind === 'garbage') return answer(response, 200, '<html><body><h1>It works!</h1>\u0000\u00ff not TEI</body></html>', 'text/html');
    if (current?.kind === 'empty') return answer(response, 200, '', 'application/xml');
    const [status, body, type] = await recorded();
    if (current?.kind === 'slow') {
      const timer = setTimeout(() => {
        timers.delete(timer);
        answer(response, status, body, type);
      }, current.ms);
      timers.add(timer);
      return;
    }
    answer(response, status, body, type);
  };

  const server = http.createServer((request, response) => {
    requests += 1;
    const route = new URL(request.url ?? '/', 'http://replay').pathname;
    const handle = async () => {
      if (request.method === 'GET' && route === '/api/isalive') {
        request.resume();
        return serve(request, response, async () => [200, 'true']);
      }
      if ((request.method === 'POST' || request.method === 'PUT') && route === '/api/processFulltextDocument') {
        // The whole upload is read before any fault, as a real server would have received it.
        const body = await readMultipart(request);
        lastFields = body.fields;
        return serve(request, response, async () => {
          const input = body.files.get('input');
          if (!input) return [400, 'Bad request: missing the "input" PDF part'];
          const sha = sha256Hex(input.data);
          const name = index.get(sha);
          const tei = name === undefined ? undefined : teiFor(name);
          if (tei === undefined) {
            return [500, options.unrecordedError ?? `[GENERAL] No recorded GROBID output for the PDF with sha256 ${sha}${name ? ` (corpus ${name})` : ''}`];
          }
          return [200, tei, 'application/xml'];
        });
      }
      request.resume();
      answer(response, 404, `Not found: ${request.method} ${route}`);
    };
    handle().catch((error: unknown) => answer(response, 400, `Bad request: ${error instanceof Error ? error.message : String(error)}`));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return requests;
    },
    get lastFields() {
      return lastFields;
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
        server.closeAllConnections();
      });
    },
  };
}
