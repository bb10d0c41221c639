import type { LecternConfig } from '@lectern/config';
import type { IngestLogger } from '@lectern/ingest';
import { LecternLifecycle } from './lectern.lifecycle';
import { LECTERN_PARTS, type PartToken } from './lectern.parts';
import { INGEST_LOGGER, LECTERN_CONFIG } from './lectern.tokens';

/** The graph of parts, resolved without Nest: what the CLI and the worker process run on. */
export interface Lectern {
  readonly config: LecternConfig;
  /** The part behind a token: `lectern.get(AskQuestion)`, `lectern.get<IngestWorker>(INGEST_WORKER)`. */
  get<T>(token: (abstract new (...args: never[]) => T) | symbol): T;
  /** Prepares outside resources (the MinIO bucket) and reports which parsing services answer. */
  init(): Promise<void>;
  /** Stops the worker (finishing its documents), the pool threads and the databases. */
  close(): Promise<void>;
}

/**
 * Builds the same graph the API's Nest module registers (LECTERN_PARTS), resolving each part once, after the parts
 * it injects.
 */
export async function createLectern(config: LecternConfig, options: { logger?: IngestLogger } = {}): Promise<Lectern> {
  const values = new Map<PartToken, Promise<unknown>>([
    [LECTERN_CONFIG, Promise.resolve(config)],
    [INGEST_LOGGER, Promise.resolve(options.logger ?? null)],
  ]);
  const resolve = (token: PartToken): Promise<unknown> => {
    let value = values.get(token);
    if (!value) {
      const part = LECTERN_PARTS.find((p) => p.provide === token);
      if (!part) throw new Error(`no part provides ${describe(token)}`);
      value = Promise.all(part.inject.map(resolve)).then((deps) => (part.useFactory as (...args: unknown[]) => unknown)(...deps));
      values.set(token, value);
    }
    return value;
  };
  // Everything is built up front, as the Nest container does, so a bad configuration fails here and not mid-command.
  const built = new Map<PartToken, unknown>();
  for (const part of LECTERN_PARTS) built.set(part.provide, await resolve(part.provide));
  built.set(LECTERN_CONFIG, config);
  const get = <T>(token: PartToken): T => {
    if (!built.has(token)) throw new Error(`no part provides ${describe(token)}`);
    return built.get(token) as T;
  };
  return {
    config,
    get,
    init: () => get<LecternLifecycle>(LecternLifecycle).init(),
    close: () => get<LecternLifecycle>(LecternLifecycle).close(),
  };
}

function describe(token: PartToken): string {
  return typeof token === 'symbol' ? token.toString() : token.name;
}
