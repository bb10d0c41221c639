import { Body, Controller, Logger, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Explore, ExploreCommand, type Principal } from '@lectern/application';
import { StreamErrorEventDto, TokenEventDto } from '../chat/dto/chat.response.dto';
import { writeServerSentEvents } from '../chat/sse.writer';
import { ApiErrors } from '../core/api-errors.decorator';
import { ProjectRoute } from '../auth/access.decorator';
import { Auth } from '../auth/auth.request';
import { RateLimit } from '../auth/rate-limit.guard';
import { ApiJsonOrEventStream } from '../core/api-event-stream.decorator';
import { ExploreRequestDto } from './dto/explore.request.dto';
import { ExploreAnswerEventDto, ExploreResponseDto, ExploreStepDto } from './dto/explore.response.dto';

@ApiTags('explore')
@Controller('projects/:projectId/explore')
export class ExploreController {
  private readonly logger = new Logger(ExploreController.name);

  constructor(private readonly exploreProject: Explore) {}

  /** JSON by default; with `stream: true`, server-sent events step/token/answer/done (or error) as the agent moves. */
  @Post()
  @ProjectRoute('student')
  @RateLimit('ask')
  @ApiBody({ type: ExploreRequestDto })
  @ApiJsonOrEventStream(
    ExploreResponseDto,
    { step: ExploreStepDto, token: TokenEventDto, answer: ExploreAnswerEventDto, done: ExploreResponseDto, error: StreamErrorEventDto },
    'The answer, its citations and every step of the agent. Events: step* (token* with an LLM), answer, done — or error at any point, which ends the stream.',
  )
  @ApiErrors({
    400: 'The body is invalid, or `articleId` names no article of the project.',
    404: 'No project with this id, an id of articleIds is not an article of this project, or no such conversationId of yours in it.',
    409: "The project's corpus was embedded with another model.",
    502: 'The LLM answered with something unusable.',
    503: 'The LLM cannot be reached or refused the request.',
  })
  async explore(
    @Param('projectId') projectId: string,
    @Body() dto: ExploreRequestDto,
    @Req() req: Request,
    @Res() res: Response,
    @Auth() auth: Principal | null,
  ): Promise<void> {
    // Before any byte is written, so an unknown project, article or conversation is still a plain 404.
    const run = this.exploreProject.execute(ExploreCommand.create({ projectId, ...dto, userId: auth?.user.id ?? null }));
    if (dto.stream) {
      await writeServerSentEvents(req, res, (signal) => run.events(signal), this.logger);
      return;
    }
    const abort = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) abort.abort(new Error('client disconnected'));
    });
    try {
      res.status(200).json(await run.explore(abort.signal));
    } catch (error) {
      if (!abort.signal.aborted) throw error;
    }
  }
}
