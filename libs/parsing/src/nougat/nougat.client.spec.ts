import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { startNougatReplay, type NougatReplay } from '../../../../test/replay/nougat.replay-server';
import { CORPUS_DIR, corpusPdf } from '../../../../test/support/paths';
import { ParserOutputError, ParserUnavailableError } from '../service-errors';
import { decodeMarkdown, NougatClient } from './nougat.client';

const PAPER = corpusPdf('arxiv-1804.07821.pdf');
const recordedMmd = readFileSync(path.join(CORPUS_DIR, 'nougat', 'arxiv-1804.07821.mmd'), 'utf8');

describe(NougatClient.name, () => {
  let replay: NougatReplay;

  beforeEach(async () => {
    replay = await startNougatReplay();
  });

  afterEach(async () => {
    await replay.close();
  });

  it("returns the recorded Markdown of the PDF it uploads, decoded from the API's JSON string", async () => {
    const mmd = await new NougatClient({ baseUrl: replay.url }).predict(PAPER);
    expect(mmd).toBe(recordedMmd);
    expect(mmd).toContain('\\tag{1}');
    expect(replay.requests).toBe(1);
  });

  it('sends the page range the way app.py reads it, from the query string', async () => {
    await new NougatClient({ baseUrl: replay.url }).predict(PAPER, { start: 2, stop: 3 });
    expect(replay.lastPages).toEqual({ start: 2, stop: 3 });
    await new NougatClient({ baseUrl: replay.url }).predict(PAPER);
    expect(replay.lastPages).toEqual({});
  });

  it('refuses page numbers below 1 before calling the service', async () => {
    await expect(new NougatClient({ baseUrl: replay.url }).predict(PAPER, { start: 0 })).rejects.toThrow(RangeError);
    expect(replay.requests).toBe(0);
  });

  it('retries after a 5xx answer and succeeds when the service recovers', async () => {
    replay.setFault({ kind: 'status', status: 500, times: 1 });
    await expect(new NougatClient({ baseUrl: replay.url }).predict(PAPER)).resolves.toBe(recordedMmd);
    expect(replay.requests).toBe(2);
  });

  it('gives up with ParserUnavailableError when the service keeps failing', async () => {
    replay.setFault({ kind: 'status', status: 500 });
    await expect(new NougatClient({ baseUrl: replay.url, retries: 1 }).predict(PAPER)).rejects.toThrow(
      /^nougat: HTTP 500: Internal Server Error \(after 2 attempts\)$/,
    );
  });

  it('reports a service that is down as ParserUnavailableError', async () => {
    await replay.close();
    await expect(new NougatClient({ baseUrl: replay.url, retries: 0 }).predict(PAPER)).rejects.toThrow(ParserUnavailableError);
    replay = await startNougatReplay();
  });

  it('reports a truncated JSON answer as ParserOutputError', async () => {
    replay.setFault({ kind: 'garbage' });
    await expect(new NougatClient({ baseUrl: replay.url }).predict(PAPER)).rejects.toThrow(/nougat: the answer is not valid JSON/);
  });

  it('reports an empty answer as ParserOutputError', async () => {
    replay.setFault({ kind: 'empty' });
    await expect(new NougatClient({ baseUrl: replay.url }).predict(PAPER)).rejects.toThrow(ParserOutputError);
  });

  it('times out a slow answer with ParserUnavailableError', async () => {
    replay.setFault({ kind: 'slow', ms: 30_000 });
    await expect(new NougatClient({ baseUrl: replay.url, timeoutMs: 150 }).predict(PAPER)).rejects.toThrow(
      /nougat: no answer within 150 ms/,
    );
    expect(replay.requests).toBe(1);
  });

  it('is alive when GET / answers, and not once the service is gone', async () => {
    const client = new NougatClient({ baseUrl: replay.url });
    expect(await client.isAlive()).toBe(true);
    await replay.close();
    expect(await client.isAlive()).toBe(false);
    replay = await startNougatReplay();
  });
});

describe(decodeMarkdown.name, () => {
  it('decodes a JSON string and accepts raw Markdown', () => {
    expect(decodeMarkdown('"# Title\\n\\n\\\\[x\\\\]"', 'application/json')).toBe('# Title\n\n\\[x\\]');
    expect(decodeMarkdown('# Title\n\nText', 'text/plain; charset=utf-8')).toBe('# Title\n\nText');
  });

  it('refuses JSON that is not a string, HTML pages and blank Markdown', () => {
    expect(() => decodeMarkdown('{"detail":"x"}', 'application/json')).toThrow(/expected a JSON string of Markdown, got object/);
    expect(() => decodeMarkdown('<!DOCTYPE html><html></html>', 'text/html')).toThrow(/HTML page/);
    expect(() => decodeMarkdown('"  \\n "', 'application/json')).toThrow(/the answer is empty/);
  });
});
