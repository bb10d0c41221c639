import * as fs from 'fs';
import * as path from 'path';
import { startGrobidReplay, type GrobidReplay } from '../../../../test/replay/grobid.replay-server';
import { readPageTexts } from '../pdfjs/page-texts';
import { ParserOutputError, ParserUnavailableError } from '../service-errors';
import { assignPages } from '../tei/page-assigner';
import { parseTei } from '../tei/tei.parser';
import { GrobidClient, parseRetryAfter } from './grobid.client';

const CORPUS = path.resolve(__dirname, '../../../..', '../shared/corpus');
const pdfPath = (name: string) => path.join(CORPUS, 'pdf', `${name}.pdf`);
const recorded = (name: string) => fs.readFileSync(path.join(CORPUS, 'grobid', `${name}.tei.xml`), 'utf8');

/** Rejection of the promise, for assertions on its class and fields. */
async function failureOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to fail');
}

describe(GrobidClient.name, () => {
  let replay: GrobidReplay;
  // Small backoff so retry tests take milliseconds; the timing logic itself is covered in retry-timing.spec.
  const client = (options: { timeoutMs?: number; retries?: number } = {}) =>
    new GrobidClient({ baseUrl: replay.url, backoffMs: 5, retries: 2, ...options });

  beforeEach(async () => {
    replay = await startGrobidReplay();
  });
  afterEach(() => replay.close());

  it('gets the recorded TEI for a corpus PDF, asking for coordinates, sentences and raw citations', async () => {
    const tei = await client().processFulltext(pdfPath('arxiv-1912.10667'));
    expect(tei).toBe(recorded('arxiv-1912.10667'));
    expect(replay.requests).toBe(1);
    const fields = replay.lastFields;
    expect(fields?.get('teiCoordinates')).toEqual(['p', 'head', 's', 'formula', 'figure', 'biblStruct']);
    expect(fields?.get('segmentSentences')).toEqual(['1']);
    expect(fields?.get('consolidateHeader')).toEqual(['0']);
    expect(fields?.get('includeRawCitations')).toEqual(['1']);
  });

  it('feeds a parse with pages: client, TEI parser and page assigner together', async () => {
    const tei = await client().processFulltext(pdfPath('aem-2011-hu-crenarchaeota'));
    const pages = await readPageTexts(new Uint8Array(fs.readFileSync(pdfPath('aem-2011-hu-crenarchaeota'))));
    const article = assignPages(parseTei(tei), pages);
    expect(article.doi).toBe('10.1128/AEM.00294-11');
    expect(article.pageCount).toBe(10);
    const acknowledgments = article.sections.find((s) => s.title === 'ACKNOWLEDGMENTS');
    // Printed at the foot of page 8 (checked in the PDF's text layer); the TEI itself has no coordinates.
    expect(acknowledgments?.blocks[0].page).toBe(8);
  });

  it('retries while GROBID is busy (503) and returns the TEI once it is free', async () => {
    replay.setFault({ kind: 'status', status: 503, times: 2 });
    const tei = await client().processFulltext(pdfPath('acl-N18-3011'));
    expect(tei).toBe(recorded('acl-N18-3011'));
    expect(replay.requests).toBe(3);
  });

  it('gives up with ParserUnavailableError when GROBID stays busy through every retry', async () => {
    replay.setFault({ kind: 'status', status: 503 });
    const error = await failureOf(client({ retries: 3 }).processFulltext(pdfPath('acl-N18-3011')));
    expect(error).toBeInstanceOf(ParserUnavailableError);
    expect((error as ParserUnavailableError).service).toBe('grobid');
    expect(error.message).toMatch(/busy \(503.*gave up after 4 attempts/);
    expect(replay.requests).toBe(4);
  });

  it('retries server errors, and reports the PDF GROBID could not process', async () => {
    const error = await failureOf(client().processFulltext(pdfPath('dpr-2004.04906-2p')));
    expect(error).toBeInstanceOf(ParserUnavailableError);
    expect(error.message).toMatch(/server error 500: \[GENERAL\] No recorded GROBID output/);
    expect(replay.requests).toBe(3);
  });

  it('does not retry a GROBID error that belongs to the PDF itself, and reports it as unusable output', async () => {
    await replay.close();
    replay = await startGrobidReplay({ tei: () => undefined, unrecordedError: '[NO_BLOCKS] PDF to XML conversion failed: no text blocks' });
    const error = await failureOf(client().processFulltext(pdfPath('acl-N18-3011')));
    expect(error).toBeInstanceOf(ParserOutputError);
    expect(error.message).toMatch(/cannot process this PDF \(500\): \[NO_BLOCKS\]/);
    expect(replay.requests).toBe(1);
  });

  it('fails with a timed-out ParserUnavailableError when GROBID answers too late, without retrying', async () => {
    // The timeout leaves the request time to reach the replay even on a loaded machine (100 ms did not, under load).
    replay.setFault({ kind: 'slow', ms: 30_000 });
    const error = await failureOf(client({ timeoutMs: 1_000 }).processFulltext(pdfPath('acl-N18-3011')));
    expect(error).toBeInstanceOf(ParserUnavailableError);
    expect(error.message).toMatch(/timed out after 1000 ms/);
    expect(replay.requests).toBe(1);
  });

  it('fails with ParserOutputError when the answer is not TEI', async () => {
    replay.setFault({ kind: 'garbage' });
    const error = await failureOf(client().processFulltext(pdfPath('acl-N18-3011')));
    expect(error).toBeInstanceOf(ParserOutputError);
    expect(error.message).toMatch(/without a TEI document/);
    expect(replay.requests).toBe(1);
  });

  it('fails with ParserOutputError on an empty answer', async () => {
    replay.setFault({ kind: 'empty' });
    await expect(client().processFulltext(pdfPath('acl-N18-3011'))).rejects.toBeInstanceOf(ParserOutputError);
  });

  it('fails with ParserOutputError on 204, GROBID saying it extracted nothing', async () => {
    replay.setFault({ kind: 'status', status: 204 });
    const error = await failureOf(client().processFulltext(pdfPath('acl-N18-3011')));
    expect(error).toBeInstanceOf(ParserOutputError);
    expect(error.message).toMatch(/204/);
  });

  it('retries dropped connections, then fails with ParserUnavailableError', async () => {
    replay.setFault({ kind: 'drop' });
    const error = await failureOf(client().processFulltext(pdfPath('acl-N18-3011')));
    expect(error).toBeInstanceOf(ParserUnavailableError);
    expect(error.message).toMatch(/could not reach .*gave up after 3 attempts/);
    expect(replay.requests).toBe(3);
  });

  it('fails with ParserUnavailableError when nothing listens', async () => {
    const url = replay.url;
    await replay.close();
    const error = await failureOf(new GrobidClient({ baseUrl: url, retries: 1, backoffMs: 1 }).processFulltext(pdfPath('acl-N18-3011')));
    expect(error).toBeInstanceOf(ParserUnavailableError);
    expect(error.message).toMatch(/ECONNREFUSED/);
    replay = await startGrobidReplay();
  });

  it('does not retry a request GROBID rejects as wrong (4xx)', async () => {
    replay.setFault({ kind: 'status', status: 400 });
    const error = await failureOf(client().processFulltext(pdfPath('acl-N18-3011')));
    expect(error).toBeInstanceOf(ParserUnavailableError);
    expect(error.message).toMatch(/rejected the request \(400\).*gave up/);
    expect(replay.requests).toBe(1);
  });

  it('stops when the caller aborts, with the caller’s reason', async () => {
    replay.setFault({ kind: 'slow', ms: 3000 });
    const controller = new AbortController();
    const pending = client().processFulltext(pdfPath('acl-N18-3011'), controller.signal);
    // Abort only once the server holds the request, so the abort lands mid-request.
    while (replay.requests === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort(new Error('ingest cancelled'));
    await expect(pending).rejects.toThrow('ingest cancelled');
  });

  it('lets a missing file fail as a file error, not as a service error', async () => {
    const error = await failureOf(client().processFulltext(pdfPath('no-such-paper')));
    expect((error as NodeJS.ErrnoException).code).toBe('ENOENT');
    expect(replay.requests).toBe(0);
  });

  it('reports whether GROBID is alive', async () => {
    expect(await client().isAlive()).toBe(true);
    replay.setFault({ kind: 'status', status: 500 });
    expect(await client().isAlive()).toBe(false);
    replay.setFault({ kind: 'drop' });
    expect(await client().isAlive()).toBe(false);
    const url = replay.url;
    await replay.close();
    expect(await new GrobidClient({ baseUrl: url }).isAlive()).toBe(false);
    replay = await startGrobidReplay();
  });
});

describe(parseRetryAfter.name, () => {
  it('reads seconds and HTTP dates, and ignores what it cannot read', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(new Date(Date.now() - 60_000).toUTCString())).toBe(0);
    expect(parseRetryAfter(new Date(Date.now() + 60_000).toUTCString())).toBeGreaterThan(50_000);
  });
});
