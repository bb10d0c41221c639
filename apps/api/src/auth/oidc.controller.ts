import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { ApiFoundResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { OIDC_SIGN_IN, type OidcSignIn } from '@lectern/application';
import type { Request, Response } from 'express';
import { ApiErrors } from '../core/api-errors.decorator';
import { Public } from './access.decorator';
import { publicOrigin } from './public-origin';
import { setSessionCookie } from './session.cookie';

/** "Sign in with …": off to the OpenID Connect provider and back (404 when OIDC_ISSUER is not set). */
@ApiTags('auth')
@Controller('auth/oidc')
export class OidcController {
  constructor(@Inject(OIDC_SIGN_IN) private readonly oidc: OidcSignIn | null) {}

  @Get('start')
  @Public()
  @ApiQuery({ name: 'next', required: false, description: 'The local path to return to after signing in.' })
  @ApiFoundResponse({ description: "Redirects to the identity provider's sign-in page." })
  @ApiErrors({ 401: 'The identity provider cannot be reached.', 404: 'OIDC is not configured.' })
  async start(@Req() req: Request, @Res() res: Response, @Query('next') next?: string): Promise<void> {
    if (!this.oidc) return notConfigured(res);
    res.redirect(302, await this.oidc.start(`${publicOrigin(req)}/auth/oidc/callback`, next ?? '/'));
  }

  @Get('callback')
  @Public()
  @ApiQuery({ name: 'code', required: false, description: 'From the identity provider.' })
  @ApiQuery({ name: 'state', required: false, description: 'From the identity provider.' })
  @ApiFoundResponse({ description: 'Signed in (the session cookie is set); redirects to where the sign-in started.' })
  @ApiErrors({ 401: 'The provider refused, or the sign-in expired or was already used.', 404: 'OIDC is not configured.' })
  async callback(@Req() req: Request, @Res() res: Response): Promise<void> {
    if (!this.oidc) return notConfigured(res);
    const signedIn = await this.oidc.finish(new URL(req.originalUrl, publicOrigin(req)));
    setSessionCookie(req, res, signedIn.sessionToken, signedIn.expiresAt);
    res.redirect(302, signedIn.next);
  }
}

function notConfigured(res: Response): void {
  res.status(404).json({ statusCode: 404, error: 'NotFound', message: 'OIDC sign-in is not configured (OIDC_ISSUER)' });
}
