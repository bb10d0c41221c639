import { DomainError } from '@lectern/common';
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Client, S3Error } from 'minio';
import { assertObjectKey, ObjectNotFoundError, ObjectStore } from './object-store';

export interface MinioStoreOptions {
  endPoint: string;
  port?: number;
  useSSL?: boolean;
  accessKey: string;
  secretKey: string;
  bucket: string;
  /** MinIO's default; passing it spares the client a GetBucketLocation round trip per bucket. */
  region?: string;
}

/** Raised for a MinIO/S3 address Lectern cannot use; the message never repeats the secret key. */
export class InvalidObjectStoreUrlError extends DomainError {
  override readonly name = 'InvalidObjectStoreUrlError';
}

/** Raised when `put` is handed a sha256 that does not match the bytes: the metadata would lie. */
export class ObjectChecksumMismatchError extends DomainError {
  override readonly name = 'ObjectChecksumMismatchError';
  override readonly permanent = false;
}

// S3 says NoSuchKey for GET and, having no body to put a code in, NotFound for HEAD.
const MISSING_OBJECT_CODES = new Set(['NoSuchKey', 'NotFound']);
// Two processes creating the bucket at once: the loser gets one of these, and the bucket is there.
const BUCKET_TAKEN_CODES = new Set(['BucketAlreadyOwnedByYou', 'BucketAlreadyExists']);

/** Objects in one MinIO (or any S3-compatible) bucket, for deployments that share storage between machines. */
export class MinioObjectStore implements ObjectStore {
  readonly bucket: string;
  private readonly client: Client;
  private readonly region: string;
  private ready: Promise<void> | undefined;

  constructor(options: MinioStoreOptions) {
    this.bucket = options.bucket;
    this.region = options.region ?? 'us-east-1';
    this.client = new Client({
      endPoint: options.endPoint,
      port: options.port,
      useSSL: options.useSSL ?? false,
      accessKey: options.accessKey,
      secretKey: options.secretKey,
      region: this.region,
      // Path-style (`host/bucket/key`): a compose hostname like `minio` has no per-bucket DNS names.
      pathStyle: true,
    });
  }

  /** `http://ACCESS:SECRET@host:port` (or https); credentials may be percent-encoded. */
  static fromUrl(url: string, bucket: string, region?: string): MinioObjectStore {
    return new MinioObjectStore({ ...parseStoreUrl(url), bucket, region });
  }

  /** Creates the bucket if it is missing. Safe to call often and from several processes at once. */
  init(): Promise<void> {
    this.ready ??= this.ensureBucket().catch((error: unknown) => {
      this.ready = undefined; // a MinIO that was down at start may be up on the next call
      throw error;
    });
    return this.ready;
  }

  async put(key: string, data: Buffer, meta: { contentType?: string; sha256?: string } = {}): Promise<void> {
    assertObjectKey(key);
    const sha256 = createHash('sha256').update(data).digest('hex');
    if (meta.sha256 !== undefined && meta.sha256.toLowerCase() !== sha256) {
      throw new ObjectChecksumMismatchError(`sha256 given for ${key} does not match its bytes`);
    }
    await this.init();
    await this.client.putObject(this.bucket, key, data, data.length, {
      'Content-Type': meta.contentType ?? 'application/octet-stream',
      'x-amz-meta-sha256': sha256,
    });
  }

  async get(key: string): Promise<Buffer> {
    assertObjectKey(key);
    await this.init();
    let stream: Readable;
    try {
      stream = await this.client.getObject(this.bucket, key);
    } catch (error) {
      if (isS3Error(error, MISSING_OBJECT_CODES)) throw new ObjectNotFoundError(`no object at ${key}`);
      throw error;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async exists(key: string): Promise<boolean> {
    assertObjectKey(key);
    await this.init();
    try {
      await this.client.statObject(this.bucket, key);
      return true;
    } catch (error) {
      if (isS3Error(error, MISSING_OBJECT_CODES)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertObjectKey(key);
    await this.init();
    try {
      await this.client.removeObject(this.bucket, key);
    } catch (error) {
      // S3 answers 204 for a missing key; some compatible servers say NoSuchKey instead.
      if (!isS3Error(error, MISSING_OBJECT_CODES)) throw error;
    }
  }

  private async ensureBucket(): Promise<void> {
    if (await this.client.bucketExists(this.bucket)) return;
    try {
      await this.client.makeBucket(this.bucket, this.region);
    } catch (error) {
      if (!isS3Error(error, BUCKET_TAKEN_CODES)) throw error;
      // BucketAlreadyExists can also mean another account owns the name: only accept it if we can see it.
      if (!(await this.client.bucketExists(this.bucket))) throw error;
    }
  }
}

function isS3Error(error: unknown, codes: Set<string>): boolean {
  return error instanceof S3Error && error.code !== undefined && codes.has(error.code);
}

function parseStoreUrl(url: string): Omit<MinioStoreOptions, 'bucket'> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new InvalidObjectStoreUrlError('object store URL is not a URL (expected http://ACCESS:SECRET@host:port)');
  }
  const where = `${parsed.protocol}//${parsed.host}`;
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new InvalidObjectStoreUrlError(`object store URL ${where} must be http: or https:`);
  }
  if (parsed.username === '' || parsed.password === '') {
    throw new InvalidObjectStoreUrlError(`object store URL ${where} must carry ACCESS:SECRET@ credentials`);
  }
  if (parsed.pathname !== '/' && parsed.pathname !== '') {
    throw new InvalidObjectStoreUrlError(`object store URL ${where} must not have a path; the bucket is separate`);
  }
  return {
    endPoint: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: parsed.port === '' ? undefined : Number(parsed.port),
    useSSL: parsed.protocol === 'https:',
    accessKey: decodeURIComponent(parsed.username),
    secretKey: decodeURIComponent(parsed.password),
  };
}
