import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import * as path from 'node:path';

/** `from '…'`, `import '…'`, `import('…')` and `require('…')` specifiers of a TypeScript source. */
const SPECIFIERS =
  /\bfrom\s*['"]([^'"\s]+)['"]|\bimport\s*['"]([^'"\s]+)['"]|\bimport\s*\(\s*['"]([^'"\s]+)['"]\s*\)|\brequire\s*\(\s*['"]([^'"\s]+)['"]\s*\)/g;

/** What the code reachable from an entry file is made of. */
export interface SourceClosure {
  /** Every `.ts` file reached through imports, relative to the repository root, sorted. */
  files: string[];
  /** `name@version` of every npm package imported on the way, sorted. */
  packages: string[];
}

/**
 * The files reachable from `entry` through imports, directly or through other files (`@lectern/<lib>` followed to
 * `libs/<lib>/src`), and the npm packages imported on the way. Node's own modules are left out.
 */
export function sourceClosure(entry: string, repoRoot: string): SourceClosure {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const pending = [path.resolve(entry)];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIERS)) {
      const specifier = match[1] ?? match[2] ?? match[3] ?? match[4];
      if (specifier.startsWith('.')) pending.push(resolveSource(path.resolve(path.dirname(file), specifier), file));
      else if (specifier.startsWith('@lectern/')) pending.push(resolveSource(path.join(repoRoot, 'libs', specifier.slice(9), 'src'), file));
      else if (!isBuiltin(specifier)) packages.add(packageVersion(specifier, repoRoot));
    }
  }
  return { files: [...seen].map((file) => path.relative(repoRoot, file)).sort(), packages: [...packages].sort() };
}

/**
 * A hash of the text of every file in `entry`'s closure and of its packages' versions: a change anywhere in that
 * code, however its files are moved or split, gives a new hash, and a change elsewhere does not.
 */
export function sourceClosureHash(entry: string, repoRoot: string): string {
  const { files, packages } = sourceClosure(entry, repoRoot);
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file}\0${readFileSync(path.join(repoRoot, file), 'utf8')}\0`);
  for (const pkg of packages) hash.update(`${pkg}\0`);
  return hash.digest('hex');
}

function resolveSource(base: string, importer: string): string {
  for (const candidate of [`${base}.ts`, path.join(base, 'index.ts'), base]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`cannot resolve ${base} imported by ${importer}`);
}

/** `pdfjs-dist/legacy/build/pdf.js` → `pdfjs-dist@3.11.174`; a package that is not installed counts by name. */
function packageVersion(specifier: string, repoRoot: string): string {
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  const manifest = path.join(repoRoot, 'node_modules', name, 'package.json');
  if (!existsSync(manifest)) return name;
  return `${name}@${(JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version}`;
}
