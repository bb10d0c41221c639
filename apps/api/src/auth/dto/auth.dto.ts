import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PROJECT_ROLES, type ProjectRole } from '@lectern/application';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, MaxLength } from 'class-validator';

export class LoginRequestDto {
  @ApiProperty({ type: String, example: 'ada@example.edu' })
  @IsString()
  @MaxLength(254)
  email!: string;

  @ApiProperty({ type: String, format: 'password' })
  @IsString()
  @MaxLength(1024)
  password!: string;
}

export class SetupRequestDto extends LoginRequestDto {
  @ApiProperty({ type: String, description: 'The token of the one-time setup link printed in the log.' })
  @IsString()
  @MaxLength(200)
  token!: string;

  @ApiPropertyOptional({ type: String, example: 'Ada Lovelace' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  displayName?: string;
}

export class CreateUserRequestDto {
  @ApiProperty({ type: String, example: 'grace@example.edu' })
  @IsString()
  @MaxLength(254)
  email!: string;

  @ApiPropertyOptional({ type: String, format: 'password', description: 'Omitted: the user can sign in only through OIDC.' })
  @IsOptional()
  @IsString()
  @MaxLength(1024)
  password?: string;

  @ApiPropertyOptional({ type: String })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  displayName?: string;

  @ApiPropertyOptional({ type: Boolean, description: 'An instance admin.' })
  @IsOptional()
  @IsBoolean()
  admin?: boolean;
}

export class UserResponseDto {
  @ApiProperty({ type: String })
  id!: string;

  @ApiProperty({ type: String })
  email!: string;

  @ApiProperty({ type: String })
  displayName!: string;

  @ApiProperty({ type: String, enum: ['admin', 'user'] })
  role!: 'admin' | 'user';

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt!: string;
}

export class SessionResponseDto {
  @ApiProperty({ type: UserResponseDto })
  user!: UserResponseDto;
}

export class MembershipDto {
  @ApiProperty({ type: String })
  projectId!: string;

  @ApiProperty({ type: String, enum: PROJECT_ROLES })
  role!: ProjectRole;
}

export class MeResponseDto {
  @ApiProperty({ type: UserResponseDto })
  user!: UserResponseDto;

  @ApiProperty({ type: String, enum: ['session', 'api-key', 'auth-off'], description: 'How this request was authenticated.' })
  via!: 'session' | 'api-key' | 'auth-off';

  @ApiProperty({ type: Boolean, description: 'An instance admin (not narrowed to one project by an API key).' })
  admin!: boolean;

  @ApiProperty({ type: [MembershipDto], description: "The caller's role in each project it may open." })
  projects!: MembershipDto[];
}

export class OidcInfoDto {
  @ApiProperty({ type: String, description: 'For the button: "Sign in with <name>".' })
  name!: string;

  @ApiProperty({ type: String, example: '/auth/oidc/start' })
  startUrl!: string;
}

export class AuthConfigResponseDto {
  @ApiProperty({ type: Boolean, description: 'False with AUTH=off: no sign-in on this (loopback-only) server.' })
  enabled!: boolean;

  @ApiProperty({ type: Boolean, description: 'No account exists yet: open the setup link from the log.' })
  setupOpen!: boolean;

  @ApiPropertyOptional({ type: OidcInfoDto, nullable: true })
  oidc!: OidcInfoDto | null;
}

export class MemberResponseDto {
  @ApiProperty({ type: String })
  userId!: string;

  @ApiProperty({ type: String })
  email!: string;

  @ApiProperty({ type: String })
  displayName!: string;

  @ApiProperty({ type: String, enum: PROJECT_ROLES })
  role!: ProjectRole;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt!: string;
}

export class AddMemberRequestDto {
  @ApiProperty({ type: String, description: 'An existing account (create it with `lectern users add` or an invite).' })
  @IsString()
  @MaxLength(254)
  email!: string;

  @ApiProperty({ type: String, enum: PROJECT_ROLES })
  @IsIn(PROJECT_ROLES)
  role!: ProjectRole;
}

export class ChangeRoleRequestDto {
  @ApiProperty({ type: String, enum: PROJECT_ROLES })
  @IsIn(PROJECT_ROLES)
  role!: ProjectRole;
}

export class CreateInviteRequestDto {
  @ApiProperty({ type: String, enum: PROJECT_ROLES, description: 'At most your own role.' })
  @IsIn(PROJECT_ROLES)
  role!: ProjectRole;

  @ApiPropertyOptional({ type: Number, minimum: 1, maximum: 2160, default: 168 })
  @IsOptional()
  @IsInt()
  expiresInHours?: number;

  @ApiPropertyOptional({ type: Number, minimum: 1, description: 'Omitted: unlimited until it expires.' })
  @IsOptional()
  @IsInt()
  maxUses?: number;
}

export class InviteResponseDto {
  @ApiProperty({ type: String })
  id!: string;

  @ApiProperty({ type: String })
  projectId!: string;

  @ApiProperty({ type: String, enum: PROJECT_ROLES })
  role!: ProjectRole;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: String, format: 'date-time' })
  expiresAt!: string;

