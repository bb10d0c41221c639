export { assertObjectKey, documentObjectKey, InvalidObjectKeyError, ObjectNotFoundError } from './object-store';
export type { ObjectStore } from './object-store';
export { LocalObjectStore } from './local.store';
