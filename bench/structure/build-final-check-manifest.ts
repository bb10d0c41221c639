import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { withPdfDocument } from '@lectern/parsing';
import { EXCLUDED_PACKAGES, FINAL_CHECK_MANIFEST_FILE, filesUnder, pdfBytes, sha256, unpackPackage, type DebianPdf } from './debian-set';

/** Set 8 scores a PDF whose outline has at least this many entries (counted at every level). */
export const MIN_FINAL_CHECK_ENTRIES = 2;

interface OutlineNode {
  items?: OutlineNode[];
}

/** Entries of a pdf.js outline at every level. Only counted: no title is read, so the check stays unseen. */
export const countOutlineEntries = (nodes: readonly OutlineNode[] | null): number =>
  (nodes ?? []).reduce((n, node) => n + 1 + countOutlineEntries(node.items ?? []), 0);

/** Bytes two builds of one PDF may differ in (its /ID and dates) and still be one document. */
const REBUILD_DIFFERENCE = 256;

/** Whether two files are one document built twice (R ships refman.pdf and fullrefman.pdf): same length, a few bytes apart. */
export function isRebuiltCopy(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let differing = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i] && ++differing > REBUILD_DIFFERENCE) return false;
  return true;
}

/**
 * `node dist/bench/structure/build-final-check-manifest.js`: downloads the candidate version of each package kept for
 * the final check, unpacks it into the eval cache and writes final-check-pdfs.json — every PDF of the package (plain or
 * gzipped; one copy of a document built twice; links skipped) whose outline has `MIN_FINAL_CHECK_ENTRIES` or more. It reads only the
 * page count and the outline's size through pdf.js: never a title, a page's text, or the parser.
 */
async function main(): Promise<void> {
  const picked: DebianPdf[] = [];
  const kept: Uint8Array[] = [];
  for (const pkg of [...EXCLUDED_PACKAGES].sort()) {
    const version = candidateVersion(pkg);
    const root = unpackPackage(pkg, version, (line) => console.log(line));
    const files = filesUnder(root, { skipLinks: true }).filter((f) => f.endsWith('.pdf') || f.endsWith('.pdf.gz'));
    let taken = 0;
    for (const file of files.sort()) {
      if (files.includes(`${file}.gz`)) continue; // the fetcher's unzipped copy of a packaged .gz
      const data = pdfBytes(file);
      if (kept.some((k) => isRebuiltCopy(k, data))) continue;
      const { pages, entries } = await withPdfDocument(data, async (doc) => ({
        pages: doc.numPages,
        entries: countOutlineEntries(await doc.getOutline()),
      }));
      if (entries < MIN_FINAL_CHECK_ENTRIES) continue;
      kept.push(data);
      picked.push({ package: pkg, version, file: path.relative(root, file), sha256: sha256(data), pages, bookmarks: entries });
      taken++;
    }
    console.log(`${pkg} ${version}: ${taken} of ${files.length} PDFs`);
  }
  writeFileSync(FINAL_CHECK_MANIFEST_FILE, `${JSON.stringify(picked, null, 2)}\n`);
  console.log(`${picked.length} PDFs → ${FINAL_CHECK_MANIFEST_FILE}`);
}

/** The version `apt-get download` would fetch (the archive's candidate). */
function candidateVersion(pkg: string): string {
  const policy = execFileSync('apt-cache', ['policy', pkg], { encoding: 'utf8' });
  const version = /Candidate:\s*(\S+)/.exec(policy)?.[1];
  if (!version || version === '(none)') throw new Error(`${pkg}: no candidate version (run apt-get update)`);
  return version;
}

/** Regular files only: Debian's doc folders link to the manual folder, and the links' targets are not unpacked. */
if (require.main === module) void main();
