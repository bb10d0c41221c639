import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { AccessGrant, Principal } from '@lectern/application';
import type { Request } from 'express';

/** The request once the guard has run: who is calling (null: anonymous) and what the route's policy granted. */
export type AuthedRequest = Request & { auth?: Principal | null; access?: AccessGrant };

/**
 * The caller, as the global guard resolved it: a Principal on every route that requires sign-in, and a Principal or
 * null on public ones (`isAdmin(auth)` tells whether to show admin-only details, e.g. on /health).
 */
export const Auth = createParamDecorator((_data: unknown, ctx: ExecutionContext): Principal | null => {
  return ctx.switchToHttp().getRequest<AuthedRequest>().auth ?? null;
});

/** The session cookie's value, if the request carries one. */
export function sessionCookie(req: Request, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      return value ? decodeURIComponent(value) : null;
    }
  }
  return null;
}

/** The token after `Bearer `, or null. */
export function bearerToken(req: Request): string | null {
  const header = req.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match ? match[1] : null;
}
