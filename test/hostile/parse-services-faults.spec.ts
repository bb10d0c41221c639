import { ParseServices } from '@lectern/ingest';
import { startGrobidReplay } from '../replay/grobid.replay-server';
import { HangingGrobid } from './hanging-grobid.server';
import { buildShortPdf } from './hostile-pdfs';

const pdf = new Uint8Array(buildShortPdf(['A paper sent to a misbehaving GROBID.', 'It must still be parsed, by the embedded parser.']));

/** Issue 20 item 4: a GROBID that answers isalive but never processes costs N timeouts, then is skipped at once. */
describe('ParseServices with a hanging GROBID', () => {
  let grobid: HangingGrobid;
  let url: string;
  beforeAll(async () => {
    grobid = new HangingGrobid();
    url = await grobid.start();
  });
  afterAll(() => grobid.stop());

  it('opens the circuit after N timeouts, skips the service at once and says so, then probes after the cool-down', async () => {
    let clock = 0;
    const services = new ParseServices({ grobidUrl: url, timeoutMs: 300 }, undefined, {
      failures: 2,
      cooldownMs: 60_000,
      now: () => clock,
    });
    for (let i = 0; i < 2; i++) expect((await services.collect(pdf)).warnings.join()).toMatch(/timed out/);
    expect(grobid.processed).toBe(2);
    const skipped = await services.collect(pdf);
    expect(skipped.warnings).toEqual([
      expect.stringMatching(/grobid: skipped after 2 failures in a row \(circuit open\); parsed with the embedded parser/),
    ]);
    expect(grobid.processed).toBe(2);
    clock += 60_000; // half-open: one document probes the service again
    expect((await services.collect(pdf)).warnings.join()).toMatch(/timed out/);
    expect(grobid.processed).toBe(3);
    expect((await services.collect(pdf)).warnings.join()).toMatch(/circuit open/);
  });

  it('answers its health from a cached probe without waiting on a slow service', async () => {
    const replay = await startGrobidReplay();
    try {
      const services = new ParseServices({ grobidUrl: replay.url, timeoutMs: 300 });
      const first = await services.health();
      expect(first.grobid.alive).toBe(true);
      const probes = replay.requests;
      replay.setFault({ kind: 'slow', ms: 60_000 });
      expect(await services.health()).toEqual(first);
      expect(replay.requests).toBe(probes);
    } finally {
      await replay.close();
    }
  });
});
