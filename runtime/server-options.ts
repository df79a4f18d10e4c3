/** Option parsing shared by the server commands (serve, eval-server, mcp): strict flags, clear errors. */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CodegraphError } from '../lib/errors.ts';

/** Parses `args` strictly; an unknown or malformed flag is a VALIDATION_ERROR naming it. */
export function parseOptions<O extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: O, allowPositionals = false) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals });
  } catch (err) {
    throw new CodegraphError('VALIDATION_ERROR', err instanceof Error ? err.message : String(err));
  }
}

/** A TCP port from a flag value (0 = any free port). */
export function portOption(value: string | undefined, fallback: number, flag = '--port'): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) > 65535) throw new CodegraphError('VALIDATION_ERROR', `${flag} must be a port number 0-65535, got '${value}'`);
  return Number(value);
}

/** A non-negative number of seconds from a flag value. */
export function secondsOption(value: string | undefined, fallback: number, flag: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0) throw new CodegraphError('VALIDATION_ERROR', `${flag} must be a number of seconds >= 0, got '${value}'`);
  return n;
}

/** An http(s) URL from a flag value. */
export function urlOption(value: string | undefined, flag: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  let url: URL;
  try { url = new URL(value); } catch { throw new CodegraphError('VALIDATION_ERROR', `${flag} must be an http(s) URL, got '${value}'`); }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CodegraphError('VALIDATION_ERROR', `${flag} must be an http(s) URL, got '${value}'`);
  return url.href;
}

/** True when request logging is turned off by flag or by CODEGRAPH_QUIET=1. */
export function quietFrom(flag: boolean | undefined): boolean {
  const env = process.env.CODEGRAPH_QUIET;
  return flag === true || (env !== undefined && env !== '' && env !== '0' && env.toLowerCase() !== 'false');
}

/** Writes a line to stderr (servers keep stdout for their announcements, MCP for the protocol). */
export function stderrLine(line: string): void { process.stderr.write(line + '\n'); }

/** The parent the process started under (read when the command's module loads, before any long first step). */
const STARTED_UNDER = process.ppid;
/** How often a command an npm script started checks that the script's shell is still its parent. */
const ORPHAN_CHECK_MS = 1000;

/**
 * Resolves when the process is asked to stop (SIGINT/SIGTERM), so a server command can stop gracefully;
 * the listeners are removed once it fires. Started by an npm script (`npm start`), it also stops once orphaned:
 * npm passes its SIGTERM to the script's shell, which dies without passing it on, so the command would run on.
 */
export function onStopSignal(stop: () => void): () => void {
  let fired = false;
  const handler = () => { if (!fired) { fired = true; stop(); } };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
  const orphanCheck = process.env.npm_lifecycle_event
    ? setInterval(() => { if (process.ppid !== STARTED_UNDER) handler(); }, ORPHAN_CHECK_MS).unref()
    : undefined;
  return () => { process.off('SIGINT', handler); process.off('SIGTERM', handler); if (orphanCheck) clearInterval(orphanCheck); };
}
