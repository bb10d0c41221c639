import { ParseTimeoutError, PiscinaPool } from '@lectern/ingest';
import { buildBombPdf, buildShortPdf } from './hostile-pdfs';

const noCaps = { maxContentBytes: 1024 * 1024 * 1024, maxItemsPerPage: 100_000_000 };
const shortPdf = () => new Uint8Array(buildShortPdf(['A short note on pool threads.', 'It has two lines of text.']));

/** The least deadline the spec gives (a quiet machine), and how many times the short PDF's cost on a fresh thread. */
const FLOOR_MS = 6_000;
const HEADROOM = 3;

/**
 * What the queued document will cost: a fresh pool thread (start, first-parse warm-up, at nice 10) parsing the short
 * PDF, measured now. On a machine busy with other work that is many times the quiet cost, so a fixed deadline would
 * fail the short PDF for the machine's load rather than for its queue time.
 */
async function freshThreadParseMs(): Promise<number> {
  const pool = new PiscinaPool(1, { maxMemoryMb: 1024 });
  try {
    const start = performance.now();
    await pool.parse({ data: shortPdf(), outputs: {}, maxTokens: 256 });
    return performance.now() - start;
  } finally {
    await pool.close();
  }
}

/** Issue 20 item 1: a document that exhausts its pool thread (time or memory) fails alone; the pool goes on. */
describe('PiscinaPool under a parse bomb', () => {
  it('stops a parse past PARSE_TIMEOUT_SECONDS, says so, and parses the document queued behind it on a fresh thread', async () => {
    // Whole seconds, as PARSE_TIMEOUT_SECONDS gives it. The bomb takes minutes to parse: far longer than any of these.
    const parseTimeoutMs = Math.max(FLOOR_MS, Math.ceil((HEADROOM * (await freshThreadParseMs())) / 1000) * 1000);
    const pool = new PiscinaPool(1, { maxMemoryMb: 1024, parseTimeoutMs });
    try {
      const bomb = new Uint8Array(buildBombPdf({ pages: 60, itemsPerPage: 50_000 }));
      const failure = pool.parse({ data: bomb, outputs: {}, maxTokens: 256, limits: noCaps });
      // Sent at the same time to the pool's one thread: it waits the bomb's whole deadline in the queue, and still
      // parses, because its own deadline starts when it gets the thread.
      const queued = pool.parse({ data: shortPdf(), outputs: {}, maxTokens: 256 });
      await expect(failure).rejects.toBeInstanceOf(ParseTimeoutError);
      await expect(failure).rejects.toMatchObject({
        status: 422,
        permanent: true,
        message: expect.stringContaining(`${parseTimeoutMs / 1000} s limit (PARSE_TIMEOUT_SECONDS)`),
      });
      expect((await queued).article.pageCount).toBe(1);
    } finally {
      await pool.close();
    }
  }, 600_000);
});
