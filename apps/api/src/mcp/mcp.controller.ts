import { Body, Controller, Delete, Get, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiErrors } from '../core/api-errors.decorator';
import { McpService } from './mcp.service';
import { SignedIn } from '../auth/access.decorator';
import { Auth } from '../auth/auth.request';
import { MAX_SCOPE_ARTICLES, type Principal } from '@lectern/application';

const RPC = { type: 'object', description: 'A JSON-RPC 2.0 message of the Model Context Protocol.', additionalProperties: true };

/**
 * The MCP endpoint (streamable HTTP transport): POST carries JSON-RPC, GET opens the server's event stream, DELETE ends
 * a session. Plain Nest routes, so the API's guards apply to them like to any other. `?project=<name or id>` on the
 * initializing request chooses the project; the session id (`Mcp-Session-Id`) keeps it afterwards.
 */
@ApiTags('mcp')
@Controller('mcp')
export class McpController {
  constructor(private readonly service: McpService) {}

  @Post()
  @SignedIn()
  @ApiQuery({ name: 'project', required: false, description: 'Project name or id; required on the `initialize` request.' })
  @ApiQuery({
    name: 'articleIds',
    type: String,
    required: false,
    description: `Comma-separated article ids (1 to ${MAX_SCOPE_ARTICLES}): the session searches and reads only these papers (on \`initialize\`).`,
  })
  @ApiBody({ schema: RPC })
  @ApiOkResponse({
    description: 'The JSON-RPC answer, as JSON or as an event stream (the client accepts both).',
    content: { 'application/json': { schema: RPC }, 'text/event-stream': { schema: { type: 'string' } } },
  })
  @ApiErrors({
    400: `Not an initialize request and no session, or \`articleIds\` not 1 to ${MAX_SCOPE_ARTICLES} non-empty ids.`,
    404: 'Unknown project, session or article.',
  })
  post(@Req() req: Request, @Res() res: Response, @Body() body: Record<string, unknown>, @Auth() caller: Principal): Promise<void> {
    return this.service.handle(req, res, body, caller);
  }

  @Get()
  @SignedIn()
  @ApiOkResponse({
    description: "The session's server-to-client event stream.",
    content: { 'text/event-stream': { schema: { type: 'string' } } },
  })
  @ApiErrors({ 400: 'No session id.', 404: 'Unknown session.' })
  stream(@Req() req: Request, @Res() res: Response, @Auth() caller: Principal): Promise<void> {
    return this.service.handle(req, res, undefined, caller);
  }

  @Delete()
  @SignedIn()
  @ApiOkResponse({ description: 'The session is closed.', content: { 'application/json': { schema: RPC } } })
  @ApiErrors({ 400: 'No session id.', 404: 'Unknown session.' })
  end(@Req() req: Request, @Res() res: Response, @Auth() caller: Principal): Promise<void> {
    return this.service.handle(req, res, undefined, caller);
  }
}
