import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ParserServicesConfig } from '@lectern/config';
import { GrobidClient, NougatClient, UnstructuredClient, type ServiceOutputs } from '@lectern/parsing';
import type { IngestLogger } from './ingest.logger';

type ServiceName = 'grobid' | 'unstructured' | 'nougat';

interface Service {
  name: ServiceName;
  url: string;
  isAlive(): Promise<boolean>;
  fill(pdfPath: string, outputs: ServiceOutputs): Promise<void>;
}

/**
 * The outside parsing services that are configured, called in parallel for one document through a temp file.
 * A service that fails degrades the document (a warning; the merge falls back), never fails it. After a
 * failure the service is asked `isAlive` before the next document, so a dead service costs one quick check
 * per document instead of a full timeout.
 */
export class ParseServices {
  private readonly services: Service[] = [];
  private readonly suspect = new Set<ServiceName>();

  constructor(
    config: ParserServicesConfig,
    private readonly logger?: IngestLogger,
  ) {
    const timeoutMs = config.timeoutMs;
    if (config.grobidUrl) {
      const client = new GrobidClient({ baseUrl: config.grobidUrl, timeoutMs });
      this.services.push({
        name: 'grobid',
        url: config.grobidUrl,
        isAlive: () => client.isAlive(),
        fill: async (file, out) => void (out.grobidTei = await client.processFulltext(file)),
      });
    }
    if (config.unstructuredUrl) {
      const client = new UnstructuredClient({ baseUrl: config.unstructuredUrl, timeoutMs, apiKey: config.unstructuredApiKey });
      this.services.push({
        name: 'unstructured',
        url: config.unstructuredUrl,
        isAlive: () => client.isAlive(),
        fill: async (file, out) => void (out.unstructuredElements = await client.partition(file)),
      });
    }
    if (config.nougatUrl) {
      const client = new NougatClient({ baseUrl: config.nougatUrl, timeoutMs });
      this.services.push({
        name: 'nougat',
        url: config.nougatUrl,
        isAlive: () => client.isAlive(),
        fill: async (file, out) => void (out.nougatMmd = await client.predict(file)),
      });
    }
  }

  /** The parsers a document may get: the embedded one always, plus each configured service. */
  get names(): string[] {
    return ['pdfjs', ...this.services.map((s) => s.name)];
  }

  async health(): Promise<Record<string, { url: string; alive: boolean }>> {
    const entries = await Promise.all(this.services.map(async (s) => [s.name, { url: s.url, alive: await s.isAlive() }] as const));
    return Object.fromEntries(entries);
  }

  /** Logs which services answer; called once at start. */
  async checkAtStart(): Promise<void> {
    for (const [name, { url, alive }] of Object.entries(await this.health())) {
      if (alive) this.logger?.log(`${name} is up at ${url}`);
      else this.logger?.warn(`${name} is not reachable at ${url}; documents will be parsed without it until it is`);
    }
  }

  async collect(pdf: Uint8Array, tag = ''): Promise<{ outputs: ServiceOutputs; warnings: string[] }> {
    const outputs: ServiceOutputs = {};
    const warnings: string[] = [];
    if (this.services.length === 0) return { outputs, warnings };
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lectern-parse-'));
    try {
      const file = path.join(dir, 'document.pdf');
      await fs.writeFile(file, pdf);
      await Promise.all(this.services.map((service) => this.callOne(service, file, outputs, warnings, tag)));
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
    return { outputs, warnings };
  }

  private async callOne(service: Service, file: string, outputs: ServiceOutputs, warnings: string[], tag: string) {
    if (this.suspect.has(service.name) && !(await service.isAlive())) {
      warnings.push(`${service.name}: not reachable at ${service.url}; parsed without it`);
      return;
    }
    try {
      await service.fill(file, outputs);
      this.suspect.delete(service.name);
    } catch (error) {
      this.suspect.add(service.name);
      const raw = error instanceof Error ? error.message : String(error);
      // Service errors already start with the service's name; other errors (a missing temp file) do not.
      const message = raw.startsWith(`${service.name}:`) ? raw : `${service.name}: ${raw}`;
      warnings.push(message);
      this.logger?.warn(`${tag} ${message}`);
    }
  }
}
