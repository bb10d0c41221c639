import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { REPO_ROOT } from '../../test/support/paths';

/**
 * The "bookmarks as free gold" set: PDFs from Debian documentation packages whose outline is used only as
 * the reference. The manifest in the repo names each file (package, version, path inside the package, sha256);
 * the files themselves are fetched with `apt-get download` and unpacked with `dpkg-deb -x` into a cache that
 * is not in git. `r-doc-pdf` and `c++-annotations-pdf` are never used: they are kept for a final check.
 * Set 6 (non-TeX PDFs, held out) uses the same fetcher with its own manifest; its files may be gzipped
 * (`.pdf.gz`, as Debian ships many), and its sha256 is then the unzipped PDF's, the bytes the parser reads.
 */
export interface DebianPdf {
  package: string;
  version: string;
  /** Path inside the package, e.g. `usr/share/doc/texlive-doc/latex/foo/foo.pdf` (or `….pdf.gz`). */
  file: string;
  /** Of the PDF itself (unzipped when `file` ends in `.gz`). */
  sha256: string;
  pages: number;
  bookmarks: number;
  /** Set 6: the Info dict's /Producer and /Creator, to show no TeX made it. */
  producer?: string;
  creator?: string;
}

/** Kept out of every tuning set; read only by set 8, the final check (`final-check-pdfs.json`). */
export const EXCLUDED_PACKAGES = new Set(['r-doc-pdf', 'c++-annotations-pdf']);
export const MANIFEST_FILE = path.join(REPO_ROOT, 'bench', 'structure', 'debian-pdfs.json');
/** Set 6: bookmarked PDFs not made by TeX, from packages set 2 does not use; held out. */
export const SET6_MANIFEST_FILE = path.join(REPO_ROOT, 'bench', 'structure', 'set6-pdfs.json');
/** Set 8, the final check: every bookmarked PDF of the packages kept out of the other sets; run only when asked. */
export const FINAL_CHECK_MANIFEST_FILE = path.join(REPO_ROOT, 'bench', 'structure', 'final-check-pdfs.json');
export const CACHE_DIR = process.env.STRUCTURE_EVAL_CACHE ?? path.join(REPO_ROOT, 'node_modules', '.cache', 'lectern-structure');

export function readManifest(file = MANIFEST_FILE): DebianPdf[] {
  return JSON.parse(readFileSync(file, 'utf8')) as DebianPdf[];
}

/** Where a package version is unpacked in the cache (`:` of an epoch is not kept in a folder name). */
export const unpackedDir = (pkg: string, version: string, cacheDir = CACHE_DIR) =>
  path.join(cacheDir, 'unpacked', `${pkg}_${version.replace(/:/g, '%3a')}`);

/**
 * Makes sure every package version of the manifest is unpacked in the cache, downloading what is missing, and
 * returns the files whose sha256 matches (a mismatch or a version no longer in the archive is reported, not fatal).
 * The final check's packages are refused unless `finalCheck` says the caller is set 8.
 */
export function fetchDebianSet(
  manifest: DebianPdf[],
  log: (line: string) => void,
  cacheDir = CACHE_DIR,
  { finalCheck = false }: { finalCheck?: boolean } = {},
): Array<DebianPdf & { path: string }> {
  const versions = new Map(manifest.map((m) => [`${m.package}=${m.version}`, m]));
  const missing = new Set<string>();
  for (const [spec, { package: pkg, version }] of versions) {
    if (EXCLUDED_PACKAGES.has(pkg) && !finalCheck) throw new Error(`${pkg} is kept for a final check and must not be in the manifest`);
    if (existsSync(unpackedDir(pkg, version, cacheDir))) continue;
    try {
      unpackPackage(pkg, version, log, cacheDir);
    } catch (error) {
      missing.add(pkg);
      log(`${spec}: cannot fetch (${(error as Error).message.split('\n')[0]}); run \`apt-get update\` or refresh the manifest`);
    }
  }
  const ok: Array<DebianPdf & { path: string }> = [];
  let mismatched = 0;
  for (const entry of manifest) {
    if (missing.has(entry.package)) continue;
    const file = verifiedPdf(path.join(unpackedDir(entry.package, entry.version, cacheDir), entry.file), entry.sha256);
    if (file === null) {
      mismatched++;
      continue;
    }
    ok.push({ ...entry, path: file });
  }
  if (mismatched > 0) log(`${mismatched} manifest files missing or with another sha256: left out`);
  return ok;
}

/** Downloads (unless the cache has it) and unpacks one package version into `unpackedDir`; returns that folder. */
export function unpackPackage(pkg: string, version: string, log: (line: string) => void, cacheDir = CACHE_DIR): string {
  const debs = path.join(cacheDir, 'debs');
  mkdirSync(debs, { recursive: true });
  const dir = unpackedDir(pkg, version, cacheDir);
  const debName = () => readdirSync(debs).find((f) => f.startsWith(`${pkg}_${version.replace(/:/g, '%3a')}_`) && f.endsWith('.deb'));
  if (!debName()) {
    log(`apt-get download ${pkg}=${version}`);
    execFileSync('apt-get', ['download', `${pkg}=${version}`], { cwd: debs, stdio: ['ignore', 'ignore', 'pipe'] });
  }
  const deb = debName();
  if (!deb) throw new Error('no .deb after the download');
  mkdirSync(dir, { recursive: true });
  execFileSync('dpkg-deb', ['-x', path.join(debs, deb), dir]);
  return dir;
}

/**
 * Every file below `dir` (an unpacked package), depth first. Links are listed, never followed; `skipLinks` leaves
 * them out too (and anything else that is not a regular file).
 */
export function filesUnder(dir: string, { skipLinks = false } = {}): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.isDirectory()) return filesUnder(path.join(dir, e.name), { skipLinks });
    return skipLinks && !e.isFile() ? [] : [path.join(dir, e.name)];
  });
}

export const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** A packaged file's PDF bytes: unzipped when Debian ships it gzipped. */
export const pdfBytes = (file: string): Buffer => (file.endsWith('.gz') ? gunzipSync(readFileSync(file)) : readFileSync(file));

/**
 * The path of the PDF to parse when the packaged file holds the PDF the manifest names, else null. A gzipped file
 * is unzipped beside itself once (the parser reads a plain PDF from disk); the copy is checked like the original.
 */
export function verifiedPdf(file: string, expected: string): string | null {
  if (!existsSync(file)) return null;
  if (!file.endsWith('.gz')) return sha256(readFileSync(file)) === expected ? file : null;
  const plain = file.slice(0, -'.gz'.length);
  if (existsSync(plain) && sha256(readFileSync(plain)) === expected) return plain;
  let data: Buffer;
  try {
    data = pdfBytes(file);
  } catch {
    return null; // not gzip any more: a changed file
  }
  if (sha256(data) !== expected) return null;
  writeFileSync(plain, data);
  return plain;
}
