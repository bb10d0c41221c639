import type { Request, Response } from 'express';
import { SESSION_COOKIE } from './access.decorator';

/** httpOnly (no script reads it), SameSite=Lax (not sent on cross-site POSTs), Secure when the request came over HTTPS. */
export function setSessionCookie(req: Request, res: Response, token: string, expiresAt: number): void {
  res.cookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/', expires: new Date(expiresAt) });
}

export function clearSessionCookie(req: Request, res: Response): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/' });
}
