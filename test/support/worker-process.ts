import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { REPO_ROOT } from './paths';

/** The built worker entry, as `npm run worker` runs it after its build (`npm run build:api` first). */
export const WORKER_ENTRY = path.join(REPO_ROOT, 'dist', 'apps', 'worker', 'src', 'main.js');

/** One `npm run worker` process with its log so far. */
export interface WorkerProcess {
  child: ChildProcess;
  log: string;
  exited: Promise<void>;
}

/** Starts a worker process with the environment given and nothing else but PATH and TZ. */
export function startWorkerProcess(env: Record<string, string>): WorkerProcess {
  const child = spawn(process.execPath, [WORKER_ENTRY], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', TZ: 'UTC', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const worker: WorkerProcess = { child, log: '', exited: new Promise((resolve) => child.once('close', () => resolve())) };
  child.stdout?.on('data', (d: Buffer) => (worker.log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (worker.log += d.toString()));
  return worker;
}

/**
 * Kills (-9) the first worker seen in the middle of a document, as `inProgress` reads it from the worker's log, and
 * waits for it to exit; null when none was mid-document within `withinMs`.
 */
export async function killFirstMidDocument(
  workers: WorkerProcess[],
  inProgress: (worker: WorkerProcess) => string[],
  withinMs = 30_000,
): Promise<{ worker: WorkerProcess; documentId: string } | null> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (const worker of workers) {
      const [documentId] = inProgress(worker);
      if (documentId) {
        worker.child.kill('SIGKILL');
        await worker.exited;
        return { worker, documentId };
      }
    }
  }
  return null;
}
