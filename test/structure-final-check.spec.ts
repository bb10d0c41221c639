import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { countOutlineEntries, isRebuiltCopy, MIN_FINAL_CHECK_ENTRIES } from '../bench/structure/build-final-check-manifest';
import {
  EXCLUDED_PACKAGES,
  FINAL_CHECK_MANIFEST_FILE,
  readManifest,
  SET6_MANIFEST_FILE,
  sha256,
  unpackedDir,
} from '../bench/structure/debian-set';
import { isFullRun, isHeldOut, readEvalOptions, wantsSet } from '../bench/structure/eval-options';
import { finalCheckDocs } from '../bench/structure/final-check-set';

const options = (...args: string[]) => readEvalOptions(['node', 'run-structure-eval.js', ...args]);

describe(wantsSet.name, () => {
  it('leaves the final check out of a plain run and runs it only when --set names it', () => {
    expect(wantsSet(options(), '2')).toBe(true);
    expect(wantsSet(options(), '8')).toBe(false);
    expect(wantsSet(options(), '8u')).toBe(false);
    expect(wantsSet(options('--set', '8'), '8')).toBe(true);
    expect(wantsSet(options('--set', '8'), '8u')).toBe(false);
    expect(wantsSet(options('--set', '8'), '2')).toBe(false);
  });

  it('reads `all` as every set of a plain run, to which 8 and 8u may be added', () => {
    const run = options('--set', 'all,8,8u');
    expect(['1', '2', '2u', '3', '4', '6', '7', '8', '8u'].every((s) => wantsSet(run, s))).toBe(true);
    expect(wantsSet(options('--set', 'all'), '8')).toBe(false);
  });
});

describe(isFullRun.name, () => {
  it('writes the table for a plain run and for `--set all,8,8u`, never for set 8 alone or a stand-in manifest', () => {
    expect(isFullRun(options())).toBe(true);
    expect(isFullRun(options('--set', 'all,8,8u'))).toBe(true);
    expect(isFullRun(options('--set', '8,8u'))).toBe(false);
    expect(isFullRun(options('--set', 'all,8', '--final-manifest', 'standin.json'))).toBe(false);
    expect(isFullRun(options('--set', 'all,8', '--split', 'dev'))).toBe(false);
  });
});

describe(countOutlineEntries.name, () => {
  it('counts entries at every level and nothing for a PDF without an outline', () => {
    expect(countOutlineEntries([{ items: [{ items: [] }, { items: [{}] }] }, {}])).toBe(5);
    expect(countOutlineEntries(null)).toBe(0);
  });
});

describe(isRebuiltCopy.name, () => {
  it('takes two builds of one PDF that differ only in a few bytes for one document', () => {
    const a = Buffer.alloc(4096, 7);
    const b = Buffer.from(a);
    b.write('another /ID and date', 4000);
    expect(isRebuiltCopy(a, b)).toBe(true);
  });

  it('keeps files of another length or with many bytes changed apart', () => {
    const a = Buffer.alloc(4096, 7);
    expect(isRebuiltCopy(a, Buffer.alloc(4097, 7))).toBe(false);
    expect(isRebuiltCopy(a, Buffer.alloc(4096, 8))).toBe(false);
  });
});

describe(finalCheckDocs.name, () => {
  it('fetches a stand-in manifest from the cache, a reserved package included, and marks every document held out', () => {
    const cache = mkdtempSync(path.join(os.tmpdir(), 'final-check-'));
    try {
      const pdf = Buffer.from('%PDF-1.4\n% a stand-in: only its bytes are hashed here\n%%EOF\n');
      const root = unpackedDir('r-doc-pdf', '1.0-1', cache);
      mkdirSync(path.join(root, 'manual'), { recursive: true });
      writeFileSync(path.join(root, 'manual', 'a.pdf'), pdf);
      const manifest = path.join(cache, 'standin.json');
      const entry = { package: 'r-doc-pdf', version: '1.0-1', file: 'manual/a.pdf', sha256: sha256(pdf), pages: 1, bookmarks: 2 };
      writeFileSync(manifest, JSON.stringify([entry]));
      const log: string[] = [];
      expect(finalCheckDocs((l) => log.push(l), manifest, cache)).toEqual([
        { name: 'r-doc-pdf:manual/a.pdf', pdf: path.join(root, 'manual', 'a.pdf'), heldOut: true },
      ]);
      expect(log).toEqual(['final check: 1 PDFs']);
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  });
});

describe('final-check manifest', () => {
  it('holds only the reserved packages, each PDF once with an outline of two entries or more, apart from sets 2 and 6', () => {
    const manifest = readManifest(FINAL_CHECK_MANIFEST_FILE);
    const others = new Set([...readManifest(), ...readManifest(SET6_MANIFEST_FILE)].map((m) => m.package));
    expect(new Set(manifest.map((m) => m.package))).toEqual(EXCLUDED_PACKAGES);
    for (const m of manifest) {
      expect(m.bookmarks).toBeGreaterThanOrEqual(MIN_FINAL_CHECK_ENTRIES);
      expect(others.has(m.package)).toBe(false);
    }
    expect(new Set(manifest.map((m) => m.sha256)).size).toBe(manifest.length);
  });

  it('has a stand-in that is one PDF of set 2’s dev part, so that trying the plumbing opens nothing held out', () => {
    const [standIn] = readManifest(path.join(path.dirname(FINAL_CHECK_MANIFEST_FILE), 'final-check-standin.json'));
    const index = readManifest().findIndex((m) => m.sha256 === standIn.sha256);
    expect(index).toBeGreaterThanOrEqual(0);
    expect(isHeldOut(index)).toBe(false);
  });
});
