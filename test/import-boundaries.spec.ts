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
    found.push(result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message));
  }
  process.stdout.write(JSON.stringify(found));
})();
`;

type Case = [file: string, from: string];
const code = (from: string) => `import { thing } from '${from}';\nexport const used = thing;\n`;

const throughIndex: Case[] = [
  ['apps/api/src/chat/chat.service.ts', '@lectern/corpus'],
  ['apps/cli/src/commands/ask.command.ts', '@lectern/application'],
  ['apps/worker/src/main.ts', '@lectern/ingest'],
  ['test/api.e2e-spec.ts', '@lectern/retrieval'],
  ['bench/run.ts', '@lectern/corpus'],
];
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

const all = [...throughIndex, ...insideALib, ...anApp, ...downward, ...notBelow, ...byRelativePath];
let messages: Map<string, string[]>;
const messagesFor = (file: string, from: string) => messages.get(`${file} ${from}`)!;

beforeAll(() => {
  const snippets = all.map(([file, from]) => ({ file: path.join(REPO_ROOT, file), code: code(from) }));
  const out = execFileSync(process.execPath, ['-e', LINT_SNIPPETS], { cwd: REPO_ROOT, input: JSON.stringify(snippets), encoding: 'utf8' });
  const found = JSON.parse(out) as string[][];
  messages = new Map(all.map(([file, from], i) => [`${file} ${from}`, found[i]]));
});

describe('the import-boundary rule (eslint.config.mjs)', () => {
  it.each(throughIndex)('lets %s import %s through its index', (file, from) => {
    expect(messagesFor(file, from)).toEqual([]);
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

  it.each(byRelativePath)("refuses %s reaching %s by a relative path (other than a lower lib's fixtures from a spec)", (file, from) => {
    const lib = file.split('/')[1];
    expect(messagesFor(file, from)).toEqual([expect.stringContaining(`libs/${lib} reaches into another lib by a relative path`)]);
  });
});
