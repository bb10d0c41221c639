import { readdirSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { isUsableGold, readBookmarkGold } from './bookmark-gold';
import {
  CACHE_DIR,
  EXCLUDED_PACKAGES,
  filesUnder,
  MANIFEST_FILE,
  pdfBytes,
  readManifest,
  SET6_MANIFEST_FILE,
  sha256,
  type DebianPdf,
} from './debian-set';
import { isTexMade, readPdfProducer } from './pdf-producer';

/** Manifest criteria: short enough to parse many, an outline worth scoring against, titles printed on their pages. */
const SET2 = { maxPages: 40, maxPerPackage: 60, gzipped: false };
/** Set 6 has fewer, longer documents (manuals): a few more pages each, and no package may dominate the set. */
const SET6 = { maxPages: 250, maxPerPackage: 10, gzipped: true };
const MAX_BYTES = 15 * 2 ** 20;

/**
 * `node dist/bench/structure/build-debian-manifest.js [--set 6]`: after `apt-get download <pkg>` and `dpkg-deb -x`
 * into `<cache>/unpacked/<pkg>_<version>/`, picks the PDFs whose outline can serve as gold and writes
 * debian-pdfs.json — or, with `--set 6`, set6-pdfs.json: only PDFs that no TeX engine or driver made, from
 * packages set 2 does not use, one copy of each (by sha256), gzipped ones included.
 */
async function main(): Promise<void> {
  const at = process.argv.indexOf('--set');
  const set6 = at >= 0 && process.argv[at + 1] === '6';
  const limits = set6 ? SET6 : SET2;
  // The two sets never share a package: each skips the other's (both live in the same cache).
  const otherSet = new Set(readManifest(set6 ? MANIFEST_FILE : SET6_MANIFEST_FILE).map((m) => m.package));
  const root = path.join(CACHE_DIR, 'unpacked');
  const picked: DebianPdf[] = [];
  const seen = new Set<string>();
  for (const dir of readdirSync(root).sort()) {
    const [pkg, version] = dir.split('_');
    if (EXCLUDED_PACKAGES.has(pkg) || otherSet.has(pkg)) continue;
    const isPdf = (f: string) => f.endsWith('.pdf') || (limits.gzipped && f.endsWith('.pdf.gz'));
    const files = filesUnder(path.join(root, dir)).filter((f) => isPdf(f) && statSync(f).size <= MAX_BYTES);
    let taken = 0;
    for (const file of files.sort()) {
      if (taken >= limits.maxPerPackage) break;
      // A gzipped file unzipped by the fetcher sits beside it: the .gz is the packaged one.
      if (set6 && files.includes(`${file}.gz`)) continue;
      try {
        const data = pdfBytes(file);
        const hash = sha256(data);
        if (set6 && seen.has(hash)) continue;
        const made = set6 ? await readPdfProducer(data) : null;
        if (made && isTexMade(made)) continue;
        const gold = await readBookmarkGold(data);
        if (gold.pageCount > limits.maxPages || !isUsableGold(gold)) continue;
        seen.add(hash);
        picked.push({
          package: pkg,
          version: version.replace(/%3a/g, ':'),
          file: path.relative(path.join(root, dir), file),
          sha256: hash,
          pages: gold.pageCount,
          bookmarks: gold.bookmarks.length,
          ...(made ?? {}),
        });
        taken++;
      } catch {
        continue;
      }
    }
    console.log(`${pkg} ${version}: ${taken} of ${files.length} PDFs`);
  }
  const out = set6 ? SET6_MANIFEST_FILE : MANIFEST_FILE;
  writeFileSync(out, `${JSON.stringify(picked, null, 2)}\n`);
  console.log(`${picked.length} PDFs → ${out}`);
}

void main();
