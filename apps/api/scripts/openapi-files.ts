import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { NestFactory } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import { loadConfig } from '@lectern/config';
import { AppModule } from '../src/app.module';
import { createOpenApiDocument } from '../src/openapi/openapi.document';
import { findPackageRoot } from '../src/web/web-assets';

/** The committed contract and the web client's types generated from it, relative to the package root. */
export const OPENAPI_FILE = 'apps/api/openapi.json';
export const CLIENT_TYPES_FILE = 'apps/web/src/api/schema.d.ts';

export function packageRoot(): string {
  const root = findPackageRoot(__dirname);
  if (root === null) throw new Error(`no lectern package.json above ${__dirname}`);
  return root;
}

/**
 * Builds the document from the app's module graph in Nest's preview mode: controllers and DTOs are scanned, no
 * provider is created, so no database is opened and no model is loaded.
 */
export async function buildOpenApiDocument(): Promise<OpenAPIObject> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lectern-openapi-'));
  try {
    const app = await NestFactory.create(AppModule.register(loadConfig({ LECTERN_DATA_DIR: dataDir })), { preview: true, logger: false });
    try {
      return createOpenApiDocument(app);
    } finally {
      await app.close();
    }
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/** The document as committed: two-space JSON with a final newline. */
export function openApiJson(document: OpenAPIObject): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/**
 * The web client's types for the document, as openapi-typescript's CLI writes them. Run in its own process: the
 * package's CommonJS build requires an ES module, which Node loads and jest does not.
 */
export async function clientTypes(json: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lectern-openapi-'));
  try {
    const input = path.join(dir, 'openapi.json');
    const output = path.join(dir, 'schema.d.ts');
    await fs.writeFile(input, json);
    // Its package exports map `*.js` to `*.mjs`: the CLI is found from the package root instead.
    const cli = path.join(path.dirname(require.resolve('openapi-typescript/package.json')), 'bin', 'cli.js');
    await promisify(execFile)(process.execPath, [cli, input, '--output', output]);
    return await fs.readFile(output, 'utf8');
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Both generated files, by path relative to the package root. */
export async function generateOpenApiFiles(): Promise<Record<string, string>> {
  const json = openApiJson(await buildOpenApiDocument());
  return { [OPENAPI_FILE]: json, [CLIENT_TYPES_FILE]: await clientTypes(json) };
}
