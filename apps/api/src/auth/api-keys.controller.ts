import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ApiKeys, type Principal } from '@lectern/application';
import { ApiErrors } from '../core/api-errors.decorator';
import { SignedIn } from './access.decorator';
import { Auth } from './auth.request';
import { ApiKeyResponseDto, CreatedApiKeyResponseDto, CreateApiKeyRequestDto } from './dto/auth.dto';

@ApiTags('api-keys')
@Controller('api-keys')
export class ApiKeysController {
  constructor(private readonly keys: ApiKeys) {}

  @Post()
  @SignedIn({ projectKeys: false })
  @ApiBody({ type: CreateApiKeyRequestDto })
  @ApiCreatedResponse({ type: CreatedApiKeyResponseDto, description: 'The key, shown this once; only its hash is kept.' })
  @ApiErrors({ 400: 'A missing name, or a role without a project.', 404: 'No project with this id (or you are not a member).' })
  create(@Auth() auth: Principal, @Body() dto: CreateApiKeyRequestDto): CreatedApiKeyResponseDto {
    return this.keys.create(auth, dto);
  }

  @Get()
  @SignedIn({ projectKeys: false })
  @ApiQuery({ name: 'projectId', required: false, description: "That project's keys (owners); omitted: your own keys." })
  @ApiOkResponse({ type: [ApiKeyResponseDto], description: 'Keys by prefix; never the key itself.' })
  @ApiErrors({ 404: 'No project with this id (or you are not a member).' })
  list(@Auth() auth: Principal, @Query('projectId') projectId?: string): ApiKeyResponseDto[] {
    return this.keys.list(auth, projectId || undefined);
  }

  @Delete(':id')
  @SignedIn({ projectKeys: false })
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'The key no longer authenticates.' })
  @ApiErrors({ 404: 'No key with this id that you may revoke.' })
  revoke(@Auth() auth: Principal, @Param('id') id: string): void {
    this.keys.revoke(auth, id);
  }
}
