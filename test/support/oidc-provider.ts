import { spawn } from 'node:child_process';
import * as path from 'node:path';

export interface TestOidcProvider {
  issuer: string;
  close(): Promise<void>;
}

export const OIDC_CLIENT = { id: 'lectern', secret: 'lectern-test-secret-0123456789abcdef' };

/** Starts `oidc-provider` (an ES module, so in its own Node process) on loopback; resolves once it listens. */
export function startOidcProvider(port: number, redirectUri: string): Promise<TestOidcProvider> {
  const child = spawn(
    process.execPath,
    [path.join(__dirname, 'oidc-provider.server.mjs'), String(port), redirectUri, OIDC_CLIENT.id, OIDC_CLIENT.secret],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (d: Buffer) => {
      output += d.toString();
      if (output.includes(`listening ${port}`)) {
        resolve({
          issuer: `http://127.0.0.1:${port}`,
          close: async () => {
            child.kill('SIGTERM');
            await exited;
          },
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => reject(new Error(`oidc-provider exited (${code}): ${output}`)));
  });
}
