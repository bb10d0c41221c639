import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Embedder } from '@lectern/embeddings';
import { REPO_ROOT } from '../test/support/paths';
import { buildCorpus } from './search.bench';

/** Where built synthetic corpora are kept between runs (a 1M corpus takes minutes to build and ~6 GB). */
export const SEARCH_CORPUS_CACHE_DIR = path.join(REPO_ROOT, 'node_modules', '.cache', 'lectern-bench');

export interface CachedCorpus {
  file: string;
  /** Seconds spent inserting when it was built (read back from the cache's note when reused). */
  buildSeconds: number;
  reused: boolean;
}

/**
 * The synthetic corpus of `contexts` contexts, built once and kept on disk under a key of its inputs: the context
 * count, the embedder and the generator's source. A reused file is opened read-only by the benches, so every run
 * measures the same bytes; a build goes to a temporary name and is renamed only once complete.
 */
export async function cachedSearchCorpus(contexts: number, embedder: Embedder, log: (line: string) => void): Promise<CachedCorpus> {
  const generator = fs.readFileSync(path.join(REPO_ROOT, 'bench', 'synthetic-corpus.ts'), 'utf8');
  const key = createHash('sha256')
    .update(`${contexts}\n${embedder.modelId}\n${embedder.dimension}\n${generator}`)
    .digest('hex')
    .slice(0, 16);
  fs.mkdirSync(SEARCH_CORPUS_CACHE_DIR, { recursive: true });
  const file = path.join(SEARCH_CORPUS_CACHE_DIR, `search-${contexts}-${key}.sqlite`);
  const note = `${file}.json`;
  if (fs.existsSync(file) && fs.existsSync(note)) {
    const { buildSeconds } = JSON.parse(fs.readFileSync(note, 'utf8')) as { buildSeconds: number };
    log(`  reusing the cached corpus ${path.relative(REPO_ROOT, file)}`);
    return { file, buildSeconds, reused: true };
  }
  const partial = `${file}.partial`;
  for (const leftover of [partial, `${partial}-wal`, `${partial}-shm`]) fs.rmSync(leftover, { force: true });
  const buildSeconds = await buildCorpus(partial, embedder, contexts, log);
  fs.renameSync(partial, file);
  fs.writeFileSync(note, JSON.stringify({ contexts, buildSeconds, builtAt: new Date().toISOString() }));
  return { file, buildSeconds, reused: false };
}

if (require.main === module) {
  // `node dist/bench/search-corpus-cache.js 1000000`: build (or find) the cached corpus and print its path.
  void (async () => {
    const { LexicalEmbedder } = await import('@lectern/embeddings');
    const contexts = Number(process.argv[2] ?? '1000000');
    const corpus = await cachedSearchCorpus(contexts, new LexicalEmbedder(), console.log);
    console.log(corpus.file);
  })().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
