import * as path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * Runs `workers` threads, each with its own CatalogDb connection, that claim jobs in a tight loop from the
 * same start signal until the queue is empty. Each thread compiles the corpus lib with `typescript` on the fly
 * (no ts-node here). Resolves with the job ids each worker claimed.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const ts = require(workerData.typescript);
require.extensions['.ts'] = (module, filename) => {
  const source = fs.readFileSync(filename, 'utf8');
  const options = { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true };
  module._compile(ts.transpileModule(source, { compilerOptions: options }).outputText, filename);
};
// The path aliases jest maps (\`@lectern/<lib>\` → libs/<lib>/src), for the libs the catalog imports.
const Module = require('node:module');
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const lib = request.startsWith('@lectern/') ? request.slice('@lectern/'.length) : null;
  return resolveFilename.call(this, lib ? workerData.libsDir + '/' + lib + '/src' : request, ...rest);
};
const { CatalogDb } = require(workerData.catalogModule);
const catalog = CatalogDb.open(workerData.dataDir);
const start = new Int32Array(workerData.startSignal);
parentPort.postMessage({ ready: true });
Atomics.wait(start, 0, 0);
const claimed = [];
for (;;) {
  const job = catalog.jobs.claim(workerData.workerId, 60000);
  if (!job) break;
  claimed.push(job.id);
  // Holding the job for a moment, as a real worker would, lets the other threads take the next ones.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
  catalog.jobs.complete(job.id, workerData.workerId);
}
catalog.close();
parentPort.postMessage({ claimed });
`;

export async function raceToClaim(dataDir: string, workers: number): Promise<string[][]> {
  const startSignal = new SharedArrayBuffer(4);
  const threads = Array.from({ length: workers }, (_, i) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        dataDir,
        workerId: `worker-${i}`,
        startSignal,
        typescript: require.resolve('typescript'),
        catalogModule: path.resolve(__dirname, '../catalog.db.ts'),
        libsDir: path.resolve(__dirname, '../../..'),
      },
    });
    let onReady: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => (onReady = resolve));
    const done = new Promise<string[]>((resolve, reject) => {
      worker.on('message', (message: { ready?: boolean; claimed?: string[] }) => {
        if (message.ready) onReady();
        if (message.claimed) resolve(message.claimed);
      });
      worker.on('error', reject);
      worker.on('exit', (code) => code !== 0 && reject(new Error(`claim worker exited with ${code}`)));
    });
    return { ready, done };
  });
  // A thread that fails before it is ready (a compile or require error) fails the race now, not at the test's timeout.
  await Promise.all(threads.map((t) => Promise.race([t.ready, t.done])));
  const start = new Int32Array(startSignal);
  Atomics.store(start, 0, 1);
  Atomics.notify(start, 0);
  return Promise.all(threads.map((t) => t.done));
}
