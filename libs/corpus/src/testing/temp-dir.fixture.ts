import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

// Jest's hooks, declared here because the production build (types: node only) compiles this folder too.
declare const beforeEach: (fn: () => void) => void;
declare const afterEach: (fn: () => void) => void;

/** A fresh temp directory per test, removed afterwards. */
export function useTempDir(prefix = 'lectern-corpus-'): () => string {
  let dir = '';
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return () => dir;
}
