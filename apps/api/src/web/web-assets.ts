import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

/**
 * Where `npm run build` puts the UI (dist/web), found from the package root, so the API finds it whether it runs
 * compiled from dist/ or from source under ts-jest. The directory may not exist yet: the UI is looked for per request,
 * so a rebuild while the server runs needs no restart.
 */
export function findWebAssets(start: string = __dirname): string | null {
  const root = findPackageRoot(start);
  return root === null ? null : path.join(root, 'dist', 'web');
}

/** The directory of Lectern's own package.json, looked for upwards from `start`; null when there is none. */
export function findPackageRoot(start: string = __dirname): string | null {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    // dist/ holds a copy of package.json too (the health module imports it for the version): skip it.
    const isRoot = path.basename(dir) !== 'dist' && existsSync(manifest);
    if (isRoot && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'lectern') return dir;
    if (path.dirname(dir) === dir) return null;
  }
}
