import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ParserServicesConfig } from '@lectern/config';
import { GrobidClient, NougatClient, UnstructuredClient, type ServiceOutputs } from '@lectern/parsing';
import type { IngestLogger } from './ingest.logger';

type ServiceName = 'grobid' | 'unstructured' | 'nougat';
type ServiceHealthReport = Record<string, { url: string; alive: boolean }>;

/** A circuit breaker per service (issue 20 item 4): a GROBID that answers isalive but never processes costs N timeouts, not one per document. */
export interface BreakerOptions {
  /** Failures (timeouts included) in a row that open the circuit. */
  failures?: number;
  /** How long an open circuit skips the service before one document probes it again. */
  cooldownMs?: number;
  now?: () => number;
}

interface Breaker {
  failures: number;
  openedAt: number | null;
  probing: boolean;
}

/** How long a probe of the services is reused, and how long /health waits for a new one before answering with the last. */
const HEALTH_MAX_AGE_MS = 10_000;
const HEALTH_WAIT_MS = 1_000;

interface Service {
  name: ServiceName;
  url: string;
  isAlive(): Promise<boolean>;
  fill(pdfPath: string, outputs: ServiceOutputs, signal?: AbortSignal): Promise<void>;
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
  private lastHealth: { at: number; report: ServiceHealthReport } | null = null;
  private probing: Promise<ServiceHealthReport> | null = null;

  private readonly breakers = new Map<ServiceName, Breaker>();
  private readonly breaker: Required<BreakerOptions>;

  constructor(
    config: ParserServicesConfig,
    private readonly logger?: IngestLogger,
    breaker: BreakerOptions = {},
  ) {
    this.breaker = { failures: 3, cooldownMs: 60_000, now: Date.now, ...breaker };
    const timeoutMs = config.timeoutMs;
    if (config.grobidUrl) {
      const client = new GrobidClient({ baseUrl: config.grobidUrl, timeoutMs });
      this.services.push({
        name: 'grobid',
        url: config.grobidUrl,
        isAlive: () => client.isAlive(),
        fill: async (file, out, signal) => void (out.grobidTei = await client.processFulltext(file, signal)),
      });
    }
    if (config.unstructuredUrl) {
      const client = new UnstructuredClient({ baseUrl: config.unstructuredUrl, timeoutMs, apiKey: config.unstructuredApiKey });
      this.services.push({
        name: 'unstructured',
        url: config.unstructuredUrl,
        isAlive: () => client.isAlive(),
        fill: async (file, out, signal) => void (out.unstructuredElements = await client.partition(file, signal)),
      });
    }
    if (config.nougatUrl) {
      const client = new NougatClient({ baseUrl: config.nougatUrl, timeoutMs });
      this.services.push({
        name: 'nougat',
        url: config.nougatUrl,
        isAlive: () => client.isAlive(),
        fill: async (file, out, signal) => void (out.nougatMmd = await client.predict(file, { signal })),
      });
    }
  }

  /** The parsers a document may get: the embedded one always, plus each configured service. */
  get names(): string[] {
    return ['pdfjs', ...this.services.map((s) => s.name)];
  }

  /**
   * Whether each service answers, probed at most every HEALTH_MAX_AGE_MS and awaited at most HEALTH_WAIT_MS: a
   * hanging service never holds /health up (issue 20 item 4); until a first probe ends, it counts as not alive.
   */
  async health(): Promise<ServiceHealthReport> {
    const cached = this.lastHealth;
    if (cached && Date.now() - cached.at < HEALTH_MAX_AGE_MS) return cached.report;
    this.probing ??= this.probeAll()
      .then((report) => (this.lastHealth = { at: Date.now(), report }).report)
      .finally(() => (this.probing = null));
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), HEALTH_WAIT_MS)));
    const report = await Promise.race([this.probing, waited]).finally(() => clearTimeout(timer));
    return report ?? cached?.report ?? Object.fromEntries(this.services.map((s) => [s.name, { url: s.url, alive: false }]));
  }

  private async probeAll(): Promise<ServiceHealthReport> {
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

  /** Asks every service about one PDF; `signal` (a lost lease, a shutdown) aborts their requests. */
  async collect(pdf: Uint8Array, tag = '', signal?: AbortSignal): Promise<{ outputs: ServiceOutputs; warnings: string[] }> {
    const outputs: ServiceOutputs = {};
    const warnings: string[] = [];
    if (this.services.length === 0) return { outputs, warnings };
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lectern-parse-'));
    try {
      const file = path.join(dir, 'document.pdf');
      await fs.writeFile(file, pdf);
      await Promise.all(this.services.map((service) => this.callOne(service, file, outputs, warnings, tag, signal)));
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
    return { outputs, warnings };
  }

  private async callOne(service: Service, file: string, outputs: ServiceOutputs, warnings: string[], tag: string, signal?: AbortSignal) {
    const breaker = this.breakers.get(service.name) ?? { failures: 0, openedAt: null, probing: false };
    this.breakers.set(service.name, breaker);
    if (breaker.openedAt !== null) {
      // Open: skip at once. After the cool-down one document at a time goes through as the probe (half-open).
      if (breaker.probing || this.breaker.now() - breaker.openedAt < this.breaker.cooldownMs) {
        warnings.push(
          `${service.name}: skipped after ${breaker.failures} failures in a row (circuit open); parsed with the embedded parser`,
        );
        return;
      }
      breaker.probing = true;
    }
    if (this.suspect.has(service.name) && !(await service.isAlive())) {
      breaker.probing = false;
      warnings.push(`${service.name}: not reachable at ${service.url}; parsed without it`);
      return;
    }
    try {
      await service.fill(file, outputs, signal);
      this.suspect.delete(service.name);
      Object.assign(breaker, { failures: 0, openedAt: null, probing: false });
    } catch (error) {
      // Aborted by the caller (a lost lease, a shutdown): not the service's failure.
      if (signal?.aborted) return;
      this.suspect.add(service.name);
      breaker.failures++;
      breaker.probing = false;
      if (breaker.failures >= this.breaker.failures) breaker.openedAt = this.breaker.now();
      const raw = error instanceof Error ? error.message : String(error);
      // Service errors already start with the service's name; other errors (a missing temp file) do not.
      const message = raw.startsWith(`${service.name}:`) ? raw : `${service.name}: ${raw}`;
      warnings.push(message);
      this.logger?.warn(`${tag} ${message}`);
    }
  }
}
