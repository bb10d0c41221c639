import * as path from 'node:path';
import { loadConfig } from './config';
import { InvalidConfigError } from './config.errors';

describe(loadConfig.name, () => {
  it('uses embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config.dataDir).toBe(path.resolve('./storage'));
    expect(config.port).toBe(3000);
    expect(config.embeddings.kind).toBe('auto');
    expect(config.llm).toBeNull();
    expect(config.contextMaxTokens).toBe(512);
    expect(config.maxUploadBytes).toBe(100 * 1024 * 1024);
    expect(config.inProcessWorker).toBe(true);
  });

  it('reads the vector search settings, defaulting to the in-memory first pass with 2000 re-scored candidates', () => {
    expect(loadConfig({}).vectorSearch).toEqual({ prefilter: 'memory', rescoreCandidates: 2000 });
    expect(loadConfig({ VECTOR_PREFILTER: 'sql', VECTOR_RESCORE_CANDIDATES: '4000' }).vectorSearch).toEqual({
      prefilter: 'sql',
      rescoreCandidates: 4000,
    });
    expect(() => loadConfig({ VECTOR_PREFILTER: 'gpu' })).toThrow(InvalidConfigError);
    expect(() => loadConfig({ VECTOR_RESCORE_CANDIDATES: '5' })).toThrow(/VECTOR_RESCORE_CANDIDATES/);
  });

  it('treats blank variables as unset', () => {
    expect(loadConfig({ PORT: '  ' }).port).toBe(3000);
  });

  it('names every bad variable in one message', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', CONTEXT_MAX_TOKENS: '5', EMBEDDINGS: 'magic' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/^Invalid environment variables:/);
    expect(message).toContain('PORT');
    expect(message).toContain('CONTEXT_MAX_TOKENS');
    expect(message).toContain('EMBEDDINGS');
  });

  it('converts MAX_UPLOAD_MB to bytes', () => {
    expect(loadConfig({ MAX_UPLOAD_MB: '2' }).maxUploadBytes).toBe(2 * 1024 * 1024);
  });
});

describe('loadConfig: parsing services and object store', () => {
  it('leaves every service unset and the local store chosen by default', () => {
    const config = loadConfig({});
    expect(config.parserServices).toEqual({ timeoutMs: 300_000 });
    expect(config.minio).toBeNull();
  });

  it('reads the service URLs and the MinIO settings', () => {
    const config = loadConfig({
      GROBID_URL: 'http://grobid:8070',
      NOUGAT_URL: 'http://nougat:8503',
      MINIO_ENDPOINT: 'minio',
      MINIO_ACCESS_KEY: 'key',
      MINIO_SECRET_KEY: 'secret',
    });
    expect(config.parserServices.grobidUrl).toBe('http://grobid:8070');
    expect(config.parserServices.nougatUrl).toBe('http://nougat:8503');
    expect(config.minio).toEqual({
      endPoint: 'minio',
      port: 9000,
      useSSL: false,
      accessKey: 'key',
      secretKey: 'secret',
      bucket: 'lectern',
    });
  });

  it('refuses a service URL that is not a URL', () => {
    expect(() => loadConfig({ GROBID_URL: 'grobid:8070 please' })).toThrow(/GROBID_URL/);
  });

  it('refuses MinIO without credentials', () => {
    expect(() => loadConfig({ MINIO_ENDPOINT: 'minio' })).toThrow(/MINIO_ACCESS_KEY/);
  });
});

