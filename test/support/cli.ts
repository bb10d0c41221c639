import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { PassThrough } from 'node:stream';
import { REPO_ROOT } from './paths';

export const CLI_ENTRY = path.join(REPO_ROOT, 'dist', 'apps', 'cli', 'src', 'main.js');

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs the built `lectern` CLI in a child process (npm test builds it first); `input` is written to its stdin. */
export function runLectern(args: string[], env: Record<string, string>, input?: string) {
  const child = spawn(process.execPath, [CLI_ENTRY, ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', TZ: 'UTC', ...env },
    stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] as ['pipe', 'pipe', 'pipe'],
  });
  if (input !== undefined) child.stdin.end(input);
  const result: CliRun = { code: null, signal: null, stdout: '', stderr: '' };
  child.stdout.on('data', (d: Buffer) => (result.stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (result.stderr += d.toString()));
  const done = new Promise<CliRun>((resolve) => child.on('close', (code, signal) => resolve(Object.assign(result, { code, signal }))));
  return { child, done, result };
}

/** A writable stream that keeps what a command writes, for commands run in-process. */
export function sink(): PassThrough & { text: () => string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (d: Buffer) => (text += d.toString()));
  return Object.assign(stream, { text: () => text });
}
