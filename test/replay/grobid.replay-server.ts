import * as fs from 'node:fs';
import * as path from 'node:path';
import { CORPUS_DIR } from '../support/paths';
import { corpusPdfBySha256, sha256Hex } from './corpus-index';
import { readMultipart } from './multipart-body';
import { startReplayServer, type ReplayAnswer, type ReplayExchange, type ReplayFaultAnswers, type ReplayServer } from './replay-server';

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

export interface GrobidReplay extends ReplayServer {
  /** Form fields of the last `processFulltextDocument` request, for checking what the client asked for. */
  readonly lastFields: ReadonlyMap<string, string[]> | null;
}

const recordedTei = (name: string): string | undefined => {
  const file = path.join(CORPUS_DIR, 'grobid', `${name}.tei.xml`);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
};

/** How GROBID misbehaves: a bare 503 when busy, `[GENERAL]` text otherwise, and an HTML page from a proxy as garbage. */
const GROBID_FAULTS: ReplayFaultAnswers = {
  status: (status) => [status, status === 503 ? '' : `[GENERAL] replayed server error ${status}`],
  garbage: [200, '<html><body><h1>It works!</h1>\u0000\u00ff not TEI</body></html>', 'text/html'],
  empty: [200, '', 'application/xml'],
};

/**
 * A stand-in for a GROBID server on loopback: answers `processFulltextDocument` with the REAL recorded TEI of the
 * corpus PDF whose bytes it receives (matched by sha256, never by file name), and `/api/isalive` with `true`.
 * An unknown PDF gets a 500 worded like GROBID's own errors. Faults apply to every request until cleared or used up.
 */
export async function startGrobidReplay(options: GrobidReplayOptions = {}): Promise<GrobidReplay> {
  const teiFor = options.tei ?? recordedTei;
  const index = corpusPdfBySha256();
  let lastFields: Map<string, string[]> | null = null;

  const fulltext = (files: Map<string, { data: Buffer }>): ReplayAnswer => {
    const input = files.get('input');
    if (!input) return [400, 'Bad request: missing the "input" PDF part'];
    const sha = sha256Hex(input.data);
    const name = index.get(sha);
    const tei = name === undefined ? undefined : teiFor(name);
    if (tei === undefined) {
      return [
        500,
        options.unrecordedError ?? `[GENERAL] No recorded GROBID output for the PDF with sha256 ${sha}${name ? ` (corpus ${name})` : ''}`,
      ];
    }
    return [200, tei, 'application/xml'];
  };

  const processFulltextDocument = async ({ request, serve }: ReplayExchange) => {
    const body = await readMultipart(request);
    lastFields = body.fields;
    serve(() => fulltext(body.files));
  };

  return startReplayServer({
    routes: {
      'GET /api/isalive': ({ request, serve }) => {
        request.resume();
        serve(() => [200, 'true']);
      },
      'POST /api/processFulltextDocument': processFulltextDocument,
      'PUT /api/processFulltextDocument': processFulltextDocument,
    },
    faults: GROBID_FAULTS,
    notFound: (request, url) => [404, `Not found: ${request.method} ${url.pathname}`],
    badRequest: (message) => [400, `Bad request: ${message}`],
    expose: {
      get lastFields() {
        return lastFields;
      },
    },
  });
}
