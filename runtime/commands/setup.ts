/** `codegraph setup`: connect editors and agents (MCP configuration plus an agent-instructions section). */
import type { Command } from '../cli.ts';

export const setupCommand: Command = {
  name: 'setup',
  summary: 'Connect editors and agents: MCP configuration and agent instructions',
  usage: [
    'codegraph setup [--editor claude-code|cursor|vscode|windsurf|codex|zed|all]... [--scope user|project|both]',
    '                [--path REPO] [--no-instructions] [--dry-run | --print]',
    '  Adds a `codegraph` MCP server to each editor\'s configuration (other servers and settings are kept) and a',
    '  section saying when to use which tool to the repository\'s AGENTS.md / CLAUDE.md.',
    '  --editor     which clients (repeat, or separate with commas); default: those installed for this user',
    '  --scope      user (default): the client\'s own file, for every project; project: files in the repository',
    '               (.mcp.json, .cursor/mcp.json, .vscode/mcp.json, .codex/config.toml, .zed/settings.json)',
    '  --path       the repository for project files and instructions (default: the one containing this folder)',
    '  --dry-run    show the changes as a diff and write nothing',
    '  --print      print the configuration to paste by hand and write nothing',
  ].join('\n'),
  async run(args) {
    // Loaded here: the configuration editors (jsonc-parser, smol-toml, diff) are no other command's business.
    return (await import('../setup/run.ts')).runSetup(args);
  },
};
