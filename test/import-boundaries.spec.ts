import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { REPO_ROOT } from './support/paths';

/**
 * Lints each snippet as if it were the file at `file` with the repo's eslint.config.mjs, through ESLint's Node API, and
 * prints the import-boundary messages per snippet. In a child process: ESLint loads its config with `import()`, which
 * Jest's module sandbox refuses without --experimental-vm-modules.
 */
const LINT_SNIPPETS = `
const { ESLint } = require('eslint');
const snippets = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
(async () => {
  const eslint = new ESLint();
  const found = [];
  for (const { file, code } of snippets) {
    const [result] = await eslint.lintText(code, { filePath: file });
    const rules = ['no-restricted-imports', '@typescript-eslint/no-restricted-imports', 'no-restricted-syntax'];
    found.push(result.messages.filter((m) => rules.includes(m.ruleId)).map((m) => m.message));
  }
  process.stdout.write(JSON.stringify(found));
})();
`;

type Case = [file: string, from: string];
const code = (from: string) => `import { thing } from '${from}';\nexport const used = thing;\n`;
/** The same imports as types only, in both spellings. */
const TYPE_ONLY = ' (types)';
const typeCode = (from: string) =>
  `import type { Thing } from '${from}';\nimport { type Other } from '${from}';\nexport type Used = Thing | Other;\n`;

const throughIndex: Case[] = [
  ['apps/api/src/chat/chat.service.ts', '@lectern/application'],
  ['apps/cli/src/commands/ask.command.ts', '@lectern/application'],
  ['apps/cli/src/cli-error.ts', '@lectern/common'],
  ['apps/worker/src/main.ts', '@lectern/config'],
  ['test/api.e2e-spec.ts', '@lectern/retrieval'],
  ['bench/run.ts', '@lectern/corpus'],
  // An app's specs set up and inspect the libs directly.
  ['apps/cli/src/commands/reembed.command.spec.ts', '@lectern/corpus'],
];
/** Values from a lib other than application, common and config: the use cases are the apps' one path to the libs. */
const appValueFromALib: Case[] = [
  ['apps/api/src/chat/chat.service.ts', '@lectern/corpus'],
  ['apps/cli/src/commands/reembed.command.ts', '@lectern/embeddings'],
  ['apps/worker/src/main.ts', '@lectern/ingest'],
  ['apps/web/src/app.tsx', '@lectern/retrieval'],
];
/** Types from any lib's index are fine (`import type`, or `import { type … }`); from inside a lib they are not. */
const appTypes: Case[] = [
  ['apps/api/src/documents/dto/document.response.dto.ts', '@lectern/corpus'],
  ['apps/cli/src/commands/ask.command.ts', '@lectern/retrieval'],
  ['apps/cli/src/commands/ask.command.ts', '@lectern/application'],
];
const appTypesInsideALib: Case[] = [['apps/api/src/documents/dto/document.response.dto.ts', '@lectern/corpus/src/corpus.types']];
const insideALib: Case[] = [
  ['apps/api/src/chat/chat.service.ts', '@lectern/corpus/src/database'],
  ['apps/api/src/chat/chat.service.ts', '../../../../libs/corpus/src/database'],
  ['test/api.e2e-spec.ts', '../libs/retrieval/src'],
  ['bench/run.ts', '@lectern/ingest/src/run-ingest'],
  ['libs/retrieval/src/search.service.ts', '@lectern/corpus/src/database'],
];
const anApp: Case[] = [
  ['libs/retrieval/src/search.service.ts', '../../../apps/api/src/chat/chat.service'],
  ['libs/application/src/ask-question.usecase.ts', '../../../apps/api/src/core/tokens'],
];
const downward: Case[] = [
  ['libs/agent/src/explore.agent.ts', '@lectern/retrieval'],
  ['libs/retrieval/src/search.service.ts', '@lectern/corpus'],
  ['libs/retrieval/src/search.service.ts', '@lectern/llm'],
  ['libs/ingest/src/run-ingest.ts', '@lectern/storage'],
  ['libs/chunking/src/article.chunker.ts', '@lectern/parsing'],
  ['libs/corpus/src/database.ts', '@lectern/common'],
  ['libs/text/src/tokens.ts', '@lectern/common'],
  ['libs/application/src/ask-question.usecase.ts', '@lectern/agent'],
  // A lib's specs may use a lower lib's test fixtures (not in its index) by path.
  ['libs/retrieval/src/search.service.spec.ts', '../../corpus/src/testing/tei-corpus.fixture'],
];
const notBelow: Case[] = [
  ['libs/corpus/src/database.ts', '@lectern/retrieval'],
  ['libs/retrieval/src/search.service.ts', '@lectern/agent'],
  ['libs/agent/src/explore.agent.ts', '@lectern/application'],
  ['libs/common/src/domain-error.ts', '@lectern/text'],
  ['libs/text/src/tokens.ts', '@lectern/config'],
  ['libs/retrieval/src/search.service.ts', '@lectern/ingest'],
  ['libs/corpus/src/database.ts', '@lectern/corpus'],
];
const byRelativePath: Case[] = [
  ['libs/retrieval/src/search.service.ts', '../../corpus/src/database'],
  ['libs/retrieval/src/search.service.ts', '../../corpus/src/testing/tei-corpus.fixture'],
  ['libs/corpus/src/database.spec.ts', '../../retrieval/src/testing/pdf-corpus.fixture'],
];

