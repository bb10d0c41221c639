import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  EXCLUDED_PACKAGES,
  fetchDebianSet,
  filesUnder,
  readManifest,
  SET6_MANIFEST_FILE,
  sha256,
  unpackedDir,
  verifiedPdf,
  type DebianPdf,
} from '../bench/structure/debian-set';
import { set6HeldOutFlags } from '../bench/structure/eval-options';
import { isTexMade } from '../bench/structure/pdf-producer';

const PDF = Buffer.from('%PDF-1.4\n% a stand-in: only its bytes are hashed here\n%%EOF\n');

describe(verifiedPdf.name, () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(path.join(os.tmpdir(), 'set6-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('returns a plain PDF whose sha256 is the manifest’s, and refuses it once a byte changed', () => {
    const file = path.join(dir, 'a.pdf');
    writeFileSync(file, PDF);
    expect(verifiedPdf(file, sha256(PDF))).toBe(file);
    writeFileSync(file, Buffer.concat([PDF, Buffer.from(' ')]));
    expect(verifiedPdf(file, sha256(PDF))).toBeNull();
  });

  it('unzips a gzipped PDF beside itself and checks the unzipped bytes', () => {
    const file = path.join(dir, 'b.pdf.gz');
    writeFileSync(file, gzipSync(PDF));
    const plain = verifiedPdf(file, sha256(PDF));
    expect(plain).toBe(path.join(dir, 'b.pdf'));
    expect(readFileSync(plain as string).equals(PDF)).toBe(true);
  });

  it('refuses a gzipped file whose content changed, or that is no longer gzip, and a file that is missing', () => {
    const file = path.join(dir, 'c.pdf.gz');
    writeFileSync(file, gzipSync(Buffer.concat([PDF, Buffer.from('changed')])));
    expect(verifiedPdf(file, sha256(PDF))).toBeNull();
    writeFileSync(file, PDF);
    expect(verifiedPdf(file, sha256(PDF))).toBeNull();
    expect(verifiedPdf(path.join(dir, 'none.pdf'), sha256(PDF))).toBeNull();
  });
});

