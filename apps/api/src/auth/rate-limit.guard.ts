import { ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerRequest } from '@nestjs/throttler';
import type { AuthedRequest } from './auth.request';

const RATE_LIMIT = 'lectern:rate-limit';
export type RateLimitKind = 'login' | 'ask';

/** Puts the route under a named budget: `login` (per account and per address) or `ask` (per user or key). */
export const RateLimit = (kind: RateLimitKind) => SetMetadata(RATE_LIMIT, kind);

/** Each throttler applies only to the routes of its kind, counted per what it names (see AuthModule). */
export const THROTTLERS = { loginAddress: 'login-address', loginAccount: 'login-account', ask: 'ask' } as const;

/** @nestjs/throttler's guard with one budget per route kind instead of one for every route; answers 429 over budget. */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  protected override async handleRequest(props: ThrottlerRequest): Promise<boolean> {
    const kind = this.reflector.get<RateLimitKind | undefined>(RATE_LIMIT, props.context.getHandler());
    const name = props.throttler.name;
    const applies = name === THROTTLERS.ask ? kind === 'ask' : kind === 'login';
    if (!applies) return true;
    // AUTH=off: one person on their own laptop; a budget would only throttle them (and the test suites).
    if (props.context.switchToHttp().getRequest<AuthedRequest>().auth?.via === 'auth-off') return true;
    return super.handleRequest({ ...props, getTracker: (req) => Promise.resolve(tracker(name, req as AuthedRequest)) });
  }
}

function tracker(name: string | undefined, req: AuthedRequest): string {
  if (name === THROTTLERS.loginAccount) {
    const email = (req.body as { email?: unknown } | undefined)?.email;
    return `account:${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
  }
  if (name === THROTTLERS.ask && req.auth) return req.auth.key ? `key:${req.auth.key.id}` : `user:${req.auth.user.id}`;
  return `address:${req.ip ?? req.socket.remoteAddress ?? ''}`;
}

export type { ExecutionContext };
