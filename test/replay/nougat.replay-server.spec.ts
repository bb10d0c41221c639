import * as fs from 'node:fs';
import * as path from 'node:path';
import { CORPUS_DIR, corpusPdf } from '../support/paths';
import { startNougatReplay, type NougatReplay } from './nougat.replay-server';

const pdfBytes = (name: string) => new Uint8Array(fs.readFileSync(corpusPdf(`${name}.pdf`)));
const recorded = (name: string) => fs.readFileSync(path.join(CORPUS_DIR, 'nougat', `${name}.mmd`), 'utf8');

const predict = (replay: NougatReplay, bytes: Uint8Array | null, route = '/predict/') => {
  const form = new FormData();
  if (bytes) form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'renamed.pdf');
  return fetch(`${replay.url}${route}`, { method: 'POST', body: form });
};

describe(startNougatReplay.name, () => {
  let replay: NougatReplay;
  beforeEach(async () => {
    replay = await startNougatReplay();
  });
  afterEach(() => replay.close());

  it.each(['arxiv-1804.07821', 'arxiv-2101.03961v3', 'thinkos-0.7.4'])(
    'answers %s with its recorded Markdown as a JSON string, as FastAPI returns a str',
    async (name) => {
      const response = await predict(replay, pdfBytes(name));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toBe(recorded(name));
    },
  );

  it('redirects /predict to /predict/ with a 307, as FastAPI does', async () => {
    const response = await fetch(`${replay.url}/predict?start=1&stop=2`, { method: 'POST', redirect: 'manual' });
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe('/predict/?start=1&stop=2');
  });

  it('answers non-PDF bytes with a 500, an unknown PDF with a 422, and a missing file part with a 422', async () => {
    const text = await predict(replay, new TextEncoder().encode('Dear reviewer'));
    expect([text.status, await text.text()]).toEqual([500, 'Internal Server Error']);
    expect((await predict(replay, pdfBytes('acl-N18-3011'))).status).toBe(422);
    expect((await predict(replay, null)).status).toBe(422);
  });

  it('refuses a page range that is not a number, as FastAPI validates the query', async () => {
    const response = await predict(replay, pdfBytes('arxiv-1804.07821'), '/predict/?start=two');
    expect(response.status).toBe(422);
  });

  it('is healthy on GET / and counts every request', async () => {
    expect(await (await fetch(`${replay.url}/`)).json()).toEqual({ 'status-code': 200, data: {} });
    expect(replay.requests).toBe(1);
  });
});
