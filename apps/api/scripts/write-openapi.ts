import 'reflect-metadata';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { generateOpenApiFiles, packageRoot } from './openapi-files';

/** `npm run build:openapi`: writes apps/api/openapi.json and the web client's types generated from it. */
async function main(): Promise<void> {
  const root = packageRoot();
  for (const [file, text] of Object.entries(await generateOpenApiFiles())) {
    await fs.writeFile(path.join(root, file), text);
    console.log(`wrote ${file}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
