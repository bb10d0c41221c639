import { promises as fs } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

/** The subset of s3rver (which ships no types) that the tests use. */
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer?: Server;
}
type S3rverConstructor = new (options: { address: string; port: number; directory: string; silent: boolean }) => S3rverInstance;

export interface S3TestServer {
  /** `http://S3RVER:S3RVER@127.0.0.1:<port>`: what `MinioObjectStore.fromUrl` takes. */
  readonly url: string;
  close(): Promise<void>;
}

/** A real S3-compatible server (s3rver) on loopback, storing into its own temp directory. */
export async function startS3Server(): Promise<S3TestServer> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- untyped devDependency, loaded only by the specs that start a server
  const S3rver = require('s3rver') as S3rverConstructor;
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'lectern-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await server.run();
  return {
    url: `http://S3RVER:S3RVER@127.0.0.1:${port}`,
    async close() {
      const closing = server.close();
      // Keep-alive sockets from the client would otherwise hold close() open until they time out.
      server.httpServer?.closeAllConnections();
      await closing;
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
