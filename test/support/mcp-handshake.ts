/** What an MCP client sends to open a session over streamable HTTP (the tests that talk to `/mcp` raw). */
export const MCP_INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'lectern-test', version: '1' } },
};
export const MCP_HEADERS = { Accept: 'application/json, text/event-stream' };
