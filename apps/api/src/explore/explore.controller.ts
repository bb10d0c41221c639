import { Body, Controller, Logger, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Explore, ExploreCommand } from '@lectern/application';
import { writeServerSentEvents } from '../chat/sse.writer';
import { ExploreRequestDto } from './dto/explore.request.dto';

@Controller('projects/:projectId/explore')
export class ExploreController {
  private readonly logger = new Logger(ExploreController.name);

  constructor(private readonly exploreProject: Explore) {}

  /** JSON by default; with `stream: true`, server-sent events step/token/answer/done (or error) as the agent moves. */
  @Post()
  async explore(@Param('projectId') projectId: string, @Body() dto: ExploreRequestDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    // Before any byte is written, so an unknown project or article is still a plain 404.
    const run = this.exploreProject.execute(ExploreCommand.create({ projectId, ...dto }));
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
