import { Inject, Logger, Module, OnApplicationBootstrap } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { Accounts, LECTERN_CONFIG } from '@lectern/application';
import type { LecternConfig } from '@lectern/config';
import { ApiKeysController } from './api-keys.controller';
import { AuthController } from './auth.controller';
import { AuthGuard } from './auth.guard';
import { InvitesController } from './invites.controller';
import { MembersController } from './members.controller';
import { OidcController } from './oidc.controller';
import { setPublicOrigin } from './public-origin';
import { RateLimitGuard, THROTTLERS } from './rate-limit.guard';

const LOGIN_WINDOW_MS = 15 * 60_000;

/**
 * Accounts and access: the global guard (every route declares its policy), the rate limits, the sign-in, member,
 * invite and API-key routes, and the first-run setup (an admin from the environment, or a one-time link in the log).
 */
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [LECTERN_CONFIG],
      useFactory: (config: LecternConfig) => [
        { name: THROTTLERS.loginAccount, ttl: LOGIN_WINDOW_MS, limit: config.auth.loginAttempts },
        { name: THROTTLERS.loginAddress, ttl: LOGIN_WINDOW_MS, limit: config.auth.loginAttempts * 5 },
        { name: THROTTLERS.ask, ttl: 60_000, limit: config.auth.askPerMinute },
      ],
    }),
  ],
  controllers: [AuthController, OidcController, MembersController, InvitesController, ApiKeysController],
  // Guards run in this order: who is calling first, then the budgets that count per caller.
  providers: [
    { provide: APP_GUARD, useClass: AuthGuard },
    { provide: APP_GUARD, useClass: RateLimitGuard },
  ],
})
export class AuthModule implements OnApplicationBootstrap {
  private readonly logger = new Logger('Accounts');

  constructor(
    @Inject(LECTERN_CONFIG) private readonly config: LecternConfig,
    private readonly accounts: Accounts,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { auth, host, port } = this.config;
    setPublicOrigin(auth.publicUrl);
    if (!auth.enabled) {
      this.logger.warn('AUTH=off: no sign-in; everyone who reaches this loopback port is an admin');
      return;
    }
    const admin = await this.accounts.ensureInitialAdmin(auth.initialAdmin);
    if (admin) this.logger.log(`created the admin ${admin.email} (LECTERN_ADMIN_EMAIL)`);
    const token = this.accounts.openSetup();
    if (!token) return;
    const origin = auth.publicUrl ?? `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${port}`;
    // The one secret that belongs in the log: whoever can read it runs this machine.
    this.logger.log(`No account yet. Create the admin here (the link works once): ${origin}/setup?token=${token}`);
  }
}
