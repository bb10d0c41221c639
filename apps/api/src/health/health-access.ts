import type { Request } from 'express';
import { isAdmin, type Principal } from '@lectern/application';
import { isLoopback } from '@lectern/common';

/**
 * Who may see /health's details: an instance admin (signed in, or with an admin's key), or a caller on this machine
 * (the socket's address, never a header). Everyone else learns only that the server is up.
 */
export function mayViewHealthDetails(req: Request, caller: Principal | null): boolean {
  return (caller !== null && isAdmin(caller)) || isLoopback(req.socket.remoteAddress);
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
