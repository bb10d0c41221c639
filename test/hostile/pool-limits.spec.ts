import { ParseTimeoutError, PiscinaPool } from '@lectern/ingest';
import { buildBombPdf, buildShortPdf } from './hostile-pdfs';

const noCaps = { maxContentBytes: 1024 * 1024 * 1024, maxItemsPerPage: 100_000_000 };
const shortPdf = () => new Uint8Array(buildShortPdf(['A short note on pool threads.', 'It has two lines of text.']));

/** Issue 20 item 1: a document that exhausts its pool thread (time or memory) fails alone; the pool goes on. */
describe('PiscinaPool under a parse bomb', () => {
  it('stops a parse past PARSE_TIMEOUT_SECONDS, says so, and parses the document queued behind it on a fresh thread', async () => {
    const pool = new PiscinaPool(1, { maxMemoryMb: 1024, parseTimeoutMs: 6_000 });
    try {
      const bomb = new Uint8Array(buildBombPdf({ pages: 60, itemsPerPage: 50_000 }));
      const failure = pool.parse({ data: bomb, outputs: {}, maxTokens: 256, limits: noCaps });
      // Sent at the same time to the pool's one thread: its deadline starts when it gets the thread, not in the queue.
      const queued = pool.parse({ data: shortPdf(), outputs: {}, maxTokens: 256 });
      await expect(failure).rejects.toBeInstanceOf(ParseTimeoutError);
      await expect(failure).rejects.toMatchObject({
        status: 422,
        permanent: true,
        message: expect.stringMatching(/6 s limit \(PARSE_TIMEOUT_SECONDS\)/),
      });
      expect((await queued).article.pageCount).toBe(1);
    } finally {
      await pool.close();
    }
  });
});
