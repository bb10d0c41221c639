import type { Request } from 'express';

/** The origin people reach this server at: PUBLIC_URL when set (see AuthModule), else the request's own. */
let configured: string | null = null;

export function setPublicOrigin(origin: string | null): void {
  configured = origin;
}

export function publicOrigin(req: Request): string {
  return configured ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}
