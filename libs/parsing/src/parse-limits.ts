import { createInflate, constants } from 'node:zlib';
import { ParseLimitError } from './errors';

/** What one document may cost the parser before it is refused (issue 20: a 4 KB PDF inflating to 2 GB). */
export interface ParseLimits {
  /** Bytes the document's compressed non-image streams (page content, fonts, forms) may inflate to, in total. */
  maxContentBytes: number;
  /** Text items pdf.js may find on one page. */
  maxItemsPerPage: number;
}

export const DEFAULT_PARSE_LIMITS: ParseLimits = { maxContentBytes: 128 * 1024 * 1024, maxItemsPerPage: 50_000 };

const STREAM = Buffer.from('stream');
const END_STREAM = Buffer.from('endstream');

/**
 * Inflates every Flate stream that is not an image, counting bytes without keeping them, and refuses the document
 * once the total passes the cap: cheaper than letting pdf.js hold the inflated operators in memory.
 */
export async function assertContentWithinLimit(pdf: Uint8Array, limits: ParseLimits = DEFAULT_PARSE_LIMITS): Promise<void> {
  const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  let total = 0;
  let from = 0;
  for (let at = bytes.indexOf(STREAM, from); at >= 0; at = bytes.indexOf(STREAM, from)) {
    from = at + STREAM.length;
    if (bytes.subarray(at - 3, at).toString('latin1') === 'end') continue;
    const dict = bytes.subarray(Math.max(0, at - 1024), at).toString('latin1');
    const own = dict.slice(dict.lastIndexOf(' obj') + 1);
    if (!/\/(FlateDecode|Fl)\b/.test(own) || /\/Subtype\s*\/Image/.test(own)) continue;
    const start = from + (bytes[from] === 0x0d ? 2 : 1);
    const end = bytes.indexOf(END_STREAM, start);
    if (end < 0) break;
    total += await inflatedSize(bytes.subarray(start, end), limits.maxContentBytes - total);
    if (total > limits.maxContentBytes) {
      throw new ParseLimitError(
        `its content inflates to more than ${formatMb(limits.maxContentBytes)} (PARSE_MAX_CONTENT_MB): a decompression bomb or a document too large to parse`,
      );
    }
    from = end + END_STREAM.length;
  }
}

/** Bytes `data` inflates to, stopping once past `budget`; a damaged stream counts what came out before the damage. */
function inflatedSize(data: Buffer, budget: number): Promise<number> {
  return new Promise((resolve) => {
    const inflate = createInflate({ finishFlush: constants.Z_SYNC_FLUSH });
    let total = 0;
    const done = () => {
      inflate.removeAllListeners('data');
      inflate.destroy();
      resolve(total);
    };
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > budget) done();
    });
    inflate.on('end', done);
    inflate.on('error', done);
    inflate.end(data);
  });
}

/** Refuses a page with more text items than the cap, naming the page. */
export function assertPageItemsWithinLimit(page: number, items: number, limits: ParseLimits = DEFAULT_PARSE_LIMITS): void {
  if (items > limits.maxItemsPerPage) {
    throw new ParseLimitError(`page ${page} has more than ${limits.maxItemsPerPage} text items (PARSE_MAX_PAGE_ITEMS)`);
  }
}

const formatMb = (bytes: number) => `${Math.round((bytes / 1048576) * 10) / 10} MB`;
