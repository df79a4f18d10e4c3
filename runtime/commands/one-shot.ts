/**
 * Shared by the one-shot tool commands (query, context, impact, detect-changes, rename, cypher, list): pick the
 * repository (the one containing the current folder by default), run the tool, print its answer — readable
 * text on a terminal, the tool's JSON when piped or with --json — and speak in CLI flags when a request is bad.
 */
import { SnapshotLoader, type SnapshotLoaderOptions } from '../../index-store/loader.ts';
import type { Snapshot } from '../../index-store/snapshot.ts';
import { validate, type Tool } from '../../handlers/define-tool.ts';
import { CodegraphError, isCodegraphError } from '../../lib/errors.ts';
import { withDefaultRepo } from '../default-repo.ts';
import { MAX_MAX_CHARS } from '../../handlers/budget.ts';
import type { SnapshotSource } from '../snapshot-source.ts';
import { styleFor } from '../render/style.ts';
import type { RenderOptions } from '../render/text.ts';

/** How a command prints: `text` for people, `json` for programs. */
export type OutputMode = 'text' | 'json';

/**
 * The answer budget the CLI asks for unless --max-chars says otherwise: the largest, so scripts get whole
 * answers (as before budgets existed) and a person's summary is cut by the renderer, not by the tool.
 */
export const CLI_MAX_CHARS = MAX_MAX_CHARS;

/** The flags every tool command takes for its output mode. */
export const OUTPUT_FLAGS = { json: { type: 'boolean' }, text: { type: 'boolean' } } as const;

/**
 * `--json` → JSON, `--text` → text; otherwise text on a terminal and JSON when stdout is a pipe or a file, so
 * scripts written against the JSON keep working.
 */
export function outputMode(values: { json?: boolean; text?: boolean }, stream: NodeJS.WriteStream = process.stdout): OutputMode {
  if (values.json && values.text) throw new CodegraphError('VALIDATION_ERROR', '--json and --text exclude each other');
  if (values.json) return 'json';
  if (values.text) return 'text';
  return stream.isTTY === true ? 'text' : 'json';
}

/** Rendering options for stdout: its style (colour when supported) and width. */
export function renderOptions(stream: NodeJS.WriteStream = process.stdout): RenderOptions {
  return { style: styleFor(stream), width: stream.isTTY === true && stream.columns ? stream.columns : undefined };
}

/** The registry loader with the CLI's default repository: the one containing the current folder, else the only one. */
export function cliSource(loaderOptions: SnapshotLoaderOptions = {}): SnapshotSource & { close(): void } {
  const loader = new SnapshotLoader(loaderOptions);
  const source = withDefaultRepo(loader, { folders: () => [process.cwd()], how: '--repo NAME' });
  return { ...source, close: () => loader.close() };
}

/** How a tool command prints and names its flags. */
export interface PrintOptions {
  mode: OutputMode;
  /** Readable rendering of the tool's result. */
  render: (result: any, options: RenderOptions) => string;
  /** Request field → the CLI flag (or argument) that sets it, for error messages. */
  flags: Readonly<Record<string, string>>;
  /** Options of the registry loader (a command that writes passes its writer). */
  loader?: SnapshotLoaderOptions;
}

/**
 * Validates `request` with the tool's schema (bad input fails before any repository is loaded), loads the
 * repository's snapshot, runs the tool and prints the answer; returns the exit code.
 */
export async function printToolResult(tool: Tool<any, Snapshot, unknown>, request: Record<string, unknown>, options: PrintOptions): Promise<number> {
  const source = cliSource(options.loader);
  try {
    validate(tool.definition.schema, request);
    const result = await tool(request, await source.get(typeof request.repo === 'string' ? request.repo : undefined));
    printResult(result, options);
    return 0;
  } catch (err) {
    throw inFlags(err, options.flags);
  } finally {
    source.close();
  }
}

/** Prints a result in the chosen mode. */
export function printResult(result: unknown, options: Pick<PrintOptions, 'mode' | 'render'>): void {
  const text = options.mode === 'json' ? JSON.stringify(result, null, 2) : options.render(result, renderOptions());
  process.stdout.write(text + '\n');
}

/** Keeps only the options that were given, so the tool's schema applies its own defaults. */
export function given(obj: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined));
}

/** The same error with request field names replaced by the command's flags (`'file_path'` → `--file`). */
export function inFlags(err: unknown, flags: Readonly<Record<string, string>>): unknown {
  if (!isCodegraphError(err)) return err;
  const message = cliMessage(err.message, flags);
  return message === err.message ? err : new CodegraphError(err.code, message, err.details);
}

/** Rewrites a tool message for the CLI: quoted field names and the lookup's "pass uid (or file_path / kind)". */
export function cliMessage(message: string, flags: Readonly<Record<string, string>>): string {
  let out = message.replace(/pass (?:'?uid'?|'?symbol_uid'?|'?target_uid'?) \(or '?file_path'? \/ '?kind'?\)/g,
    `pass ${flags.uid ?? flags.target_uid ?? flags.symbol_uid ?? '--uid'} (or ${flags.file_path ?? '--file'} / ${flags.kind ?? '--kind'})`);
  out = out.replace(/'value' must contain (at least|exactly) one of \[([^\]]*)\]/g,
    (_w, how: string, list: string) => `give ${how === 'exactly' ? 'exactly one of ' : ''}${list.split(', ').map((f) => flags[f] ?? f).join(' or ')}`);
  out = out.replace(/'([A-Za-z_][A-Za-z0-9_]*)'/g, (whole, field: string) => flags[field] ?? whole);
  // Bare field names that are no English word (file_path, symbol_uid, maxDepth), and `file_path/kind`.
  out = out.replace(/\b([a-z]+(?:_[a-z]+)+|[a-z]+[A-Z][A-Za-z]*)\b/g, (whole, field: string) => flags[field] ?? whole);
  return out.replace(/(--[a-z-]+)\/kind\b/g, `$1/${flags.kind ?? '--kind'}`);
}
