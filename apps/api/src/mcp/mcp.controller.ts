import { All, Controller, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { McpService } from './mcp.service';

/**
 * The MCP endpoint (streamable HTTP): POST carries JSON-RPC, GET opens the server's event stream, DELETE ends a
 * session. A normal Nest route, so the API's guards apply to it like to any other. `?project=<name or id>` on the
 * initializing request chooses the project; the session id (`Mcp-Session-Id`) keeps it afterwards.
 */
@ApiExcludeController()
@Controller('mcp')
export class McpController {
  constructor(private readonly service: McpService) {}

  @All()
  handle(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.service.handle(req, res);
  }
}
