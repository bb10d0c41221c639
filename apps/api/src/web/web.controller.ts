import { Controller, Get, Header, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { WEB_ASSETS } from './web.tokens';

const NOT_BUILT = 'The Lectern UI is not built. Run `npm run build` (npm start does it), then reload.';

/** The single-page app: `/` and the shareable project URLs `/p/:projectId` all load index.html. */
@Controller()
export class WebController {
  constructor(@Inject(WEB_ASSETS) private readonly webDir: string | null) {}

  @Get()
  @Header('Cache-Control', 'no-cache')
  home(@Res() res: Response): void {
    this.index(res);
  }

  @Get('p/:projectId')
  @Header('Cache-Control', 'no-cache')
  project(@Res() res: Response): void {
    this.index(res);
  }

  private index(res: Response): void {
    const index = this.webDir ? path.join(this.webDir, 'index.html') : null;
    if (!index || !existsSync(index)) {
      res.status(503).type('text/plain').send(NOT_BUILT);
      return;
    }
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'same-origin');
    res.sendFile(index);
  }
}
