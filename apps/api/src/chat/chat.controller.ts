import { Body, Controller, Logger, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ChatRequestDto } from './dto/chat.request.dto';
import { ChatService } from './chat.service';
import { writeServerSentEvents } from './sse.writer';

@Controller('projects/:projectId/chat')
export class ChatController {
  private readonly logger = new Logger(ChatController.name);

  constructor(private readonly service: ChatService) {}

  /** JSON by default; server-sent events with `stream: true`. Either way a client that leaves stops the LLM. */
  @Post()
  async chat(@Param('projectId') projectId: string, @Body() dto: ChatRequestDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    // Before any byte is written, so an unknown project is still a plain 404.
    const turn = this.service.start(projectId, dto);
    if (dto.stream) {
      await writeServerSentEvents(req, res, (signal) => this.service.events(turn, signal), this.logger);
      return;
    }
    const abort = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) abort.abort(new Error('client disconnected'));
    });
    try {
      res.status(200).json(await this.service.answer(turn, abort.signal));
    } catch (error) {
      // Nobody is left to read an error about the disconnect itself.
      if (!abort.signal.aborted) throw error;
    }
  }
}
