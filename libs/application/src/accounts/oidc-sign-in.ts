import type { CatalogDb, UserRow } from '@lectern/corpus';
import { isLoopback } from '@lectern/common';
import type { OidcConfig } from '@lectern/config';
import type * as Oidc from 'openid-client';
import { NotSignedInError } from './accounts.errors';
import type { Accounts, SignedIn } from './accounts.service';
import type { Clock } from './accounts.service';

const PENDING_MS = 10 * 60_000;

interface Pending {
  verifier: string;
  nonce: string;
  next: string;
  redirectUri: string;
  expiresAt: number;
}

/**
 * "Sign in with …" through an OpenID Connect provider (openid-client, authorization code with PKCE). The first
 * sign-in of a subject links the account with the same verified email, or creates a user account.
 */
export class OidcSignIn {
  private configuration: Promise<Oidc.Configuration> | null = null;
  /** openid-client is an ES module: loaded on the first sign-in, so nothing else pays for it (or needs ESM support). */
  private library: Promise<typeof Oidc> | null = null;
  /** Sign-ins under way, by their `state`; each is used once. */
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly config: OidcConfig,
    private readonly catalog: CatalogDb,
    private readonly accounts: Accounts,
    private readonly clock: Clock = Date.now,
  ) {}

  /** Where to send the browser; `next` is the local path to return to. */
  async start(redirectUri: string, next: string): Promise<string> {
    const configuration = await this.discover();
    const oidc = await this.lib();
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const now = this.clock();
    for (const [key, p] of this.pending) if (p.expiresAt <= now) this.pending.delete(key);
    this.pending.set(state, { verifier, nonce, next: localPath(next), redirectUri, expiresAt: now + PENDING_MS });
    return oidc
      .buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      })
      .toString();
  }

  /** The provider sent the browser back to `callbackUrl`: exchange the code, find or create the user, sign in. */
  async finish(callbackUrl: URL): Promise<SignedIn & { next: string }> {
    const state = callbackUrl.searchParams.get('state') ?? '';
    const pending = this.pending.get(state);
    this.pending.delete(state);
    if (!pending || pending.expiresAt <= this.clock()) throw new NotSignedInError('this sign-in expired or was already used: start again');
    const configuration = await this.discover();
    const oidc = await this.lib();
    let claims: Oidc.IDToken | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: pending.verifier,
        expectedState: state,
        expectedNonce: pending.nonce,
      });
      claims = tokens.claims();
      // Many providers put email and name only in the userinfo answer, not in the ID token.
      if (claims && typeof claims.email !== 'string') {
        const info = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
        claims = { ...claims, email: info.email, email_verified: info.email_verified, name: claims.name ?? info.name };
      }
    } catch (error) {
      throw new NotSignedInError(`the identity provider did not confirm the sign-in (${(error as Error).message})`);
    }
    if (!claims) throw new NotSignedInError('the identity provider sent no ID token');
    const user = this.userFor(claims);
    return { ...this.accounts.openSession(user), next: pending.next };
  }

  private userFor(claims: Oidc.IDToken): UserRow {
    const subject = `${this.config.issuer} ${claims.sub}`;
    const known = this.catalog.users.findByOidcSubject(subject);
    if (known) return known;
    const email = typeof claims.email === 'string' ? claims.email : `${claims.sub}@${new URL(this.config.issuer).hostname}`;
    const existing = this.catalog.users.findByEmail(email);
    // Only a provider-verified email may take over an existing account.
    if (existing && claims.email_verified === true) {
      this.catalog.users.linkOidcSubject(existing.id, subject);
      return existing;
    }
    const name = typeof claims.name === 'string' ? claims.name : email.split('@')[0];
    return this.catalog.users.create({ email, displayName: name, passwordHash: null, role: 'user', oidcSubject: subject });
  }

  private lib(): Promise<typeof Oidc> {
    this.library ??= import('openid-client');
    return this.library;
  }

  private discover(): Promise<Oidc.Configuration> {
    if (!this.configuration) {
      const issuer = new URL(this.config.issuer);
      // Plain HTTP only for a provider on this machine (tests, a local Keycloak); anything else must be HTTPS.
      const local = issuer.protocol === 'http:' && isLoopback(issuer.hostname);
      const { clientId, clientSecret } = this.config;
      this.configuration = this.lib()
        .then((oidc) =>
          oidc.discovery(issuer, clientId, clientSecret, undefined, local ? { execute: [oidc.allowInsecureRequests] } : undefined),
        )
        .catch((error: unknown) => {
          this.configuration = null;
          throw new NotSignedInError(`the identity provider cannot be reached (${(error as Error).message})`);
        });
    }
    return this.configuration;
  }
}

/** Only a path on this server: never an open redirect to another site. */
function localPath(next: string): string {
  return /^\/(?!\/)[^\s\\]*$/.test(next) ? next : '/';
}
