/** Every CLI command, in help order. Each lives in its own module. */
import type { Command } from '../cli.ts';
import { analyzeCommand } from './analyze.ts';
import { listCommand } from './list.ts';
import { statusCommand } from './status.ts';
import { cleanCommand } from './clean.ts';
import { exportCommand } from './export.ts';
import { queryCommand } from './query.ts';
import { contextCommand } from './context.ts';
import { impactCommand } from './impact.ts';
import { detectChangesCommand } from './detect-changes.ts';
import { renameCommand } from './rename.ts';
import { cypherCommand } from './cypher.ts';
import { serveCommand } from './serve.ts';
import { evalServerCommand } from './eval-server.ts';
import { mcpCommand } from './mcp.ts';
import { setupCommand } from './setup.ts';

export const commands: Command[] = [
  analyzeCommand,
  listCommand,
  statusCommand,
  cleanCommand,
  exportCommand,
  queryCommand,
  contextCommand,
  impactCommand,
  detectChangesCommand,
  renameCommand,
  cypherCommand,
  serveCommand,
  evalServerCommand,
  mcpCommand,
  setupCommand,
];
