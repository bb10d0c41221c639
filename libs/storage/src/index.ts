export { assertObjectKey, documentObjectKey, InvalidObjectKeyError, ObjectNotFoundError } from './object-store';
export type { ObjectStore } from './object-store';
export { LocalObjectStore } from './local.store';
export { InvalidObjectStoreUrlError, MinioObjectStore, ObjectChecksumMismatchError } from './minio.store';
export type { MinioStoreOptions } from './minio.store';
