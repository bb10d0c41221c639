import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { CORPUS_DIR } from '../support/paths';
import { corpusPdfBySha256, sha256Hex } from './corpus-index';
import { readMultipart } from './multipart-body';
import type { ReplayFault } from './replay-fault';

export type { ReplayFault } from './replay-fault';

export interface UnstructuredReplay {
  /** `http://127.0.0.1:<port>`, to be used as Unstructured's base URL. */
  readonly url: string;
  /** Requests received so far, on any path, faulted or not. */
  readonly requests: number;
  /** Form fields and headers of the last `/general/v0/general` request, for checking what the client asked for. */
  readonly lastRequest: { fields: ReadonlyMap<string, string[]>; apiKey: string | undefined } | null;
  /** Misbehave from the next request on; null to behave again. */
  setFault(fault: ReplayFault | null): void;
  close(): Promise<void>;
}

/** Corpus PDF name → its recorded Unstructured output (see corpus/SOURCES.md §2). */
const RECORDINGS: Record<string, string> = {
  'dib-2019-sanni-p454': 'dib-2019-sanni-p454.json',
  'layout-parser-paper-fast': 'layout-parser-paper-fast.json',
  'dpr-2004.04906-2p': 'dpr-2004.04906-2p.chunked-by-title.json',
};

const recordingFor = (name: string | undefined): string | undefined => {
  const file = name === undefined ? undefined : RECORDINGS[name];
  return file === undefined ? undefined : fs.readFileSync(path.join(CORPUS_DIR, 'unstructured', file), 'utf8');
};

type Answer = [status: number, body: string, type?: string];
const json = (status: number, value: unknown): Answer => [status, JSON.stringify(value), 'application/json'];

/**
 * A stand-in for the Unstructured API on loopback: `/general/v0/general` answers with the REAL recorded element
 * JSON of the corpus PDF whose bytes it receives (matched by sha256, never by file name), `/healthcheck` as the
 * API does. Bytes that are not a PDF get the API's 422; a PDF without a recording gets a 422 saying so. Faults
 * apply to every request until cleared or used up.
 */
export async function startUnstructuredReplay(): Promise<UnstructuredReplay> {
  const index = corpusPdfBySha256();
  let fault: ReplayFault | null = null;
  let statusLeft = Infinity;
  let requests = 0;
  let lastRequest: UnstructuredReplay['lastRequest'] = null;
  const timers = new Set<NodeJS.Timeout>();

  const answer = (response: http.ServerResponse, [status, body, type = 'text/plain']: Answer) => {
    if (response.destroyed) return;
    response.writeHead(status, { 'Content-Type': `${type}; charset=utf-8` });
    response.end(body);
  };

  const serve = async (request: http.IncomingMessage, response: http.ServerResponse, recorded: () => Answer) => {
    const current = fault;
    if (current?.kind === 'status') {
      statusLeft -= 1;
      if (statusLeft <= 0) fault = null;
      return answer(response, json(current.status, { detail: `replayed error ${current.status}` }));
    }
    if (current?.kind === 'drop') return request.socket.destroy();
    // A body cut short mid-element, as a proxy that gave up half-way would deliver it.
    if (current?.kind === 'garbage') return answer(response, [200, '[{"type": "Title", "element_id": "4b1c", "text": "Lay', 'application/json']);
    if (current?.kind === 'empty') return answer(response, [200, '', 'application/json']);
    const result = recorded();
    if (current?.kind === 'slow') {
      const timer = setTimeout(() => {
        timers.delete(timer);
        answer(response, result);
      }, current.ms);
      timers.add(timer);
      return;
    }
    answer(response, result);
  };

  const partition = (files: Map<string, { data: Buffer }>): Answer => {
    const upload = files.get('files');
    if (!upload) return json(400, { detail: 'Request parameter "files" is required.' });
    if (!upload.data.subarray(0, 1024).includes('%PDF-')) return json(422, { detail: 'File does not appear to be a valid PDF' });
    const sha = sha256Hex(upload.data);
    const name = index.get(sha);
    const recording = recordingFor(name);
    if (recording === undefined) {
      return json(422, { detail: `replay: no recorded Unstructured output for the PDF with sha256 ${sha}${name ? ` (corpus ${name})` : ''}` });
    }
    return [200, recording, 'application/json'];
  };

  const server = http.createServer((request, response) => {
    requests += 1;
    const route = new URL(request.url ?? '/', 'http://replay').pathname;
    const handle = async () => {
      if (request.method === 'GET' && route === '/healthcheck') {
        request.resume();
        return serve(request, response, () => json(200, { healthcheck: 'HEALTHCHECK STATUS: EVERYTHING OK!' }));
      }
      if (request.method === 'POST' && route === '/general/v0/general') {
        // The whole upload is read before any fault, as a real server would have received it.
        const body = await readMultipart(request);
        const apiKey = request.headers['unstructured-api-key'];
        lastRequest = { fields: body.fields, apiKey: typeof apiKey === 'string' ? apiKey : undefined };
        return serve(request, response, () => partition(body.files));
      }
      request.resume();
      answer(response, json(404, { detail: 'Not Found' }));
    };
    handle().catch((error: unknown) => answer(response, json(400, { detail: error instanceof Error ? error.message : String(error) })));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return requests;
    },
    get lastRequest() {
      return lastRequest;
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
