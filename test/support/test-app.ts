import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { loadConfig } from '@lectern/config';
import { createApp } from '../../apps/api/src/app.factory';

export interface TestApp {
  app: INestApplication;
  dataDir: string;
  http: () => ReturnType<typeof request>;
  close(): Promise<void>;
}

/**
 * Boots the real Nest app, worker included, on a fresh temporary data directory. Specs about something other than
 * access run with AUTH=off (the app listens on loopback); the access specs pass `AUTH: 'on'`.
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lectern-e2e-'));
  const config = loadConfig({ LECTERN_DATA_DIR: dataDir, AUTH: 'off', ...env });
  const app = await createApp(config, { logs: false });
  await app.init();
  return {
    app,
    dataDir,
    http: () => request(app.getHttpServer()),
    close: async () => {
      await app.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface DocumentState {
  id: string;
  filename: string;
  status: string;
  error: string | null;
  articleId: string | null;
  pageCount: number | null;
  parsers: string[];
  warnings: string[];
}

/** Polls a document until it leaves the queue/parse/embed stages; fails the test after `timeoutMs`. */
export async function waitForDocument(test: TestApp, documentId: string, timeoutMs = 60_000, cookie?: string): Promise<DocumentState> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await (
      cookie ? test.http().get(`/documents/${documentId}`).set('Cookie', cookie) : test.http().get(`/documents/${documentId}`)
    ).expect(200);
    if (res.body.status === 'ready' || res.body.status === 'failed') return res.body;
    if (Date.now() > deadline) throw new Error(`document ${documentId} still ${res.body.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
