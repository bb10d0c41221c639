import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createLecternMcpServer, FindPaper, FindProject, type LecternMcpDeps } from '@lectern/application';
import { findPapers, findProject } from '../project-lookup';

export type McpDeps = LecternMcpDeps & { projects: FindProject; papers: FindPaper };

/**
 * `lectern mcp --project NAME [--paper P]…`: Lectern's navigation tools as an MCP server on stdin/stdout (operator rights on the
 * local data directory). Resolves when the client closes the connection.
 */
export async function mcpCommand(
  deps: McpDeps,
  options: { project: string; paper?: string[] },
  io: { stdin: NodeJS.ReadableStream; stdout: NodeJS.WritableStream },
): Promise<number> {
  const project = findProject(deps.projects, options.project);
  const server = createLecternMcpServer(deps, project.id, findPapers(deps.papers, project.id, options.paper));
  const transport = new StdioServerTransport(io.stdin as never, io.stdout as never);
  const closed = new Promise<void>((resolve) => (transport.onclose = resolve));
  await server.connect(transport);
  const ended = new Promise<void>((resolve) => io.stdin.once('end', resolve));
  await Promise.race([closed, ended]);
  await server.close();
  return 0;
}
