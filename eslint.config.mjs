// ESLint flat config: typescript-eslint's recommended rules (syntax only, not type-aware, so `npm run lint` stays
// fast on two cores), Prettier owning the layout (eslint-config-prettier last), and the import boundaries below.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

/**
 * The libs in layers, bottom first. A lib imports another lib only through `@lectern/<lib>` and only from a LOWER
 * layer; libs in one layer are independent of each other. Apps import libs through `@lectern/<lib>` only: values from
 * APP_LIBS, types from any lib.
 *   common       DomainError, retry timing — imports nothing
 *   text, config tokens, stopwords, stemmer, sentences; the validated environment
 *   corpus, parsing, storage, llm   SQLite repositories; PDF and parser services; object store; LLM client
 *   chunking, embeddings            sections → contexts (reads parsing's Article); embedders
 *   retrieval, ingest               search and answers over corpus/embeddings/llm; the parse → chunk → embed pipeline
 *   agent        the explore loop over retrieval
 *   application  use cases shared by API, CLI and worker — imported only by apps
 * Derived from the imports in the tree (`grep -rn "@lectern/" libs`); a new lib must be placed here (checked below).
 */
export const LIB_LAYERS = [
  ['common'],
  ['text', 'config'],
  ['corpus', 'parsing', 'storage', 'llm'],
  ['chunking', 'embeddings'],
  ['retrieval', 'ingest'],
  ['agent'],
  ['application'],
];

/**
 * The libs whose values the apps' code may import: the use cases (which re-export the named errors and types the
 * apps need of the libs below), the error base and the configuration. Any other lib's types come with `import type`.
 */
export const APP_LIBS = ['application', 'common', 'config'];

const ROOT = dirname(fileURLToPath(import.meta.url));
const ALL_LIBS = LIB_LAYERS.flat();
const misplaced = APP_LIBS.filter((lib) => !ALL_LIBS.includes(lib));
if (misplaced.length > 0) throw new Error(`eslint.config.mjs: APP_LIBS names ${misplaced.join(', ')}, not in LIB_LAYERS`);
const unplaced = readdirSync(join(ROOT, 'libs'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !ALL_LIBS.includes(entry.name))
  .map((entry) => entry.name);
if (unplaced.length > 0) throw new Error(`eslint.config.mjs: place libs/${unplaced.join(', libs/')} in LIB_LAYERS`);

const DYNAMIC_LIB_IMPORT = 'Import @lectern/<lib> with a static import, which the boundary rules check.';
const anyOf = (names) => `(${names.join('|')})`;
/** `@lectern/<lib>/src/…`: a lib exposes its index only. */
const DEEP_LIB_IMPORT = {
  regex: '^@lectern/[^/]+/',
  message: 'Import a lib through its index, `@lectern/<lib>`, never a path inside it.',
};
/** `../../libs/<lib>/…` from an app, a test or a bench. */
const RELATIVE_LIB_IMPORT = {
  regex: '^(\\.\\./)+libs(/|$)',
  message: 'Import a lib as `@lectern/<lib>`, not by a relative path into libs/.',
};

/** The import rule for one lib's files, derived from its layer; its specs and fixtures may also use lower libs' fixtures. */
function libBoundary(lib, layer) {
  const allowed = LIB_LAYERS.slice(0, layer).flat();
  const forbidden = LIB_LAYERS.slice(layer).flat();
  const others = ALL_LIBS.filter((name) => name !== lib);
  const below = allowed.length > 0 ? `only the libs below it (${allowed.join(', ')})` : 'no other lib';
  const rule = (fixturesOf) => [
    'error',
    {
      patterns: [
        {
          regex: `^@lectern/${anyOf(forbidden)}$`,
          message: `libs/${lib} may import ${below}: libs depend on each other only downward (LIB_LAYERS in eslint.config.mjs); inside libs/${lib} use relative paths.`,
        },
        DEEP_LIB_IMPORT,
        {
          // A lower lib's test fixtures (src/testing/) are not in its index; its neighbours' specs reach them by path.
          regex: `^(\\.\\./)+(libs/)?${fixturesOf.length > 0 ? `(?!${anyOf(fixturesOf)}/src/testing/)` : ''}${anyOf(others)}/src(/|$)`,
          message: `libs/${lib} reaches into another lib by a relative path; import it as \`@lectern/<lib>\` (if it is below libs/${lib}).`,
        },
        { regex: '^(\\.\\./)+apps(/|$)', message: 'A lib never imports an app: move what both need into a lib.' },
      ],
    },
  ];
  return [
    { files: [`libs/${lib}/**`], rules: { 'no-restricted-imports': rule([]) } },
    { files: [`libs/${lib}/**/*.spec.ts`, `libs/${lib}/src/testing/**`], rules: { 'no-restricted-imports': rule(allowed) } },
  ];
}

/**
 * The import rule for the apps' code (not their specs): values only from APP_LIBS, so the use cases stay the one path
 * from API and CLI to the libs. typescript-eslint's variant of the rule, for `allowTypeImports`; only `@lectern/<lib>`
 * itself is allowed for types, so a type from inside a lib is still refused by DEEP_LIB_IMPORT.
 */
function appBoundary() {
  const typesOnly = ALL_LIBS.filter((lib) => !APP_LIBS.includes(lib));
  return {
    files: ['apps/**'],
    ignores: ['**/*.spec.{ts,tsx}'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            DEEP_LIB_IMPORT,
            RELATIVE_LIB_IMPORT,
            {
              regex: `^@lectern/${anyOf(typesOnly)}$`,
              allowTypeImports: true,
              message: `apps import values only from ${APP_LIBS.map((lib) => `@lectern/${lib}`).join(', ')} (APP_LIBS in eslint.config.mjs): call a use case of libs/application, import a named error it re-exports, or use \`import type\` for a type.`,
            },
          ],
        },
      ],
    },
  };
}

