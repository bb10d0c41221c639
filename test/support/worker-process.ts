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
