import * as fs from 'node:fs';
import * as path from 'node:path';
import { CORPUS_DIR } from '../support/paths';
import { corpusPdfBySha256, sha256Hex } from './corpus-index';
import { readMultipart } from './multipart-body';
import { jsonAnswer, startReplayServer, type ReplayAnswer, type ReplayFaultAnswers, type ReplayServer } from './replay-server';

export type { ReplayFault } from './replay-fault';

export interface NougatReplay extends ReplayServer {
  /** Page range of the last `/predict/` request, as Nougat's app.py reads it (query string). */
  readonly lastPages: { start?: number; stop?: number } | null;
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

/** What uvicorn sends when the endpoint raises (fitz cannot open the bytes, CUDA runs out of memory). */
const INTERNAL_ERROR: ReplayAnswer = [500, 'Internal Server Error', 'text/plain'];

const NOUGAT_FAULTS: ReplayFaultAnswers = {
  status: (status) => (status === 500 ? INTERNAL_ERROR : jsonAnswer(status, { detail: `replayed error ${status}` })),
  // A JSON string cut short: the Markdown stops mid-sentence and the closing quote never comes.
  garbage: [200, '"# An Aggregated Multicolumn Dilated Convolution Net', 'application/json'],
  empty: [200, '', 'application/json'],
};

/**
 * A stand-in for Nougat's API (`app.py`) on loopback: `POST /predict/` answers with the REAL recorded Markdown
 * of the corpus PDF whose bytes it receives (matched by sha256), JSON-encoded as FastAPI returns a `str`;
 * `GET /` is the health check; `POST /predict` is redirected (307) to `/predict/` as FastAPI does. Bytes that
 * are not a PDF get uvicorn's 500; a PDF without a recording gets a 422 saying so (the replay cannot run the
 * model). The whole recording is returned whatever `start`/`stop` say, which are only recorded.
 */
export async function startNougatReplay(): Promise<NougatReplay> {
  const index = corpusPdfBySha256();
  let lastPages: NougatReplay['lastPages'] = null;

  const predict = (files: Map<string, { data: Buffer }>, query: URLSearchParams): ReplayAnswer => {
    const upload = files.get('file');
    if (!upload) return jsonAnswer(422, { detail: [{ loc: ['body', 'file'], msg: 'field required', type: 'value_error.missing' }] });
    for (const name of ['start', 'stop']) {
      const value = query.get(name);
      if (value !== null && !/^-?\d+$/.test(value)) {
        return jsonAnswer(422, { detail: [{ loc: ['query', name], msg: 'value is not a valid integer', type: 'type_error.integer' }] });
      }
    }
    if (!upload.data.subarray(0, 1024).includes('%PDF-')) return INTERNAL_ERROR;
    const sha = sha256Hex(upload.data);
    const name = index.get(sha);
    const recording = recordingFor(name);
    if (recording === undefined) {
      return jsonAnswer(422, {
        detail: `replay: no recorded Nougat output for the PDF with sha256 ${sha}${name ? ` (corpus ${name})` : ''}`,
      });
    }
    return [200, JSON.stringify(recording), 'application/json'];
  };

  return startReplayServer({
    routes: {
      'GET /': ({ request, serve }) => {
        request.resume();
        serve(() => jsonAnswer(200, { 'status-code': 200, data: {} }));
      },
      'POST /predict': ({ request, url, answer }) => {
        request.resume();
        answer([307, ''], { Location: `/predict/${url.search}` });
      },
      'POST /predict/': async ({ request, url, serve }) => {
        const body = await readMultipart(request);
        const page = (name: string) => (url.searchParams.has(name) ? { [name]: Number(url.searchParams.get(name)) } : {});
        lastPages = { ...page('start'), ...page('stop') };
        serve(() => predict(body.files, url.searchParams));
      },
    },
    faults: NOUGAT_FAULTS,
    notFound: () => jsonAnswer(404, { detail: 'Not Found' }),
    badRequest: (message) => jsonAnswer(400, { detail: message }),
    expose: {
      get lastPages() {
        return lastPages;
      },
    },
  });
}
