import { applyDecorators, Controller, Get, Header, Inject, Res } from '@nestjs/common';
import { ApiOkResponse, ApiParam, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { WEB_ASSETS } from './web.tokens';
import { Public } from '../auth/access.decorator';

/** The UI's index.html, or a plain-text 503 when the UI is not built. */
const ApiWebPage = () =>
  applyDecorators(
    ApiOkResponse({ description: "The course assistant UI's index.html.", content: { 'text/html': { schema: { type: 'string' } } } }),
    ApiServiceUnavailableResponse({ description: 'The UI is not built.', content: { 'text/plain': { schema: { type: 'string' } } } }),
  );

const NOT_BUILT = 'The Lectern UI is not built. Run `npm run build` (npm start does it), then reload.';

/**
 * The single-page app: `/`, the sign-in, setup and invite pages, and the shareable project URLs `/p/:projectId` all
 * load index.html (the data behind them is what is protected).
 */
@ApiTags('web')
@Public()
@Controller()
export class WebController {
  constructor(@Inject(WEB_ASSETS) private readonly webDir: string | null) {}

  @Get(['', 'login', 'setup', 'invite'])
  @ApiWebPage()
  @Header('Cache-Control', 'no-cache')
  home(@Res() res: Response): void {
    this.index(res);
  }

  @Get('p/:projectId')
  @ApiWebPage()
  @ApiParam({ name: 'projectId', type: String, description: 'The project the page opens; the UI reads it from the URL.' })
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
