import { existsSync } from 'node:fs';
import * as path from 'node:path';

/**
 * The repository root: the nearest folder above this file with a package.json and the shared corpus beside
 * it. Found by walking up so it holds from the sources (test/support) and from the build (dist/test/support).
 */
function findRepoRoot(from: string): string {
  for (let dir = from; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json')) && existsSync(path.join(dir, '..', 'shared', 'corpus'))) return dir;
  }
  throw new Error(`cannot find the repository (with ../shared/corpus beside it) above ${from}`);
}

export const REPO_ROOT = findRepoRoot(__dirname);
/** The shared test corpus sits beside the repository, in development and in CI. */
export const CORPUS_DIR = path.resolve(REPO_ROOT, '..', 'shared', 'corpus');
export const corpusPdf = (name: string) => path.join(CORPUS_DIR, 'pdf', name);
