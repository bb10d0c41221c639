import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { freePort } from '../test/support/free-port';

/** The built API entry (`dist/apps/api/src/main.js`; the bench runs from `dist/bench`). */
const API_MAIN = path.join(__dirname, '..', 'apps', 'api', 'src', 'main.js');
const START_TIMEOUT_MS = 60_000;

/** The real API in a child process of its own, on a temp data directory and a free loopback port. */
export interface ApiProcess {
  /** `http://127.0.0.1:<port>` */
  base: string;
  pid: number;
  child: ChildProcess;
  dataDir: string;
  /** SIGTERM (SIGKILL after `graceMs`), then the data directory is removed. */
  stop(): Promise<void>;
}

/**
 * Starts the API with `AUTH=off` (one person on this machine, as the bench numbers have always been measured) and
 * `env` on top of this process's environment, and waits until `/health` answers. `stderr`: its log lines, prefixed.
 */
export async function startApiProcess(options: {
  env?: Record<string, string>;
  dataDirPrefix: string;
  stderr?: boolean;
  graceMs?: number;
}): Promise<ApiProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), options.dataDirPrefix));
  const port = await freePort();
  const child = spawn(process.execPath, [API_MAIN], {
    env: { ...process.env, LECTERN_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', AUTH: 'off', ...options.env },
    stdio: ['ignore', 'ignore', options.stderr ? 'pipe' : 'ignore'],
  });
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[api] ${chunk.toString()}`));
  const api: ApiProcess = {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid as number,
    child,
    dataDir,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), options.graceMs ?? 15_000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await fetch(`${api.base}/health`).catch(() => null))?.ok) {
    if (Date.now() > deadline || child.exitCode !== null) {
      await api.stop();
      throw new Error(`the API did not answer /health within ${START_TIMEOUT_MS / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return api;
}
