import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { CORPUS_DIR } from '../support/paths';
import { corpusPdfBySha256, sha256Hex } from './corpus-index';
import { readMultipart } from './multipart-body';
import type { ReplayFault } from './replay-fault';

export type { ReplayFault } from './replay-fault';

export interface NougatReplay {
  /** `http://127.0.0.1:<port>`, to be used as Nougat's base URL. */
  readonly url: string;
  /** Requests received so far, on any path, faulted or not. */
  readonly requests: number;
  /** Page range of the last `/predict/` request, as Nougat's app.py reads it (query string). */
  readonly lastPages: { start?: number; stop?: number } | null;
  /** Misbehave from the next request on; null to behave again. */
  setFault(fault: ReplayFault | null): void;
  close(): Promise<void>;
}

/** Corpus PDF name → its recorded Nougat output (see corpus/SOURCES.md §3). */
const RECORDINGS: Record<string, string> = {
  'arxiv-1804.07821': 'arxiv-1804.07821.mmd',
  'arxiv-2101.03961v3': 'arxiv-2101.03961v3.mmd',
  'thinkos-0.7.4': 'thinkos-0.7.4.mmd',
};

const recordingFor = (name: string | undefined): string | undefined => {
  const file = name === undefined ? undefined : RECORDINGS[name];
  return file === undefined ? undefined : fs.readFileSync(path.join(CORPUS_DIR, 'nougat', file), 'utf8');
};

type Answer = [status: number, body: string, type?: string];
const json = (status: number, value: unknown): Answer => [status, JSON.stringify(value), 'application/json'];
/** What uvicorn sends when the endpoint raises (fitz cannot open the bytes, CUDA runs out of memory). */
const INTERNAL_ERROR: Answer = [500, 'Internal Server Error', 'text/plain'];

/**
 * A stand-in for Nougat's API (`app.py`) on loopback: `POST /predict/` answers with the REAL recorded Markdown
 * of the corpus PDF whose bytes it receives (matched by sha256), JSON-encoded as FastAPI returns a `str`;
 * `GET /` is the health check; `POST /predict` is redirected (307) to `/predict/` as FastAPI does. Bytes that
 * are not a PDF get uvicorn's 500; a PDF without a recording gets a 422 saying so (the replay cannot run the
 * model). The whole recording is returned whatever `start`/`stop` say, which are only recorded.
 */
export async function startNougatReplay(): Promise<NougatReplay> {
  const index = corpusPdfBySha256();
  let fault: ReplayFault | null = null;
  let statusLeft = Infinity;
  let requests = 0;
  let lastPages: NougatReplay['lastPages'] = null;
  const timers = new Set<NodeJS.Timeout>();

  const answer = (response: http.ServerResponse, [status, body, type = 'text/plain']: Answer, headers: Record<string, string> = {}) => {
    if (response.destroyed) return;
    response.writeHead(status, { 'Content-Type': `${type}; charset=utf-8`, ...headers });
    response.end(body);
  };

  const serve = async (request: http.IncomingMessage, response: http.ServerResponse, recorded: () => Answer) => {
    const current = fault;
    if (current?.kind === 'status') {
      statusLeft -= 1;
      if (statusLeft <= 0) fault = null;
      return answer(response, current.status === 500 ? INTERNAL_ERROR : json(current.status, { detail: `replayed error ${current.status}` }));
    }
    if (current?.kind === 'drop') return request.socket.destroy();
    // A JSON string cut short: the Markdown stops mid-sentence and the closing quote never comes.
    if (current?.kind === 'garbage') return answer(response, [200, '"# An Aggregated Multicolumn Dilated Convolution Net', 'application/json']);
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

  const predict = (files: Map<string, { data: Buffer }>, query: URLSearchParams): Answer => {
    const upload = files.get('file');
    if (!upload) return json(422, { detail: [{ loc: ['body', 'file'], msg: 'field required', type: 'value_error.missing' }] });
    for (const name of ['start', 'stop']) {
      const value = query.get(name);
      if (value !== null && !/^-?\d+$/.test(value)) {
        return json(422, { detail: [{ loc: ['query', name], msg: 'value is not a valid integer', type: 'type_error.integer' }] });
      }
    }
    if (!upload.data.subarray(0, 1024).includes('%PDF-')) return INTERNAL_ERROR;
    const sha = sha256Hex(upload.data);
    const name = index.get(sha);
    const recording = recordingFor(name);
    if (recording === undefined) {
      return json(422, { detail: `replay: no recorded Nougat output for the PDF with sha256 ${sha}${name ? ` (corpus ${name})` : ''}` });
    }
    return [200, JSON.stringify(recording), 'application/json'];
  };

  const server = http.createServer((request, response) => {
    requests += 1;
    const url = new URL(request.url ?? '/', 'http://replay');
    const handle = async () => {
      if (request.method === 'GET' && url.pathname === '/') {
        request.resume();
        return serve(request, response, () => json(200, { 'status-code': 200, data: {} }));
      }
      if (request.method === 'POST' && url.pathname === '/predict') {
        request.resume();
        return answer(response, [307, ''], { Location: `/predict/${url.search}` });
      }
      if (request.method === 'POST' && url.pathname === '/predict/') {
        // The whole upload is read before any fault, as a real server would have received it.
        const body = await readMultipart(request);
        const page = (name: string) => (url.searchParams.has(name) ? { [name]: Number(url.searchParams.get(name)) } : {});
        lastPages = { ...page('start'), ...page('stop') };
        return serve(request, response, () => predict(body.files, url.searchParams));
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
    get lastPages() {
      return lastPages;
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
