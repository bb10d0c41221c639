import { spawn, type ChildProcess } from 'node:child_process';
import * as net from 'node:net';
import { freePort } from './free-port';

/** A throwaway redis-server on a free loopback port, for tests: no persistence, killed by `stop()`. */
export interface RedisServer {
  url: string;
  port: number;
  /** The redis-server process, for reading its CPU time. */
  pid: number;
  stop(): Promise<void>;
}

const REDIS_SERVER = 'redis-server';

/** Sends PING over a raw socket: true once the server answers +PONG. */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
    socket.once('connect', () => socket.write('PING\r\n'));
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts redis-server and resolves once it answers PING (within 10 s). */
export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  const child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited(child);
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    const failed = await Promise.race([spawnError, new Promise<null>((resolve) => setTimeout(() => resolve(null), 50))]);
    if (failed) throw new Error(`could not start ${REDIS_SERVER} (install the redis-server package): ${failed.message}`);
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}: ${stderr}`);
    if (await ping(port)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`redis-server did not answer PING on port ${port} within 10 s: ${stderr}`);
    }
  }
  return { url: `redis://127.0.0.1:${port}`, port, pid: child.pid as number, stop };
}
