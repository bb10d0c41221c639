import * as fs from 'node:fs';
import * as path from 'node:path';
import { CORPUS_DIR, corpusPdf } from '../support/paths';
import { startUnstructuredReplay, type UnstructuredReplay } from './unstructured.replay-server';

const pdfBytes = (name: string) => new Uint8Array(fs.readFileSync(corpusPdf(`${name}.pdf`)));
const recorded = (file: string) => fs.readFileSync(path.join(CORPUS_DIR, 'unstructured', file), 'utf8');

const partition = (replay: UnstructuredReplay, bytes: Uint8Array | null, filename = 'upload.pdf') => {
  const form = new FormData();
  if (bytes) form.append('files', new Blob([bytes], { type: 'application/pdf' }), filename);
  form.append('strategy', 'hi_res');
  return fetch(`${replay.url}/general/v0/general`, { method: 'POST', body: form });
};

describe(startUnstructuredReplay.name, () => {
  let replay: UnstructuredReplay;
  beforeEach(async () => {
    replay = await startUnstructuredReplay();
  });
  afterEach(() => replay.close());

  it.each([
    ['dib-2019-sanni-p454', 'dib-2019-sanni-p454.json'],
    ['layout-parser-paper-fast', 'layout-parser-paper-fast.json'],
    ['dpr-2004.04906-2p', 'dpr-2004.04906-2p.chunked-by-title.json'],
  ])('answers %s with its recorded elements, whatever the file is called', async (name, file) => {
    const response = await partition(replay, pdfBytes(name), 'renamed.pdf');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.text()).toBe(recorded(file));
    expect(replay.lastRequest?.fields.get('strategy')).toEqual(['hi_res']);
  });

  it('answers bytes that are not a PDF with the API’s 422, and a PDF without a recording with a 422 saying so', async () => {
    const text = await partition(replay, new TextEncoder().encode('Dear reviewer'));
    expect(text.status).toBe(422);
    expect(await text.json()).toEqual({ detail: 'File does not appear to be a valid PDF' });
    const unknown = await partition(replay, pdfBytes('acl-N18-3011'));
    expect(unknown.status).toBe(422);
    expect(((await unknown.json()) as { detail: string }).detail).toMatch(
      /^replay: no recorded Unstructured output .*\(corpus acl-N18-3011\)$/,
    );
  });

  it('answers a request without the files part with 400', async () => {
    const response = await partition(replay, null);
    expect(response.status).toBe(400);
  });

  it('recovers after a status fault has been used up, counting every request', async () => {
    replay.setFault({ kind: 'status', status: 502, times: 1 });
    expect((await fetch(`${replay.url}/healthcheck`)).status).toBe(502);
    expect(await (await fetch(`${replay.url}/healthcheck`)).json()).toEqual({ healthcheck: 'HEALTHCHECK STATUS: EVERYTHING OK!' });
    expect((await fetch(`${replay.url}/nowhere`)).status).toBe(404);
    expect(replay.requests).toBe(3);
  });
});