export default defineConfig(
  globalIgnores([
    '**/dist/',
    'storage/',
    'coverage/',
    'models/',
    'test/artifacts/',
    'bench/.data/',
    // Generated from the API's OpenAPI document and from hamming-scan.wat; edit their sources instead.
    'apps/web/src/api/schema.d.ts',
    'libs/corpus/src/hamming-scan.wasm.ts',
  ]),
  {
    files: ['**/*.{ts,tsx,mts,js,mjs,cjs}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A leading underscore marks what is left out on purpose: `const { storageKey: _internal, ...rest } = row`.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      // Control characters are matched on purpose: refused in filenames and project names, dropped from PDF text.
      'no-control-regex': 'off',
    },
  },
  {
    // The few plain JavaScript files (bin, scripts, jest config and environment, a pool task) are CommonJS on Node.
    files: ['**/*.{js,cjs}'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { __dirname: 'readonly', Buffer: 'readonly', console: 'readonly', process: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  ...LIB_LAYERS.flatMap((libs, layer) => libs.flatMap((lib) => libBoundary(lib, layer))),
  {
    files: ['apps/**', 'test/**', 'bench/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [DEEP_LIB_IMPORT, RELATIVE_LIB_IMPORT] }] },
  },
  appBoundary(),
  {
    // The rules above read static imports; a dynamic `import()`, `require()` or `typeof import()` of a lib would
    // slip past them, so apps and libs name other libs statically only.
    files: ['apps/**', 'libs/**'],
    ignores: ['**/*.spec.{ts,tsx}', 'libs/*/src/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['ImportExpression > Literal.source', 'CallExpression[callee.name="require"] > Literal', 'TSImportType Literal'].map(
          (selector) => ({ selector: `${selector}[value=/^@lectern\\//]`, message: DYNAMIC_LIB_IMPORT }),
        ),
      ],
    },
  },
  prettier,
);
