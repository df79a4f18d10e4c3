/**
 * Adds (or updates) one server entry in a client's configuration text without touching anything else: JSON and
 * JSON with comments through jsonc-parser's edits (comments, order and indentation kept), TOML through smol-toml
 * (a table appended, or our own table's `command`/`args` lines replaced). Every edit is checked by parsing the
 * result: it must hold exactly what the file held before plus our entry, or the file is left alone.
 */
import { isDeepStrictEqual } from 'node:util';
// The ES build: the UMD one that `main` names loads its parts through require() calls a bundler cannot follow.
import * as jsonc from 'jsonc-parser/lib/esm/main.js';
import * as toml from 'smol-toml';
import { CodegraphError } from '../../lib/errors.ts';

/** How a client starts the server. */
export interface ServerCommand { command: string; args: string[] }

export type EditStatus = 'created' | 'added' | 'updated' | 'unchanged';

/** The new text of a file and what happened to our entry; `others` counts the servers kept beside it. */
export interface ConfigEdit { text: string; status: EditStatus; others: number }

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Deep equality of parsed data, whatever prototypes the parser gave its objects (smol-toml's have none). */
const same = (a: unknown, b: unknown): boolean => isDeepStrictEqual(JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b)));

const PARSE_OPTIONS: jsonc.ParseOptions = { allowTrailingComma: true, disallowComments: false };

/** Parses JSON with comments; a syntax error is a VALIDATION_ERROR naming the line. */
function parseJsonc(text: string): unknown {
  const errors: jsonc.ParseError[] = [];
  const value = jsonc.parse(text, errors, PARSE_OPTIONS);
  if (errors.length) {
    const e = errors[0];
    const line = text.slice(0, e.offset).split('\n').length;
    throw new CodegraphError('VALIDATION_ERROR', `it is not valid JSON (${jsonc.printParseErrorCode(e.error)} at line ${line})`);
  }
  return value;
}

/** The indentation and line ending a JSON text already uses (two spaces and \n for a new file). */
function formatting(text: string): jsonc.FormattingOptions {
  const indent = /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
  return { insertSpaces: !indent.startsWith('\t'), tabSize: indent.startsWith('\t') ? 1 : indent.length, eol: text.includes('\r\n') ? '\r\n' : '\n' };
}

/**
 * Sets `<key>.<name>` to `entry` in a JSON(C) configuration, keeping fields the user added to an existing entry
 * (env, disabled, …) and every other server.
 */
export function mergeJsonConfig(text: string | undefined, key: string, name: string, entry: Obj): ConfigEdit {
  if (text === undefined || text.trim() === '') {
    return { text: JSON.stringify({ [key]: { [name]: entry } }, null, 2) + '\n', status: 'created', others: 0 };
  }
  const before = parseJsonc(text);
  if (!isObj(before)) throw new CodegraphError('VALIDATION_ERROR', 'its top level is not a JSON object');
  const servers = before[key];
  if (servers !== undefined && !isObj(servers)) throw new CodegraphError('VALIDATION_ERROR', `its "${key}" is not an object`);
  const others = servers ? Object.keys(servers).filter((k) => k !== name).length : 0;
  const existing = servers?.[name];
  const wanted = isObj(existing) ? { ...existing, ...entry } : entry;
  if (isObj(existing) && same(existing, wanted)) return { text, status: 'unchanged', others };
  const edits = jsonc.modify(text, [key, name], wanted, { formattingOptions: formatting(text) });
  let out = jsonc.applyEdits(text, edits);
  if (!out.endsWith('\n') && text.endsWith('\n')) out += '\n';
  const expected = { ...before, [key]: { ...(servers ?? {}), [name]: wanted } };
  if (!same(parseJsonc(out), expected)) throw new CodegraphError('INTERNAL', 'the edited file would not hold the expected configuration; nothing was written');
  return { text: out, status: existing === undefined ? 'added' : 'updated', others };
}

/** Parses TOML; a syntax error is a VALIDATION_ERROR. */
function parseToml(text: string): Obj {
  try {
    return toml.parse(text) as Obj;
  } catch (err) {
    throw new CodegraphError('VALIDATION_ERROR', `it is not valid TOML (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`);
  }
}

/** Sets `[mcp_servers.<name>]`'s command and args in a Codex TOML configuration, keeping everything else. */
export function mergeTomlConfig(text: string | undefined, name: string, server: ServerCommand): ConfigEdit {
  const table = toml.stringify({ mcp_servers: { [name]: { command: server.command, args: server.args } } }).trim();
  if (text === undefined || text.trim() === '') return { text: table + '\n', status: 'created', others: 0 };
  const before = parseToml(text);
  const servers = before.mcp_servers;
  if (servers !== undefined && !isObj(servers)) throw new CodegraphError('VALIDATION_ERROR', 'its mcp_servers is not a table');
  const others = servers ? Object.keys(servers).filter((k) => k !== name).length : 0;
  const existing = servers?.[name];
  if (existing !== undefined && !isObj(existing)) throw new CodegraphError('VALIDATION_ERROR', `its mcp_servers.${name} is not a table`);
  const wanted = { ...(existing ?? {}), command: server.command, args: server.args };
  if (existing && same(existing, wanted)) return { text, status: 'unchanged', others };
  const out = existing ? replaceTomlTable(text, name, table) : `${text.replace(/\s*$/, '')}\n\n${table}\n`;
  const expected = { ...before, mcp_servers: { ...(servers ?? {}), [name]: wanted } };
  if (out === undefined || !same(parseToml(out), expected)) {
    throw new CodegraphError('VALIDATION_ERROR', `its [mcp_servers.${name}] is written in a form this command does not edit; set command = ${JSON.stringify(server.command)} and args = ${JSON.stringify(server.args)} there by hand`);
  }
  return { text: out, status: existing ? 'updated' : 'added', others };
}

/**
 * Replaces the `command` and `args` lines of our `[mcp_servers.<name>]` table (other keys and sub-tables stay);
 * undefined when the table is not written as a plain header with one-line values.
 */
function replaceTomlTable(text: string, name: string, table: string): string | undefined {
  const lines = text.split('\n');
  const header = new RegExp(`^\\s*\\[\\s*mcp_servers\\s*\\.\\s*(?:${name.replace(/[-]/g, '\\-')}|"${name}"|'${name}')\\s*\\]\\s*(#.*)?$`);
  const start = lines.findIndex((l) => header.test(l));
  if (start < 0) return undefined;
  let end = start + 1;
  while (end < lines.length && !/^\s*\[/.test(lines[end])) end++;
  const body = lines.slice(start + 1, end);
  const kept = body.filter((l) => !/^\s*(command|args)\s*=/.test(l));
  // A multi-line value (an args array over several lines) is not ours to rewrite line by line.
  if (body.some((l) => /^\s*args\s*=\s*\[[^\]]*$/.test(l))) return undefined;
  const replacement = table.split('\n').slice(1);
  return [...lines.slice(0, start + 1), ...replacement, ...kept, ...lines.slice(end)].join('\n');
}
