import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AuditTrail, Invites, ProjectMembers, type InviteRow, type Principal } from '@lectern/application';
import type { Request } from 'express';
import { ApiErrors } from '../core/api-errors.decorator';
import { ProjectRoute } from './access.decorator';
import { Auth } from './auth.request';
import {
  AddMemberRequestDto,
  AuditEntryResponseDto,
  ChangeRoleRequestDto,
  CreatedInviteResponseDto,
  CreateInviteRequestDto,
  InviteResponseDto,
  MemberResponseDto,
} from './dto/auth.dto';
import { publicOrigin } from './public-origin';

/** A project's members, invite links and audit trail. */
@ApiTags('members')
@Controller('projects/:projectId')
export class MembersController {
  constructor(
    private readonly members: ProjectMembers,
    private readonly invites: Invites,
    private readonly audit: AuditTrail,
  ) {}

  @Get('members')
  @ProjectRoute('instructor')
  @ApiOkResponse({ type: [MemberResponseDto] })
  @ApiErrors({ 404: 'No project with this id (or you are not a member).' })
  list(@Param('projectId') projectId: string): MemberResponseDto[] {
    return this.members.list(projectId);
  }

  @Post('members')
  @ProjectRoute('owner')
  @ApiBody({ type: AddMemberRequestDto })
  @ApiCreatedResponse({ type: MemberResponseDto })
  @ApiErrors({ 400: 'A bad role.', 404: 'No project, or no user with this email.' })
  add(@Auth() auth: Principal, @Param('projectId') projectId: string, @Body() dto: AddMemberRequestDto): MemberResponseDto {
    return this.members.add(auth, projectId, dto.email, dto.role);
  }

  @Patch('members/:userId')
  @ProjectRoute('owner')
  @ApiBody({ type: ChangeRoleRequestDto })
  @ApiOkResponse({ type: MemberResponseDto })
  @ApiErrors({ 400: 'A bad role.', 404: 'No project, or no such member.', 409: 'The last owner cannot step down.' })
  change(
    @Auth() auth: Principal,
    @Param('projectId') projectId: string,
    @Param('userId') userId: string,
    @Body() dto: ChangeRoleRequestDto,
  ): MemberResponseDto {
    return this.members.changeRole(auth, projectId, userId, dto.role);
  }

  @Delete('members/:userId')
  @ProjectRoute('owner')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'No longer a member.' })
  @ApiErrors({ 404: 'No project, or no such member.', 409: 'The last owner cannot be removed.' })
  remove(@Auth() auth: Principal, @Param('projectId') projectId: string, @Param('userId') userId: string): void {
    this.members.remove(auth, projectId, userId);
  }

  @Get('invites')
  @ProjectRoute('instructor')
  @ApiOkResponse({ type: [InviteResponseDto] })
  @ApiErrors({ 404: 'No project with this id.' })
  listInvites(@Param('projectId') projectId: string): InviteResponseDto[] {
    return this.invites.list(projectId).map(inviteDto);
  }

  @Post('invites')
  @ProjectRoute('instructor')
  @ApiBody({ type: CreateInviteRequestDto })
  @ApiCreatedResponse({ type: CreatedInviteResponseDto, description: 'The link, shown once.' })
  @ApiErrors({ 400: 'A bad role, expiry or use limit.', 404: 'No project with this id.' })
  createInvite(
    @Auth() auth: Principal,
    @Param('projectId') projectId: string,
    @Body() dto: CreateInviteRequestDto,
    @Req() req: Request,
  ): CreatedInviteResponseDto {
    const invite = this.invites.create(auth, projectId, dto);
    return { ...inviteDto(invite), token: invite.token, url: `${publicOrigin(req)}/invite?token=${invite.token}` };
  }

  @Delete('invites/:inviteId')
  @ProjectRoute('instructor')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'The link no longer works.' })
  @ApiErrors({ 404: 'No project, or no such invite in it.' })
  revokeInvite(@Auth() auth: Principal, @Param('projectId') projectId: string, @Param('inviteId') inviteId: string): void {
    this.invites.revoke(auth, projectId, inviteId);
  }

  @Get('audit')
  @ProjectRoute('owner')
  @ApiOkResponse({ type: [AuditEntryResponseDto], description: 'Destructive and permission-changing actions, newest first.' })
  @ApiErrors({ 404: 'No project with this id.' })
  auditTrail(@Param('projectId') projectId: string): AuditEntryResponseDto[] {
    return this.audit.list(projectId);
  }
}

export function inviteDto(invite: InviteRow): InviteResponseDto {
  return {
    id: invite.id,
    projectId: invite.projectId,
    role: invite.role,
    createdAt: invite.createdAt,
    expiresAt: new Date(invite.expiresAt).toISOString(),
    maxUses: invite.maxUses,
    uses: invite.uses,
    revokedAt: invite.revokedAt,
  };
}
