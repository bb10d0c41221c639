import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

/**
 * Where `npm run build` puts the UI (dist/web), found from the package root, so the API finds it whether it runs
 * compiled from dist/ or from source under ts-jest. Null when the UI has not been built.
 */
export function findWebAssets(start: string = __dirname): string | null {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'lectern') {
      const web = path.join(dir, 'dist', 'web');
      return existsSync(path.join(web, 'index.html')) ? web : null;
    }
    if (path.dirname(dir) === dir) return null;
  }
}