  @ApiProperty({ type: Number, nullable: true })
  maxUses!: number | null;

  @ApiProperty({ type: Number })
  uses!: number;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  revokedAt!: string | null;
}

export class CreatedInviteResponseDto extends InviteResponseDto {
  @ApiProperty({ type: String, description: 'Shown once: the link to share (`/invite?token=…`).' })
  url!: string;

  @ApiProperty({ type: String, description: 'Shown once.' })
  token!: string;
}

export class InvitePreviewResponseDto {
  @ApiProperty({ type: String })
  projectId!: string;

  @ApiProperty({ type: String })
  projectName!: string;

  @ApiProperty({ type: String, enum: PROJECT_ROLES })
  role!: ProjectRole;

  @ApiProperty({ type: String, format: 'date-time' })
  expiresAt!: string;
}

export class CreateApiKeyRequestDto {
  @ApiProperty({ type: String, example: 'grader' })
  @IsString()
  @MaxLength(200)
  name!: string;

  @ApiPropertyOptional({ type: String, description: 'Limit the key to this project.' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  projectId?: string;

  @ApiPropertyOptional({
    type: String,
    enum: PROJECT_ROLES,
    description: 'The role the key acts with there (at most yours; default yours).',
  })
  @IsOptional()
  @IsIn(PROJECT_ROLES)
  role?: ProjectRole;
}

export class ApiKeyResponseDto {
  @ApiProperty({ type: String })
  id!: string;

  @ApiProperty({ type: String })
  name!: string;

  @ApiProperty({ type: String, description: 'The first characters of the key, to recognise it.', example: 'lk_a1b2c3d4' })
  prefix!: string;

  @ApiProperty({ type: String, nullable: true })
  projectId!: string | null;

  @ApiProperty({ type: String, enum: PROJECT_ROLES, nullable: true })
  role!: ProjectRole | null;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the key was last used, to the minute.' })
  lastUsedAt!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  revokedAt!: string | null;
}

export class CreatedApiKeyResponseDto extends ApiKeyResponseDto {
  @ApiProperty({ type: String, description: 'Shown once; send it as `Authorization: Bearer <key>`.' })
  key!: string;
}

export class AuditEntryResponseDto {
  @ApiProperty({ type: Number })
  id!: number;

  @ApiProperty({ type: String, format: 'date-time' })
  at!: string;

  @ApiProperty({ type: String, nullable: true })
  actorEmail!: string | null;

  @ApiProperty({ type: String, example: 'member.role' })
  action!: string;

  @ApiProperty({ type: String, nullable: true })
  target!: string | null;

  @ApiProperty({ type: 'object', additionalProperties: true })
  detail!: Record<string, unknown>;
}
