import * as fs from 'node:fs';
import * as path from 'node:path';
import { CORPUS_DIR, corpusPdf } from '../support/paths';
import { corpusPdfBySha256, sha256Hex } from './corpus-index';
import { startGrobidReplay, type GrobidReplay } from './grobid.replay-server';

const upload = (replay: GrobidReplay, bytes: Uint8Array, filename = 'upload.pdf') => {
  const form = new FormData();
  form.append('input', new Blob([bytes], { type: 'application/pdf' }), filename);
  form.append('teiCoordinates', 'p');
  form.append('teiCoordinates', 's');
  return fetch(`${replay.url}/api/processFulltextDocument`, { method: 'POST', body: form });
};
const pdfBytes = (name: string) => new Uint8Array(fs.readFileSync(corpusPdf(`${name}.pdf`)));
const recorded = (name: string) => fs.readFileSync(path.join(CORPUS_DIR, 'grobid', `${name}.tei.xml`), 'utf8');

describe(corpusPdfBySha256.name, () => {
  it('indexes every corpus PDF, extra ones included, by the sha256 of its bytes', () => {
    const index = corpusPdfBySha256();
    const files = [...fs.readdirSync(path.join(CORPUS_DIR, 'pdf')), ...fs.readdirSync(path.join(CORPUS_DIR, 'pdf', 'extra'))].filter((f) =>
      f.endsWith('.pdf'),
    );
    expect(index.size).toBe(files.length);
    expect(index.get(sha256Hex(pdfBytes('aem-2011-hu-crenarchaeota')))).toBe('aem-2011-hu-crenarchaeota');
    expect([...index.values()]).toContain('dpr-2004.04906-full');
  });
});

describe(startGrobidReplay.name, () => {
  let replay: GrobidReplay;
  beforeEach(async () => {
    replay = await startGrobidReplay();
  });
  afterEach(() => replay.close());

  it('answers with the recorded TEI of the PDF it receives, whatever the file is called', async () => {
    const response = await upload(replay, pdfBytes('aem-2011-hu-crenarchaeota'), 'renamed.pdf');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(await response.text()).toBe(recorded('aem-2011-hu-crenarchaeota'));
    expect(replay.lastFields?.get('teiCoordinates')).toEqual(['p', 's']);
  });

  it('answers a PDF it has no recording for with a GROBID-style 500', async () => {
    const response = await upload(replay, new TextEncoder().encode('%PDF-1.4 not in the corpus'));
    expect(response.status).toBe(500);
    expect(await response.text()).toMatch(/^\[GENERAL\] No recorded GROBID output for the PDF with sha256 [0-9a-f]{64}$/);
  });

  it('says it is alive and counts every request', async () => {
    const response = await fetch(`${replay.url}/api/isalive`);
    expect(await response.text()).toBe('true');
    await fetch(`${replay.url}/nowhere`);
    expect(replay.requests).toBe(2);
  });

  it('answers from the tei option when one is given', async () => {
    await replay.close();
    replay = await startGrobidReplay({ tei: (name) => (name === 'acl-N18-3011' ? '<TEI>stub for acl</TEI>' : undefined) });
    expect(await (await upload(replay, pdfBytes('acl-N18-3011'))).text()).toBe('<TEI>stub for acl</TEI>');
    expect((await upload(replay, pdfBytes('aem-2011-hu-crenarchaeota'))).status).toBe(500);
  });

  it('returns a faulty status the given number of times, then recovers', async () => {
    replay.setFault({ kind: 'status', status: 503, times: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await upload(replay, pdfBytes('acl-N18-3011'))).status);
    expect(statuses).toEqual([503, 503, 200]);
  });

  it('sends garbage, an empty body, or drops the connection when told to', async () => {
    replay.setFault({ kind: 'garbage' });
    const garbage = await upload(replay, pdfBytes('acl-N18-3011'));
    expect(garbage.status).toBe(200);
    expect(await garbage.text()).not.toContain('<TEI');
    replay.setFault({ kind: 'empty' });
    expect(await (await upload(replay, pdfBytes('acl-N18-3011'))).text()).toBe('');
    replay.setFault({ kind: 'drop' });
    await expect(upload(replay, pdfBytes('acl-N18-3011'))).rejects.toThrow(/fetch failed/);
    replay.setFault(null);
    expect((await upload(replay, pdfBytes('acl-N18-3011'))).status).toBe(200);
  });

  it('delays its answer when slow, without changing it', async () => {
    replay.setFault({ kind: 'slow', ms: 150 });
    const started = process.hrtime.bigint();
    const response = await upload(replay, pdfBytes('acl-N18-3011'));
    const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
    expect(elapsedMs).toBeGreaterThanOrEqual(140);
    expect(await response.text()).toBe(recorded('acl-N18-3011'));
  });
});
