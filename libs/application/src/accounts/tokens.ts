import { createHash, randomBytes } from 'node:crypto';

/** A random token for a cookie, an invite or a setup link: 32 bytes, URL-safe. */
export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** What is stored instead of a token: tokens are random, so a fast hash is enough (unlike passwords). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
