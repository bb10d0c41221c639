import { existsSync } from 'node:fs';
import * as path from 'node:path';

/** `../shared/corpus` beside the repository, found from source (bench/) and from the build (dist/bench/). */
export function sharedCorpusDir(from: string = __dirname): string {
  for (let dir = from; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const candidate = path.join(dir, '..', 'shared', 'corpus');
    if (existsSync(path.join(dir, 'package.json')) && existsSync(candidate)) return path.resolve(candidate);
  }
  throw new Error(`cannot find ../shared/corpus above ${from}`);
}
