import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Accounts, isAdmin, LECTERN_CONFIG, ProjectAccess, type Principal, type SignedIn } from '@lectern/application';
import type { LecternConfig } from '@lectern/config';
import type { Request, Response } from 'express';
import { ApiErrors } from '../core/api-errors.decorator';
import { AdminOnly, Public, SESSION_COOKIE, SignedIn as SignedInRoute } from './access.decorator';
import { Auth, sessionCookie } from './auth.request';
import {
  AuthConfigResponseDto,
  CreateUserRequestDto,
  LoginRequestDto,
  MeResponseDto,
  SessionResponseDto,
  SetupRequestDto,
  UserResponseDto,
} from './dto/auth.dto';
import { RateLimit } from './rate-limit.guard';
import { clearSessionCookie, setSessionCookie } from './session.cookie';

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(
    @Inject(LECTERN_CONFIG) private readonly config: LecternConfig,
    private readonly accounts: Accounts,
    private readonly access: ProjectAccess,
  ) {}

  /** What the sign-in page needs to know before anyone signs in. */
  @Get('auth/config')
  @Public()
  @ApiOkResponse({ type: AuthConfigResponseDto })
  @ApiErrors({})
  authConfig(): AuthConfigResponseDto {
    const oidc = this.config.auth.oidc;
    return {
      enabled: this.config.auth.enabled,
      setupOpen: this.config.auth.enabled && this.accounts.setupOpen(),
      oidc: oidc ? { name: oidc.name, startUrl: '/auth/oidc/start' } : null,
    };
  }

  @Post('auth/login')
  @Public()
  @RateLimit('login')
  @HttpCode(200)
  @ApiBody({ type: LoginRequestDto })
  @ApiOkResponse({ type: SessionResponseDto, description: 'Signed in: the session cookie is set.' })
  @ApiErrors({ 400: 'Email or password missing.', 401: 'Wrong email or password.', 429: 'Too many attempts for this account or address.' })
  async login(@Body() dto: LoginRequestDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<SessionResponseDto> {
    return this.started(req, res, await this.accounts.signIn(dto.email, dto.password));
  }

  /** Creates the first admin through the one-time link printed in the log at the first start. */
  @Post('auth/setup')
  @Public()
  @RateLimit('login')
  @ApiBody({ type: SetupRequestDto })
  @ApiCreatedResponse({ type: SessionResponseDto, description: 'The admin exists and is signed in.' })
  @ApiErrors({ 400: 'A bad email or a password under 8 characters.', 403: 'The link is wrong or used, or an account exists.' })
  async setup(@Body() dto: SetupRequestDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<SessionResponseDto> {
    const { token, ...user } = dto;
    return this.started(req, res, await this.accounts.completeSetup(token, user));
  }

  @Post('auth/logout')
  @Public()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'The session (if any) is ended and the cookie cleared.' })
  @ApiErrors({})
  logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): void {
    const token = sessionCookie(req, SESSION_COOKIE);
    if (token) this.accounts.signOut(token);
    clearSessionCookie(req, res);
  }

  @Get('auth/me')
  @SignedInRoute()
  @ApiOkResponse({ type: MeResponseDto })
  me(@Auth() auth: Principal): MeResponseDto {
    return { user: auth.user, via: auth.via, admin: isAdmin(auth), projects: this.access.memberRoles(auth) };
  }

  @Get('users')
  @AdminOnly()
  @ApiOkResponse({ type: [UserResponseDto] })
  users(): UserResponseDto[] {
    return this.accounts.listUsers();
  }

  @Post('users')
  @AdminOnly()
  @ApiBody({ type: CreateUserRequestDto })
  @ApiCreatedResponse({ type: UserResponseDto })
  @ApiErrors({ 400: 'A bad email or a password under 8 characters.', 409: 'A user has this email.' })
  createUser(@Body() dto: CreateUserRequestDto): Promise<UserResponseDto> {
    return this.accounts.createUser(dto);
  }

  private started(req: Request, res: Response, signedIn: SignedIn): SessionResponseDto {
    setSessionCookie(req, res, signedIn.sessionToken, signedIn.expiresAt);
    return { user: signedIn.user };
  }
}
