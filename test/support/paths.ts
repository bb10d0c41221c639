import * as path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
/** The shared test corpus sits beside the repository, in development and in CI. */
export const CORPUS_DIR = path.resolve(REPO_ROOT, '..', 'shared', 'corpus');
export const corpusPdf = (name: string) => path.join(CORPUS_DIR, 'pdf', name);