describe('loadConfig: job queue', () => {
  it('keeps the embedded SQLite queue by default, even with REDIS_URL set', () => {
    expect(loadConfig({}).queue).toEqual({ kind: 'sqlite' });
    expect(loadConfig({ REDIS_URL: 'redis://redis:6379' }).queue).toEqual({ kind: 'sqlite' });
  });

  it('reads QUEUE=redis with its REDIS_URL', () => {
    expect(loadConfig({ QUEUE: 'redis', REDIS_URL: 'redis://:secret@redis:6379/2' }).queue).toEqual({
      kind: 'redis',
      url: 'redis://:secret@redis:6379/2',
    });
  });

  it('refuses QUEUE=redis without REDIS_URL, naming the variable', () => {
    expect(() => loadConfig({ QUEUE: 'redis' })).toThrow(InvalidConfigError);
    expect(() => loadConfig({ QUEUE: 'redis' })).toThrow(/REDIS_URL: required when QUEUE=redis/);
  });

  it('refuses an unknown queue and a REDIS_URL that is not a redis URL', () => {
    expect(() => loadConfig({ QUEUE: 'kafka' })).toThrow(/QUEUE/);
    expect(() => loadConfig({ QUEUE: 'redis', REDIS_URL: 'http://redis:6379' })).toThrow(/REDIS_URL: must be a redis:\/\//);
  });
});

describe('loadConfig: who commits built articles', () => {
  const shared = { QUEUE: 'redis', REDIS_URL: 'redis://redis:6379', MINIO_ENDPOINT: 'minio', MINIO_ACCESS_KEY: 'k', MINIO_SECRET_KEY: 's' };

  it('commits locally by default, and hands off with the Redis queue and MinIO', () => {
    expect(loadConfig({}).ingestCommit).toBe('local');
    expect(loadConfig({ ...shared, INGEST_COMMIT: 'handoff' }).ingestCommit).toBe('handoff');
  });

  it('refuses handoff without the Redis queue or with the local object store, naming the variables', () => {
    const { MINIO_ENDPOINT: _endpoint, ...localStore } = shared;
    for (const env of [{ ...shared, QUEUE: 'sqlite' }, localStore]) {
      expect(() => loadConfig({ ...env, INGEST_COMMIT: 'handoff' })).toThrow(InvalidConfigError);
      expect(() => loadConfig({ ...env, INGEST_COMMIT: 'handoff' })).toThrow(/INGEST_COMMIT: handoff needs QUEUE=redis and MINIO_ENDPOINT/);
    }
    expect(() => loadConfig({ INGEST_COMMIT: 'remote' })).toThrow(/INGEST_COMMIT/);
  });

  it('reads the hostile-input limits: parse caps, upload caps, allowed hosts, shutdown grace', () => {
    const defaults = loadConfig({});
    expect(defaults.parseLimits).toEqual({ timeoutMs: 300_000, maxContentBytes: 128 * 1024 * 1024, maxItemsPerPage: 50_000 });
    expect(defaults).toMatchObject({ maxUploadFiles: 500, maxRequestBytes: 1024 * 1024 * 1024, shutdownGraceMs: 30_000 });
    expect(defaults.allowedHosts).toEqual(['127.0.0.1', 'localhost', '::1']);
    expect(loadConfig({ HOST: '0.0.0.0' }).allowedHosts).toEqual(['0.0.0.0', 'localhost', '127.0.0.1', '::1']);
    expect(loadConfig({ ALLOWED_HOSTS: 'Lectern.example, localhost' }).allowedHosts).toEqual(['lectern.example', 'localhost']);
    expect(loadConfig({ ALLOWED_HOSTS: '*' }).allowedHosts).toBe('*');
    expect(() => loadConfig({ MAX_UPLOAD_FILES: '5000' })).toThrow(/MAX_UPLOAD_FILES/);
  });
});

describe('loadConfig: accounts and access', () => {
  it('requires sign-in by default, with week-long sessions and no cross-origin callers', () => {
    expect(loadConfig({}).auth).toMatchObject({
      enabled: true,
      sessionMs: 7 * 24 * 3_600_000,
      corsOrigins: [],
      initialAdmin: null,
      oidc: null,
    });
  });

  it('allows AUTH=off on a loopback address only, saying why', () => {
    expect(loadConfig({ AUTH: 'off' }).auth.enabled).toBe(false);
    expect(loadConfig({ AUTH: 'off', HOST: '::1' }).auth.enabled).toBe(false);
    expect(() => loadConfig({ AUTH: 'off', HOST: '0.0.0.0' })).toThrow(/AUTH: off is only allowed when HOST is a loopback address/);
  });

  it('reads the first admin, CORS origins and OIDC, refusing half of them', () => {
    const config = loadConfig({
      LECTERN_ADMIN_EMAIL: 'admin@example.edu',
      LECTERN_ADMIN_PASSWORD: 'long enough',
      CORS_ORIGINS: 'https://a.example.edu, https://b.example.edu/',
      OIDC_ISSUER: 'https://login.example.edu',
      OIDC_CLIENT_ID: 'lectern',
      OIDC_CLIENT_SECRET: 'shh',
    });
    expect(config.auth.initialAdmin).toEqual({ email: 'admin@example.edu', password: 'long enough' });
    expect(config.auth.corsOrigins).toEqual(['https://a.example.edu', 'https://b.example.edu']);
    expect(config.auth.oidc).toMatchObject({ issuer: 'https://login.example.edu', name: 'login.example.edu' });
    expect(() => loadConfig({ LECTERN_ADMIN_EMAIL: 'admin@example.edu' })).toThrow(/set both or neither/);
    expect(() => loadConfig({ OIDC_ISSUER: 'https://login.example.edu' })).toThrow(/set all three or none/);
    expect(() => loadConfig({ CORS_ORIGINS: '*' })).toThrow(/CORS_ORIGINS/);
  });
});
