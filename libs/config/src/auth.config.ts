import { isLoopback, LOOPBACK_NAMES } from '@lectern/common';
import { z } from 'zod';
import { InvalidConfigError } from './config.errors';
import { intInRange, optionalText } from './env-fields';

/** The environment variables of accounts and access; part of the one config schema. */
export const AUTH_ENV = {
  AUTH: z.enum(['on', 'off']).default('on'),
  SESSION_HOURS: intInRange(1, 24 * 365, 24 * 7),
  LOGIN_RATE_LIMIT: intInRange(1, 10_000, 10),
  ASK_RATE_LIMIT: intInRange(1, 100_000, 60),
  CORS_ORIGINS: optionalText,
  PUBLIC_URL: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s/]+$/, 'must be an origin such as https://lectern.example.edu (no path)')
    .optional(),
  LECTERN_ADMIN_EMAIL: optionalText,
  LECTERN_ADMIN_PASSWORD: optionalText,
  OIDC_ISSUER: z
    .string()
    .trim()
    .regex(/^https?:\/\/\S+$/, 'must be the issuer URL')
    .optional(),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_NAME: optionalText,
};

type AuthEnv = z.infer<z.ZodObject<typeof AUTH_ENV>> & { HOST: string };

export interface OidcConfig {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Shown on the sign-in button: "Sign in with <name>". */
  readonly name: string;
}

export interface AuthConfig {
  /** `off`: everyone who reaches the port is a local admin (refused unless HOST is loopback). */
  readonly enabled: boolean;
  readonly sessionMs: number;
  /** Sign-in attempts per account per 15 minutes (an address gets five times as many). */
  readonly loginAttempts: number;
  /** Chat and explore requests per user (or key) per minute. */
  readonly askPerMinute: number;
  /** Origins allowed to call the API from a browser (CORS) and to send state-changing requests; empty: same origin only. */
  readonly corsOrigins: readonly string[];
  /** The address people open (setup and invite links, the OIDC redirect); by default http://HOST:PORT. */
  readonly publicUrl: string | null;
  /** Created as the first admin at start when there is no user yet. */
  readonly initialAdmin: { readonly email: string; readonly password: string } | null;
  readonly oidc: OidcConfig | null;
}

export function readAuthConfig(v: AuthEnv): AuthConfig {
  if (v.AUTH === 'off' && !isLoopback(v.HOST)) {
    throw new InvalidConfigError(
      `Invalid environment variables: AUTH: off is only allowed when HOST is a loopback address (${LOOPBACK_NAMES.join(', ')}), not ${v.HOST}: anyone reaching the port would be an admin`,
    );
  }
  if (Boolean(v.LECTERN_ADMIN_EMAIL) !== Boolean(v.LECTERN_ADMIN_PASSWORD)) {
    throw new InvalidConfigError('Invalid environment variables: LECTERN_ADMIN_EMAIL, LECTERN_ADMIN_PASSWORD: set both or neither');
  }
  if (v.LECTERN_ADMIN_PASSWORD && v.LECTERN_ADMIN_PASSWORD.length < 8) {
    throw new InvalidConfigError('Invalid environment variables: LECTERN_ADMIN_PASSWORD: at least 8 characters');
  }
  const oidcSet = [v.OIDC_ISSUER, v.OIDC_CLIENT_ID, v.OIDC_CLIENT_SECRET].filter(Boolean).length;
  if (oidcSet !== 0 && oidcSet !== 3) {
    throw new InvalidConfigError('Invalid environment variables: OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: set all three or none');
  }
  const corsOrigins = (v.CORS_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  const badOrigin = corsOrigins.find((o) => !/^https?:\/\/[^\s/]+$/.test(o));
  if (badOrigin)
    throw new InvalidConfigError(
      `Invalid environment variables: CORS_ORIGINS: "${badOrigin}" is not an origin such as https://app.example.edu`,
    );
  return {
    enabled: v.AUTH === 'on',
    sessionMs: v.SESSION_HOURS * 3_600_000,
    loginAttempts: v.LOGIN_RATE_LIMIT,
    askPerMinute: v.ASK_RATE_LIMIT,
    corsOrigins,
    publicUrl: v.PUBLIC_URL ?? null,
    initialAdmin: v.LECTERN_ADMIN_EMAIL ? { email: v.LECTERN_ADMIN_EMAIL, password: v.LECTERN_ADMIN_PASSWORD as string } : null,
    oidc:
      v.OIDC_ISSUER && v.OIDC_CLIENT_ID && v.OIDC_CLIENT_SECRET
        ? {
            issuer: v.OIDC_ISSUER,
            clientId: v.OIDC_CLIENT_ID,
            clientSecret: v.OIDC_CLIENT_SECRET,
            name: v.OIDC_NAME ?? new URL(v.OIDC_ISSUER).hostname,
          }
        : null,
  };
}
