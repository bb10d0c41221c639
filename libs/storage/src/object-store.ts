import { DomainError, NotFoundError } from '@lectern/common';

/** Where uploaded PDFs live: the local filesystem by default, MinIO/S3 later. Keys are `/`-separated. */
export interface ObjectStore {
  put(key: string, data: Buffer, meta?: { contentType?: string; sha256?: string }): Promise<void>;
  get(key: string): Promise<Buffer>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

export class InvalidObjectKeyError extends DomainError {
  override readonly name = 'InvalidObjectKeyError';
}

export class ObjectNotFoundError extends NotFoundError {
  override readonly name = 'ObjectNotFoundError';
}

// A segment may start with `_` or `-` (nanoid ids do, one time in 32) but is never `.` or `..`.
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** Keys are built by Lectern, never taken from users, but a bad key must still never escape the store. */
export function assertObjectKey(key: string): void {
  const segments = key.split('/');
  if (key.length > 512 || segments.some((s) => !SEGMENT.test(s) || s === '..' || s === '.')) {
    throw new InvalidObjectKeyError(`invalid object key: ${JSON.stringify(key)}`);
  }
}

export function documentObjectKey(projectId: string, sha256: string): string {
  return `projects/${projectId}/documents/${sha256}.pdf`;
}