/** Dynamic spellings the static rules cannot read: refused in apps and libs (not in their specs). */
const dynamicCode: Record<string, (from: string) => string> = {
  'import()': (from) => `export const load = () => import('${from}');\n`,
  'require()': (from) =>
    `// eslint-disable-next-line @typescript-eslint/no-require-imports -- the case under test\nexport const lib = require('${from}');\n`,
  'typeof import()': (from) => `export type Lib = typeof import('${from}');\n`,
};
const dynamic: Array<[file: string, from: string, spelling: string]> = [
  ['apps/api/src/chat/chat.controller.ts', '@lectern/corpus', 'import()'],
  ['apps/cli/src/main.ts', '@lectern/corpus', 'require()'],
  ['libs/common/src/domain-error.ts', '@lectern/application', 'import()'],
  ['libs/corpus/src/database.ts', '@lectern/retrieval', 'typeof import()'],
];

const values = [...throughIndex, ...appValueFromALib, ...insideALib, ...anApp, ...downward, ...notBelow, ...byRelativePath];
const types = [...appTypes, ...appTypesInsideALib];
let messages: Map<string, string[]>;
const messagesFor = (file: string, from: string) => messages.get(`${file} ${from}`)!;

beforeAll(() => {
  const snippets = [
    ...values.map(([file, from]) => ({ key: `${file} ${from}`, file: path.join(REPO_ROOT, file), code: code(from) })),
    ...types.map(([file, from]) => ({ key: `${file} ${from}${TYPE_ONLY}`, file: path.join(REPO_ROOT, file), code: typeCode(from) })),
    ...dynamic.map(([file, from, spelling]) => ({
      key: `${file} ${from} ${spelling}`,
      file: path.join(REPO_ROOT, file),
      code: dynamicCode[spelling](from),
    })),
  ];
  const out = execFileSync(process.execPath, ['-e', LINT_SNIPPETS], { cwd: REPO_ROOT, input: JSON.stringify(snippets), encoding: 'utf8' });
  const found = JSON.parse(out) as string[][];
  messages = new Map(snippets.map(({ key }, i) => [key, found[i]]));
});

describe('the import-boundary rule (eslint.config.mjs)', () => {
  it.each(throughIndex)('lets %s import %s through its index', (file, from) => {
    expect(messagesFor(file, from)).toEqual([]);
  });

  it.each(appValueFromALib)('refuses %s importing a value from %s: apps go through the use cases', (file, from) => {
    expect(messagesFor(file, from)).toEqual([
      expect.stringContaining('apps import values only from @lectern/application, @lectern/common, @lectern/config'),
    ]);
  });

  it.each(appTypes)('lets %s import only types from %s', (file, from) => {
    expect(messagesFor(file, `${from}${TYPE_ONLY}`)).toEqual([]);
  });

  it.each(appTypesInsideALib)('refuses %s importing types from %s, a path inside a lib', (file, from) => {
    expect(messagesFor(file, `${from}${TYPE_ONLY}`)).toEqual([
      expect.stringContaining('Import a lib through its index'),
      expect.stringContaining('Import a lib through its index'),
    ]);
  });

  it.each(insideALib)('refuses %s importing %s, a path inside a lib', (file, from) => {
    expect(messagesFor(file, from)).toEqual([expect.stringMatching(/Import a lib (through its index|as `@lectern\/<lib>`)/)]);
  });

  it.each(anApp)('refuses %s importing the app file %s', (file, from) => {
    expect(messagesFor(file, from)).toEqual([expect.stringContaining('A lib never imports an app')]);
  });

  it.each(downward)('lets %s import the lower lib %s', (file, from) => {
    expect(messagesFor(file, from)).toEqual([]);
  });

  it.each(notBelow)('refuses %s importing %s, which is not below it', (file, from) => {
    const lib = file.split('/')[1];
    expect(messagesFor(file, from)).toEqual([
      expect.stringMatching(new RegExp(`libs/${lib} may import (only the libs below it|no other lib)`)),
    ]);
  });

  it.each(dynamic)('refuses %s naming %s through %s, which the static rules cannot read', (file, from, spelling) => {
    expect(messagesFor(file, `${from} ${spelling}`)).toEqual([expect.stringContaining('with a static import')]);
  });

  it.each(byRelativePath)("refuses %s reaching %s by a relative path (other than a lower lib's fixtures from a spec)", (file, from) => {
    const lib = file.split('/')[1];
    expect(messagesFor(file, from)).toEqual([expect.stringContaining(`libs/${lib} reaches into another lib by a relative path`)]);
  });
});
