import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CORPUS_DIR } from '../support/paths';

const PDF_DIRS = [path.join(CORPUS_DIR, 'pdf'), path.join(CORPUS_DIR, 'pdf', 'extra')];

let cached: Map<string, string> | undefined;

/** sha256 hex of a byte buffer, the key replay servers use to recognise which corpus PDF they were sent. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * sha256 hex → corpus base name (file name without `.pdf`) for every PDF in `corpus/pdf` and `corpus/pdf/extra`.
 * Replay servers identify the uploaded document by its bytes, never by the client-supplied file name, so a client
 * that renames or streams the file is still answered with the right recorded output. Computed once per process.
 */
export function corpusPdfBySha256(): Map<string, string> {
  if (cached) return new Map(cached);
  const index = new Map<string, string>();
  for (const dir of PDF_DIRS) {
    if (!fs.existsSync(dir)) continue;
    for (const file of fs.readdirSync(dir)) {
      if (!file.toLowerCase().endsWith('.pdf')) continue;
      const full = path.join(dir, file);
      if (!fs.statSync(full).isFile()) continue;
      index.set(sha256Hex(fs.readFileSync(full)), file.slice(0, -'.pdf'.length));
    }
  }
  cached = index;
  return new Map(index);
}
