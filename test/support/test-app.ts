import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import request, { type Test } from 'supertest';
import { loadConfig } from '@lectern/config';
import { createApp } from '../../apps/api/src/app.factory';
import { corpusPdf } from './paths';

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

/** The response body as one Buffer, whatever its content type (an export, a stored PDF). */
export function binaryBody(test: Test): Test {
  return test.buffer(true).parse((response, callback) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => callback(null, Buffer.concat(chunks)));
  });
}

/**
 * Uploads corpus PDFs (names under `corpus/pdf/`) to a project in one request and waits for each to be ready; resolves
 * to the finished documents in the order of `names`. A document that fails fails the test here, with its error.
 */
export async function ingestCorpusPdfs(test: TestApp, projectId: string, names: readonly string[]): Promise<DocumentState[]> {
  const upload = test.http().post(`/projects/${projectId}/documents`);
  for (const name of names) upload.attach('files', corpusPdf(name));
  const accepted = (await upload.expect(202)).body.documents as Array<{ id: string }>;
  expect(accepted).toHaveLength(names.length);
  const finished: DocumentState[] = [];
  for (const doc of accepted) finished.push(await waitForDocument(test, doc.id));
  for (const doc of finished) expect(doc).toMatchObject({ status: 'ready', error: null });
  return names.map((name) => finished.find((d) => d.filename === path.basename(name))!);
}
