import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import {
  CORPUS_REGISTRY,
  EMBEDDER,
  Explore,
  FindProject,
  ProjectAccess,
  createLecternMcpServer,
  type LecternMcpDeps,
  type Principal,
} from '@lectern/application';

/** `callerKey` ties the session to who opened it: another caller's requests with its id are told it does not exist. */
type Session = { transport: StreamableHTTPServerTransport; close: () => Promise<void>; callerKey: string };

/** One MCP server per session (it holds the session's reading cursor), each over its own streamable HTTP transport. */
@Injectable()
export class McpService implements OnModuleDestroy {
  private readonly sessions = new Map<string, Session>();
  private readonly deps: LecternMcpDeps;

  constructor(
    projects: FindProject,
    explore: Explore,
    private readonly access: ProjectAccess,
    @Inject(CORPUS_REGISTRY) corpora: LecternMcpDeps['corpora'],
    @Inject(EMBEDDER) embedder: LecternMcpDeps['embedder'],
  ) {
    this.deps = { projects, corpora, embedder, explore };
  }

  /** `caller` is who the guard authenticated (the route needs a signed-in caller; AUTH=off: the local admin). */
  async handle(req: Request, res: Response, body: unknown, caller: Principal): Promise<void> {
    const callerKey = `${caller.user.id}:${caller.key?.id ?? ''}`;
    const sessionId = req.header('mcp-session-id');
    const found = sessionId ? this.sessions.get(sessionId) : undefined;
    const session = found?.callerKey === callerKey ? found : undefined;
    if (session) return session.transport.handleRequest(req, res, body);
    if (sessionId || req.method !== 'POST' || !isInitializeRequest(body)) {
      return rpcError(res, sessionId ? 404 : 400, sessionId ? 'unknown or expired MCP session' : 'start with an initialize request');
    }
    const wanted = typeof req.query.project === 'string' ? req.query.project : '';
    const named = wanted ? this.deps.projects.byNameOrId(wanted) : null;
    // A project the caller is not a member of answers as if it did not exist, like every project route.
    const project = named && this.access.roleIn(caller, named.id) ? named : null;
    if (!project)
      return rpcError(res, 404, wanted ? `no project ${JSON.stringify(wanted)}` : 'name the project: /mcp?project=<name or id>');
    const server = createLecternMcpServer(this.deps, project.id, listedIds(req.query.articleIds));
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        this.sessions.set(id, { transport, close: () => server.close(), callerKey });
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) this.sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  }

  async onModuleDestroy(): Promise<void> {
    const open = [...this.sessions.values()];
    this.sessions.clear();
    for (const session of open) await session.close();
  }
}

/**
 * `?articleIds=a,b` or `?articleIds=a&articleIds=b` as one list; unset: the whole project. Empty ids and values that
 * are not text stay in, for the schema to refuse with a 400 (unknown ids are a 404 from the server).
 */
function listedIds(value: unknown): unknown {
  if (value === undefined) return undefined;
  const listed: unknown[] = Array.isArray(value) ? value : [value];
  return listed.every((v): v is string => typeof v === 'string') ? listed.flatMap((v) => v.split(',')) : value;
}

function rpcError(res: Response, status: number, message: string): void {
  res.status(status).json({ jsonrpc: '2.0', error: { code: -32000, message }, id: null });
}
