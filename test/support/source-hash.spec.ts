import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { REPO_ROOT } from './paths';
import { sourceClosure, sourceClosureHash } from './source-hash';

describe(sourceClosureHash.name, () => {
  let root: string;
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  const hash = () => sourceClosureHash(path.join(root, 'libs/a/src/index.ts'), root);

  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'lectern-source-hash-'));
    write('libs/a/src/index.ts', "export { x } from './x';\nimport type { B } from '@lectern/b';\nimport * as fs from 'node:fs';\n");
    write('libs/a/src/x.ts', "import { parse } from 'some-pkg/sub/path';\nexport const x = () => require('./lazy');\n");
    write('libs/a/src/lazy.ts', 'export const lazy = 1;\n');
    write('libs/a/src/x.spec.ts', "import { x } from './x';\n");
    write('libs/b/src/index.ts', "export * from './b.types';\n");
    write('libs/b/src/b.types.ts', 'export type B = string;\n');
    write('libs/c/src/index.ts', 'export const c = 1;\n');
    write('node_modules/some-pkg/package.json', '{ "name": "some-pkg", "version": "1.0.0" }');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('follows relative imports, requires and @lectern/<lib> aliases, and names the packages with their version', () => {
    expect(sourceClosure(path.join(root, 'libs/a/src/index.ts'), root)).toEqual({
      files: ['libs/a/src/index.ts', 'libs/a/src/lazy.ts', 'libs/a/src/x.ts', 'libs/b/src/b.types.ts', 'libs/b/src/index.ts'],
      packages: ['some-pkg@1.0.0'],
    });
  });

  it.each([
    ['a file the entry imports', 'libs/a/src/x.ts'],
    ['a file reached through require()', 'libs/a/src/lazy.ts'],
    ['a file of another lib reached through its alias', 'libs/b/src/b.types.ts'],
  ])('changes when %s changes', (_, file) => {
    const before = hash();
    write(file, '// changed\n');
    expect(hash()).not.toBe(before);
  });

  it('changes when a package it imports changes version', () => {
    const before = hash();
    write('node_modules/some-pkg/package.json', '{ "name": "some-pkg", "version": "1.0.1" }');
    expect(hash()).not.toBe(before);
  });

  it('stays the same when only specs or unrelated code change', () => {
    const before = hash();
    write('libs/a/src/x.spec.ts', "import { x } from './x';\nit('x', () => undefined);\n");
    write('libs/c/src/index.ts', 'export const c = 2;\n');
    expect(hash()).toBe(before);
  });

  it('covers every source file of the parsing lib, and pdf.js', () => {
    const closure = sourceClosure(path.join(REPO_ROOT, 'libs/parsing/src/index.ts'), REPO_ROOT);
    const sources = (readdirSync(path.join(REPO_ROOT, 'libs/parsing/src'), { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts') && !file.startsWith('testing'))
      .map((file) => path.join('libs/parsing/src', file));
    expect(sources.filter((file) => !closure.files.includes(file))).toEqual([]);
    expect(closure.packages).toContainEqual(expect.stringMatching(/^pdfjs-dist@\d/));
  });
});
