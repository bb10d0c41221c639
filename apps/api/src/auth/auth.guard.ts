import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  Accounts,
  ForbiddenError,
  LECTERN_CONFIG,
  LOCAL_PRINCIPAL,
  ProjectAccess,
  type AccessPolicy,
  type Principal,
} from '@lectern/application';
import type { LecternConfig } from '@lectern/config';
import { ACCESS_POLICY, SESSION_COOKIE } from './access.decorator';
import { bearerToken, sessionCookie, type AuthedRequest } from './auth.request';

/**
 * The one global guard: turns a session cookie or `Authorization: Bearer <key>` into a Principal, then applies the
 * route's declared policy. A route without a policy is refused for everyone: nothing is open by omission.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(LECTERN_CONFIG) private readonly config: LecternConfig,
    private readonly accounts: Accounts,
    private readonly access: ProjectAccess,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<AuthedRequest>();
    const policy = this.reflector.getAllAndOverride<AccessPolicy | undefined>(ACCESS_POLICY, [context.getHandler(), context.getClass()]);
    if (!policy) throw new ForbiddenError(`${context.getClass().name}.${context.getHandler().name} declares no access policy`);
    req.auth = this.authenticate(req);
    req.access = this.access.check(req.auth, policy, req.params as Record<string, string>);
    return true;
  }

  private authenticate(req: AuthedRequest): Principal | null {
    if (!this.config.auth.enabled) return LOCAL_PRINCIPAL;
    const key = bearerToken(req);
    if (key) return this.accounts.byApiKey(key);
    const session = sessionCookie(req, SESSION_COOKIE);
    return session ? this.accounts.bySession(session) : null;
  }
}
