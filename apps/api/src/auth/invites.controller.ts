import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Invites, type Principal } from '@lectern/application';
import { ApiErrors } from '../core/api-errors.decorator';
import { Public, SignedIn } from './access.decorator';
import { Auth } from './auth.request';
import { InvitePreviewResponseDto, MembershipDto } from './dto/auth.dto';

@ApiTags('members')
@Controller('invites/:token')
export class InvitesController {
  constructor(private readonly invites: Invites) {}

  /** What the link leads to, for the page that offers to join. */
  @Get()
  @Public()
  @ApiOkResponse({ type: InvitePreviewResponseDto })
  @ApiErrors({ 404: 'No such invite link.', 410: 'The link was revoked, has expired or is used up.' })
  preview(@Param('token') token: string): InvitePreviewResponseDto {
    const { invite, projectName } = this.invites.preview(token);
    return { projectId: invite.projectId, projectName, role: invite.role, expiresAt: new Date(invite.expiresAt).toISOString() };
  }

  @Post('accept')
  @SignedIn({ projectKeys: false })
  @HttpCode(200)
  @ApiOkResponse({ type: MembershipDto, description: 'You are a member (a higher role you already had is kept).' })
  @ApiErrors({
    403: 'Signed in with an API key instead of a session.',
    404: 'No such invite link.',
    410: 'The link was revoked, has expired or is used up.',
  })
  accept(@Auth() auth: Principal, @Param('token') token: string): MembershipDto {
    const { projectId, role } = this.invites.accept(auth, token);
    return { projectId, role };
  }
}