describe(filesUnder.name, () => {
  it('lists the files of every folder below, with links unless told to skip them, never following a link', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'set6-walk-'));
    try {
      mkdirSync(path.join(dir, 'usr', 'doc'), { recursive: true });
      writeFileSync(path.join(dir, 'usr', 'doc', 'a.pdf'), PDF);
      writeFileSync(path.join(dir, 'b.pdf'), PDF);
      symlinkSync(path.join(dir, 'usr', 'doc', 'a.pdf'), path.join(dir, 'usr', 'link.pdf'));
      symlinkSync(path.join(dir, 'usr', 'doc'), path.join(dir, 'folder-link'));
      const relative = (files: string[]) => files.map((f) => path.relative(dir, f)).sort();
      expect(relative(filesUnder(dir))).toEqual(['b.pdf', 'folder-link', 'usr/doc/a.pdf', 'usr/link.pdf']);
      expect(relative(filesUnder(dir, { skipLinks: true }))).toEqual(['b.pdf', 'usr/doc/a.pdf']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe(fetchDebianSet.name, () => {
  it('keeps the files of an already unpacked package that match and leaves out, with a note, one that changed', () => {
    const cache = mkdtempSync(path.join(os.tmpdir(), 'set6-cache-'));
    try {
      const entry = (file: string): DebianPdf => ({
        package: 'foo-doc',
        version: '1:2.0-1',
        file,
        sha256: sha256(PDF),
        pages: 1,
        bookmarks: 3,
      });
      const root = unpackedDir('foo-doc', '1:2.0-1', cache);
      mkdirSync(path.join(root, 'doc'), { recursive: true });
      writeFileSync(path.join(root, 'doc', 'good.pdf.gz'), gzipSync(PDF));
      writeFileSync(path.join(root, 'doc', 'changed.pdf'), Buffer.from('%PDF-1.4 another file'));
      const log: string[] = [];
      const ok = fetchDebianSet([entry('doc/good.pdf.gz'), entry('doc/changed.pdf')], (l) => log.push(l), cache);
      expect(ok.map((d) => d.path)).toEqual([path.join(root, 'doc', 'good.pdf')]);
      expect(log).toEqual(['1 manifest files missing or with another sha256: left out']);
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  });

  it('refuses a manifest that names a package kept for the final check', () => {
    const reserved = { package: 'r-doc-pdf', version: '1', file: 'x.pdf', sha256: '', pages: 1, bookmarks: 3 };
    expect(() => fetchDebianSet([reserved], () => undefined, os.tmpdir())).toThrow(/final check/);
  });
});

describe('isTexMade', () => {
  it('names TeX engines and drivers in the producer or the creator', () => {
    expect(isTexMade({ producer: 'pdfTeX-1.40.24', creator: 'TeX' })).toBe(true);
    expect(isTexMade({ producer: 'xdvipdfmx (20211117)', creator: 'LaTeX with hyperref' })).toBe(true);
    expect(isTexMade({ producer: 'GPL Ghostscript 9.14', creator: 'dvips(k) 5.993 Copyright 2013 Radical Eye Software' })).toBe(true);
    expect(isTexMade({ producer: 'pdfTeX-1.40.10', creator: 'DBLaTeX-0.3-2' })).toBe(true);
  });

  it('lets other makers through, Ghostscript included when it distilled non-TeX PostScript', () => {
    expect(isTexMade({ producer: 'Apache FOP Version 2.5', creator: 'DocBook XSL Stylesheets with Apache FOP' })).toBe(false);
    expect(isTexMade({ producer: 'GPL Ghostscript 10.00.0', creator: 'groff version 1.22.4' })).toBe(false);
    expect(isTexMade({ producer: 'Acrobat Distiller 7.0 (Windows)', creator: 'FrameMaker 6.0' })).toBe(false);
    expect(isTexMade({ producer: 'LibreOffice 4.4', creator: 'Writer' })).toBe(false);
  });
});

describe('set 6 manifest', () => {
  it('holds only non-TeX PDFs from packages that set 2 does not use and that are not kept for the final check', () => {
    const set6 = readManifest(SET6_MANIFEST_FILE);
    const setTwo = new Set(readManifest().map((m) => m.package));
    expect(set6.length).toBeGreaterThanOrEqual(20);
    for (const m of set6) {
      expect(setTwo.has(m.package) || EXCLUDED_PACKAGES.has(m.package)).toBe(false);
      expect(isTexMade({ producer: m.producer ?? '', creator: m.creator ?? '' })).toBe(false);
      expect(m.producer).toBeTruthy();
    }
    expect(new Set(set6.map((m) => m.sha256)).size).toBe(set6.length);
  });
});

describe(set6HeldOutFlags.name, () => {
  it('holds out every 3rd package in manifest order, with all of its documents', () => {
    const packages = ['a', 'a', 'b', 'c', 'c', 'c', 'd', 'e', 'f', 'f', 'g'];
    expect(set6HeldOutFlags(packages)).toEqual([false, false, false, true, true, true, false, false, true, true, false]);
  });

  it('puts no package of the manifest in both parts and keeps about two thirds of them in the dev part', () => {
    const manifest = readManifest(SET6_MANIFEST_FILE);
    const flags = set6HeldOutFlags(manifest.map((m) => m.package));
    const part = new Map<string, Set<boolean>>();
    manifest.forEach((m, i) => part.set(m.package, (part.get(m.package) ?? new Set()).add(flags[i])));
    expect([...part.values()].every((parts) => parts.size === 1)).toBe(true);
    const heldOut = [...part.values()].filter((parts) => parts.has(true)).length;
    expect(heldOut).toBe(Math.floor(part.size / 3));
  });
});
