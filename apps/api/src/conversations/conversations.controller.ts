import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Res } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ConversationTitleCommand, ProjectConversations, type Principal } from '@lectern/application';
import { ProjectRoute } from '../auth/access.decorator';
import { Auth } from '../auth/auth.request';
import { ApiErrors } from '../core/api-errors.decorator';
import { CreateConversationRequestDto, RenameConversationRequestDto } from './dto/conversation.request.dto';
import { ConversationDetailResponseDto, ConversationResponseDto } from './dto/conversation.response.dto';

const NOT_FOUND = 'No project with this id, or no conversation with this id in it.';

/** A project's named conversations; `POST /projects/:id/chat` with `conversationId` appends each turn. */
@ApiTags('conversations')
@Controller('projects/:projectId/conversations')
export class ConversationsController {
  constructor(private readonly conversations: ProjectConversations) {}

  @Get()
  @ProjectRoute('student')
  @ApiOkResponse({ type: [ConversationResponseDto], description: 'Most recently used first.' })
  @ApiErrors({ 404: 'No project with this id.' })
  list(@Param('projectId') projectId: string, @Auth() auth: Principal | null): ConversationResponseDto[] {
    return this.conversations.list(projectId, owner(auth));
  }

  @Post()
  @ProjectRoute('student')
  @ApiBody({ type: CreateConversationRequestDto })
  @ApiCreatedResponse({ type: ConversationResponseDto, description: 'The new, empty conversation.' })
  @ApiErrors({ 400: 'The title is blank or too long.', 404: 'No project with this id.' })
  create(
    @Param('projectId') projectId: string,
    @Body() dto: CreateConversationRequestDto,
    @Auth() auth: Principal | null,
  ): ConversationResponseDto {
    return this.conversations.create(ConversationTitleCommand.create({ projectId, title: dto.title }), owner(auth));
  }

  @Get(':conversationId')
  @ProjectRoute('student')
  @ApiOkResponse({ type: ConversationDetailResponseDto, description: 'The conversation with its messages and their citations.' })
  @ApiErrors({ 404: NOT_FOUND })
  get(
    @Param('projectId') projectId: string,
    @Param('conversationId') conversationId: string,
    @Auth() auth: Principal | null,
  ): ConversationDetailResponseDto {
    return this.conversations.get(projectId, conversationId, owner(auth)) as ConversationDetailResponseDto;
  }

  @Patch(':conversationId')
  @ProjectRoute('student')
  @ApiBody({ type: RenameConversationRequestDto })
  @ApiOkResponse({ type: ConversationResponseDto, description: 'The renamed conversation.' })
  @ApiErrors({ 400: 'The title is missing, blank or too long.', 404: NOT_FOUND })
  rename(
    @Param('projectId') projectId: string,
    @Param('conversationId') conversationId: string,
    @Body() dto: RenameConversationRequestDto,
    @Auth() auth: Principal | null,
  ): ConversationResponseDto {
    return this.conversations.rename(ConversationTitleCommand.create({ projectId, title: dto.title }), conversationId, owner(auth));
  }

  @Delete(':conversationId')
  @ProjectRoute('student')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'The conversation and its messages are gone.' })
  @ApiErrors({ 404: NOT_FOUND })
  remove(@Param('projectId') projectId: string, @Param('conversationId') conversationId: string, @Auth() auth: Principal | null): void {
    this.conversations.delete(projectId, conversationId, owner(auth));
  }

  @Get(':conversationId/export.md')
  @ProjectRoute('student')
  @ApiOkResponse({
    description: 'The conversation as Markdown: each question, its answer with `[n]` markers and the sources they cite, as an attachment.',
    content: { 'text/markdown': { schema: { type: 'string' } } },
  })
  @ApiErrors({ 404: NOT_FOUND })
  export(
    @Param('projectId') projectId: string,
    @Param('conversationId') conversationId: string,
    @Auth() auth: Principal | null,
    @Res() res: Response,
  ): void {
    const { fileName, markdown } = this.conversations.exportMarkdown(projectId, conversationId, owner(auth));
    res.setHeader('Content-Type', 'text/markdown; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
    res.send(markdown);
  }
}

/** Conversations are their maker's: a signed-in user's, or (AUTH=off) the one local person's. */
function owner(auth: Principal | null): string | null {
  return auth?.user.id ?? null;
}
