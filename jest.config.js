/** Unit specs beside the code, end-to-end specs in test/. */
const libs = [
  'corpus',
  'parsing',
  'chunking',
  'embeddings',
  'retrieval',
  'storage',
  'ingest',
  'config',
  'llm',
  'agent',
  'common',
  'text',
  'application',
];
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/apps', '<rootDir>/libs', '<rootDir>/test'],
  testRegex: '(\\.spec|\\.e2e-spec)\\.ts$',
  transform: { '^.+\\.ts$': 'ts-jest' },
  moduleNameMapper: Object.fromEntries(libs.map((l) => [`^@lectern/${l}$`, `<rootDir>/libs/${l}/src`])),
  testTimeout: 60000,
  maxWorkers: 2,
};
