import type { Request } from 'express';

/**
 * Who may see /health's details (issue 20 item 12). For now: a caller on this machine (the socket's address, never a
 * header). With accounts this becomes "an admin, or loopback" — the one place to change.
 */
export function mayViewHealthDetails(req: Request): boolean {
  return isLoopback(req.socket.remoteAddress);
}

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || /^(::ffff:)?127\./.test(address);
}

/** A URL as /health may show it: no user, password, query or fragment (a key or token can hide in any of them). */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return '(unparseable URL)';
  }
}
