import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { isUsableGold, readBookmarkGold } from './bookmark-gold';
import { CACHE_DIR, EXCLUDED_PACKAGES, MANIFEST_FILE, sha256, type DebianPdf } from './debian-set';

/** Manifest criteria: short enough to parse many, an outline worth scoring against, titles printed on their pages. */
const MAX_PAGES = 40;
const MAX_PER_PACKAGE = 60;
const MAX_BYTES = 15 * 2 ** 20;

/**
 * `node dist/bench/structure/build-debian-manifest.js`: after `apt-get download <pkg>` and `dpkg-deb -x` into
 * `<cache>/unpacked/<pkg>_<version>/`, picks the PDFs whose outline can serve as gold and writes debian-pdfs.json.
 */
async function main(): Promise<void> {
  const root = path.join(CACHE_DIR, 'unpacked');
  const picked: DebianPdf[] = [];
  for (const dir of readdirSync(root).sort()) {
    const [pkg, version] = dir.split('_');
    if (EXCLUDED_PACKAGES.has(pkg)) continue;
    const files = walk(path.join(root, dir)).filter((f) => f.endsWith('.pdf') && statSync(f).size <= MAX_BYTES);
    let taken = 0;
    for (const file of files.sort()) {
      if (taken >= MAX_PER_PACKAGE) break;
      const data = readFileSync(file);
      try {
        const gold = await readBookmarkGold(data);
        if (gold.pageCount > MAX_PAGES || !isUsableGold(gold)) continue;
        picked.push({
          package: pkg,
          version: version.replace(/%3a/g, ':'),
          file: path.relative(path.join(root, dir), file),
          sha256: sha256(data),
          pages: gold.pageCount,
          bookmarks: gold.bookmarks.length,
        });
        taken++;
      } catch {
        continue;
      }
    }
    console.log(`${pkg} ${version}: ${taken} of ${files.length} PDFs`);
  }
  writeFileSync(MANIFEST_FILE, `${JSON.stringify(picked, null, 2)}\n`);
  console.log(`${picked.length} PDFs → ${MANIFEST_FILE}`);
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

void main();
