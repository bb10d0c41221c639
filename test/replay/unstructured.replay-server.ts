import * as fs from 'node:fs';
import * as path from 'node:path';
import { CORPUS_DIR } from '../support/paths';
import { corpusPdfBySha256, sha256Hex } from './corpus-index';
import { readMultipart } from './multipart-body';
import { jsonAnswer, startReplayServer, type ReplayAnswer, type ReplayFaultAnswers, type ReplayServer } from './replay-server';

export type { ReplayFault } from './replay-fault';

export interface UnstructuredReplay extends ReplayServer {
  /** Form fields and headers of the last `/general/v0/general` request, for checking what the client asked for. */
  readonly lastRequest: { fields: ReadonlyMap<string, string[]>; apiKey: string | undefined } | null;
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

const UNSTRUCTURED_FAULTS: ReplayFaultAnswers = {
  status: (status) => jsonAnswer(status, { detail: `replayed error ${status}` }),
  // A body cut short mid-element, as a proxy that gave up half-way would deliver it.
  garbage: [200, '[{"type": "Title", "element_id": "4b1c", "text": "Lay', 'application/json'],
  empty: [200, '', 'application/json'],
};

/**
 * A stand-in for the Unstructured API on loopback: `/general/v0/general` answers with the REAL recorded element
 * JSON of the corpus PDF whose bytes it receives (matched by sha256, never by file name), `/healthcheck` as the
 * API does. Bytes that are not a PDF get the API's 422; a PDF without a recording gets a 422 saying so. Faults
 * apply to every request until cleared or used up.
 */
export async function startUnstructuredReplay(): Promise<UnstructuredReplay> {
  const index = corpusPdfBySha256();
  let lastRequest: UnstructuredReplay['lastRequest'] = null;

  const partition = (files: Map<string, { data: Buffer }>): ReplayAnswer => {
    const upload = files.get('files');
    if (!upload) return jsonAnswer(400, { detail: 'Request parameter "files" is required.' });
    if (!upload.data.subarray(0, 1024).includes('%PDF-')) return jsonAnswer(422, { detail: 'File does not appear to be a valid PDF' });
    const sha = sha256Hex(upload.data);
    const name = index.get(sha);
    const recording = recordingFor(name);
    if (recording === undefined) {
      return jsonAnswer(422, {
        detail: `replay: no recorded Unstructured output for the PDF with sha256 ${sha}${name ? ` (corpus ${name})` : ''}`,
      });
    }
    return [200, recording, 'application/json'];
  };

  return startReplayServer({
    routes: {
      'GET /healthcheck': ({ request, serve }) => {
        request.resume();
        serve(() => jsonAnswer(200, { healthcheck: 'HEALTHCHECK STATUS: EVERYTHING OK!' }));
      },
      'POST /general/v0/general': async ({ request, serve }) => {
        const body = await readMultipart(request);
        const apiKey = request.headers['unstructured-api-key'];
        lastRequest = { fields: body.fields, apiKey: typeof apiKey === 'string' ? apiKey : undefined };
        serve(() => partition(body.files));
      },
    },
    faults: UNSTRUCTURED_FAULTS,
    notFound: () => jsonAnswer(404, { detail: 'Not Found' }),
    badRequest: (message) => jsonAnswer(400, { detail: message }),
    expose: {
      get lastRequest() {
        return lastRequest;
      },
    },
  });
}
