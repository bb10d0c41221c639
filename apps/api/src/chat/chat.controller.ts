import { Body, Controller, Logger, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AskQuestion, AskQuestionCommand, type Principal } from '@lectern/application';
import { Auth } from '../auth/auth.request';
import { ApiErrors } from '../core/api-errors.decorator';
import { ProjectRoute } from '../auth/access.decorator';
import { RateLimit } from '../auth/rate-limit.guard';
import { ApiJsonOrEventStream } from '../core/api-event-stream.decorator';
import { ChatRequestDto } from './dto/chat.request.dto';
import { ChatCitationDto, ChatResponseDto, ChatRetrievalEventDto, StreamErrorEventDto, TokenEventDto } from './dto/chat.response.dto';
import { writeServerSentEvents } from './sse.writer';

@ApiTags('chat')
@Controller('projects/:projectId/chat')
export class ChatController {
  private readonly logger = new Logger(ChatController.name);

  constructor(private readonly askQuestion: AskQuestion) {}

  /** JSON by default; server-sent events with `stream: true`. Either way a client that leaves stops the LLM. */
  @Post()
  @ProjectRoute('student')
  @RateLimit('ask')
  @ApiBody({ type: ChatRequestDto })
  @ApiJsonOrEventStream(
    ChatResponseDto,
    {
      retrieval: ChatRetrievalEventDto,
      token: TokenEventDto,
      citation: ChatCitationDto,
      done: ChatResponseDto,
      error: StreamErrorEventDto,
    },
    'The answer with its citations. Events come in order: retrieval, token*, citation*, done — or error at any point, which ends the stream.',
  )
  @ApiErrors({
    400: 'The body is invalid (no messages, the last not from the user, a bad mode, …).',
    404: 'No project with this id, an id of articleIds is not an article of this project, or no such conversationId in it.',
    409: "The project's corpus was embedded with another model.",
    413: 'The body is larger than 8 MB.',
    502: 'The LLM answered with something unusable.',
    503: 'The LLM cannot be reached or refused the request.',
  })
  async chat(
    @Param('projectId') projectId: string,
    @Body() dto: ChatRequestDto,
    @Auth() auth: Principal | null,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    // Before any byte is written, so an unknown project is still a plain 404.
    const turn = this.askQuestion.execute(AskQuestionCommand.create({ ...toCommandInput(projectId, dto), userId: auth?.user.id ?? null }));
    if (dto.stream) {
      await writeServerSentEvents(req, res, (signal) => turn.events(signal), this.logger);
      return;
    }
    const abort = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) abort.abort(new Error('client disconnected'));
    });
    try {
      res.status(200).json(await turn.answer(abort.signal));
    } catch (error) {
      // Nobody is left to read an error about the disconnect itself.
      if (!abort.signal.aborted) throw error;
    }
  }
}

/** The last message is the question (the DTO checks it is the user's); the ones before it are the conversation. */
function toCommandInput(projectId: string, dto: ChatRequestDto) {
  const { messages, stream: _stream, ...options } = dto;
  return {
    projectId,
    question: messages[messages.length - 1].content,
    history: messages.slice(0, -1).map(({ role, content }) => ({ role, content })),
    ...options,
  };
}
