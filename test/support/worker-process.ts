import { spawn, type ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from './paths';

/** The built worker entry, as `npm run worker` runs it after its build (`npm run build:api` first). */
export const WORKER_ENTRY = path.join(REPO_ROOT, 'dist', 'apps', 'worker', 'src', 'main.js');

/** Fails a suite's setup with what to do when the worker has not been built. */
export async function assertWorkerBuilt(): Promise<void> {
  await fs.access(WORKER_ENTRY).catch(() => {
    throw new Error(`${WORKER_ENTRY} is missing: run \`npm run build:api\` first (npm test builds it)`);
  });
}

/** One `npm run worker` process with its log so far. */
export interface WorkerProcess {
  child: ChildProcess;
  log: string;
  /** How it ended: an exit code, or the signal that killed it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts a worker process with the environment given and nothing else but PATH and TZ. */
export function startWorkerProcess(env: Record<string, string>): WorkerProcess {
  const child = spawn(process.execPath, [WORKER_ENTRY], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', TZ: 'UTC', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const worker: WorkerProcess = {
    child,
    log: '',
    exited: new Promise((resolve) => child.once('close', (code, signal) => resolve({ code, signal }))),
  };
  child.stdout?.on('data', (d: Buffer) => (worker.log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (worker.log += d.toString()));
  return worker;
}

/**
 * Kills (-9) the first worker seen in the middle of a document (started, and its log does not yet say `finished`
 * for it: "ready in|failed" where the worker commits, "built in|failed" where it hands off) and waits for it to
 * exit; null when none was mid-document within `withinMs`.
 */
export async function killFirstMidDocument(
  workers: WorkerProcess[],
  finished: string,
  withinMs = 30_000,
): Promise<{ worker: WorkerProcess; documentId: string } | null> {
  const deadline = Date.now() + withinMs;
  const ended = endedPattern(finished);
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (const worker of workers) {
      const [documentId] = documentsInProgress(worker, ended);
      if (documentId) {
        worker.child.kill('SIGKILL');
        await worker.exited;
        return { worker, documentId };
      }
    }
  }
  return null;
}

const STARTED = /document=(\S+) job=\S+ ingest started/g;

/** Matches a log line saying a document ended (`finished`), the document id captured; built once per wait, not per poll. */
function endedPattern(finished: string): RegExp {
  return new RegExp(`document=(\\S+) job=\\S+ (?:${finished})`, 'g');
}

/** Documents a worker started and whose end (`ended`) its log does not say yet. */
function documentsInProgress(worker: WorkerProcess, ended: RegExp): string[] {
  const done = new Set([...worker.log.matchAll(ended)].map((m) => m[1]));
  return [...worker.log.matchAll(STARTED)].map((m) => m[1]).filter((id) => !done.has(id));
}

/** Kills (-9) every worker still running and waits for all of them to exit. */
export async function stopWorkers(workers: readonly WorkerProcess[]): Promise<void> {
  for (const worker of workers) {
    if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGKILL');
    await worker.exited;
  }
}
