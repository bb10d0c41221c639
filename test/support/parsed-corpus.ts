import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { ParsedArticle } from '@lectern/parsing';
import { corpusPdf, REPO_ROOT } from './paths';
import { sourceClosureHash } from './source-hash';

/**
 * The embedded PDF.js parser's output for shared-corpus PDFs, parsed once and kept on disk for every later spec
 * and run. For specs that need a parsed paper as input (retrieval, merging, page assignment); the parser's own
 * specs parse for real. An entry is keyed by the PDF's sha256 and by the parser version: a hash of every source
 * file and package the parsing lib is built from, so a change to the parser can never be answered from the cache.
 */
export const PARSED_CORPUS_CACHE = path.join(REPO_ROOT, 'node_modules', '.cache', 'lectern-test', 'parsed-corpus');

let version: string | undefined;
/** The parsing lib's version, computed once per process from its sources. */
export function parserVersion(): string {
  version ??= sourceClosureHash(path.join(REPO_ROOT, 'libs', 'parsing', 'src', 'index.ts'), REPO_ROOT).slice(0, 16);
  return version;
}

/** `PdfjsParser().parse` of `corpus/pdf/<name>` (e.g. `acl-N18-3011.pdf`), a fresh copy on each call. */
export function parsedCorpusPdf(name: string): Promise<ParsedArticle> {
  return cached('article', name, async (bytes) => {
    const { PdfjsParser } = await import('@lectern/parsing');
    return new PdfjsParser().parse(bytes);
  });
}

/** `readPageTexts` of `corpus/pdf/<name>`: each page's text, index 0 is page 1. */
export function corpusPageTexts(name: string): Promise<string[]> {
  return cached('page-texts', name, async (bytes) => {
    const { readPageTexts } = await import('@lectern/parsing');
    return readPageTexts(bytes);
  });
}

/** This process's reads, so a spec asking twice reads the file once (each caller still gets its own copy). */
const inProcess = new Map<string, Promise<string>>();

async function cached<T>(kind: string, name: string, compute: (bytes: Uint8Array) => Promise<T>): Promise<T> {
  const bytes = new Uint8Array(readFileSync(corpusPdf(name)));
  const key = `${kind}-${createHash('sha256').update(bytes).digest('hex')}`;
  let json = inProcess.get(key);
  if (!json) {
    json = readOrCompute(key, () => compute(bytes));
    inProcess.set(key, json);
    json.catch(() => inProcess.delete(key));
  }
  return JSON.parse(await json) as T;
}

async function readOrCompute(key: string, compute: () => Promise<unknown>): Promise<string> {
  const dir = path.join(PARSED_CORPUS_CACHE, parserVersion());
  const file = path.join(dir, `${key}.json`);
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const json = JSON.stringify(await compute());
  try {
    if (!existsSync(dir)) dropOtherVersions();
    mkdirSync(dir, { recursive: true });
    // Written aside and renamed into place: a spec running alongside reads the whole entry or none of it.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, json);
    renameSync(partial, file);
  } catch (error) {
    // Only a cache: the next spec parses again.
    console.warn(`parsed-corpus cache not written (${file}): ${(error as Error).message}`);
  }
  return json;
}

/** Entries of older parser versions can never be read again. */
function dropOtherVersions(): void {
  let versions: string[];
  try {
    versions = readdirSync(PARSED_CORPUS_CACHE);
  } catch {
    return;
  }
  for (const other of versions)
    if (other !== parserVersion()) rmSync(path.join(PARSED_CORPUS_CACHE, other), { recursive: true, force: true });
}
