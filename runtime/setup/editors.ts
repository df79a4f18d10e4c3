/**
 * Where each MCP client keeps its server configuration, in which format, and which file its agent reads
 * instructions from. Locations follow each client's own documentation: Claude Code (`.mcp.json`,
 * `~/.claude.json`), Cursor (`.cursor/mcp.json`, `~/.cursor/mcp.json`), VS Code (`.vscode/mcp.json`, the user
 * profile's `mcp.json`), Windsurf (`~/.codeium/windsurf/mcp_config.json`, no project file), Codex
 * (`.codex/config.toml` in trusted projects, `~/.codex/config.toml`) and Zed (`.zed/settings.json`, the user
 * `settings.json`, key `context_servers`).
 */
import fs from 'node:fs';
import path from 'node:path';

export const EDITOR_IDS = ['claude-code', 'cursor', 'vscode', 'windsurf', 'codex', 'zed'] as const;
export type EditorId = typeof EDITOR_IDS[number];
export type Scope = 'user' | 'project';

/** How a configuration file holds servers. */
export type ConfigFormat =
  /** JSON (comments allowed where the client allows them) with servers under `key`. */
  | { kind: 'json'; key: string; entry: 'plain' | 'typed' }
  /** TOML with one `[mcp_servers.<name>]` table per server (Codex). */
  | { kind: 'toml' };

export interface Editor {
  id: EditorId;
  name: string;
  format: ConfigFormat;
  /** Project configuration, relative to the repository root (undefined: the client has none). */
  projectFile?: string;
  /** User configuration for this machine. */
  userFile(env: Environment): string;
  /** Folder whose presence says the client is installed here. */
  marker(env: Environment): string[];
  /** The instructions file its agent reads in a repository. */
  instructions: 'CLAUDE.md' | 'AGENTS.md';
}

/** What locating user files depends on (the real process, or a test's temporary home). */
export interface Environment {
  home: string;
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
}

/** The environment of this process. */
export function currentEnvironment(): Environment {
  return { home: process.env.HOME || process.env.USERPROFILE || '', platform: process.platform, env: process.env };
}

/** The per-user application-data folder of the platform (XDG config on Linux). */
function configRoot(e: Environment): string {
  if (e.platform === 'win32') return e.env.APPDATA || path.join(e.home, 'AppData', 'Roaming');
  if (e.platform === 'darwin') return path.join(e.home, 'Library', 'Application Support');
  return e.env.XDG_CONFIG_HOME || path.join(e.home, '.config');
}

/** VS Code's user-profile folder. */
function vscodeUser(e: Environment): string { return path.join(configRoot(e), 'Code', 'User'); }

/** Zed's settings folder (~/.config/zed on Linux and macOS). */
function zedConfig(e: Environment): string {
  if (e.platform === 'win32') return path.join(configRoot(e), 'Zed');
  return path.join(e.env.XDG_CONFIG_HOME || path.join(e.home, '.config'), 'zed');
}

/** Codex's home: $CODEX_HOME, else ~/.codex. */
function codexHome(e: Environment): string { return e.env.CODEX_HOME || path.join(e.home, '.codex'); }

export const EDITORS: readonly Editor[] = [
  {
    id: 'claude-code', name: 'Claude Code', format: { kind: 'json', key: 'mcpServers', entry: 'typed' },
    projectFile: '.mcp.json', userFile: (e) => path.join(e.home, '.claude.json'),
    marker: (e) => [path.join(e.home, '.claude'), path.join(e.home, '.claude.json')], instructions: 'CLAUDE.md',
  },
  {
    id: 'cursor', name: 'Cursor', format: { kind: 'json', key: 'mcpServers', entry: 'plain' },
    projectFile: path.join('.cursor', 'mcp.json'), userFile: (e) => path.join(e.home, '.cursor', 'mcp.json'),
    marker: (e) => [path.join(e.home, '.cursor')], instructions: 'AGENTS.md',
  },
  {
    id: 'vscode', name: 'VS Code', format: { kind: 'json', key: 'servers', entry: 'typed' },
    projectFile: path.join('.vscode', 'mcp.json'), userFile: (e) => path.join(vscodeUser(e), 'mcp.json'),
    marker: (e) => [vscodeUser(e)], instructions: 'AGENTS.md',
  },
  {
    id: 'windsurf', name: 'Windsurf', format: { kind: 'json', key: 'mcpServers', entry: 'plain' },
    userFile: (e) => path.join(e.home, '.codeium', 'windsurf', 'mcp_config.json'),
    marker: (e) => [path.join(e.home, '.codeium', 'windsurf')], instructions: 'AGENTS.md',
  },
  {
    id: 'codex', name: 'Codex', format: { kind: 'toml' },
    projectFile: path.join('.codex', 'config.toml'), userFile: (e) => path.join(codexHome(e), 'config.toml'),
    marker: (e) => [codexHome(e)], instructions: 'AGENTS.md',
  },
  {
    id: 'zed', name: 'Zed', format: { kind: 'json', key: 'context_servers', entry: 'plain' },
    projectFile: path.join('.zed', 'settings.json'), userFile: (e) => path.join(zedConfig(e), 'settings.json'),
    marker: (e) => [zedConfig(e)], instructions: 'AGENTS.md',
  },
];

/** The editor with this id. */
export function editorById(id: EditorId): Editor {
  return EDITORS.find((e) => e.id === id)!;
}

/** Editors that look installed for this user (their configuration folder exists). */
export function detectEditors(e: Environment): Editor[] {
  return EDITORS.filter((ed) => ed.marker(e).some((p) => fs.existsSync(p)));
}
