import { notYet } from './not-yet.ts';
export const mcpCommand = notYet('mcp', 'MCP stdio server', 'codegraph mcp');
