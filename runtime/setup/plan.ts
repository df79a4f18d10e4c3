/**
 * `codegraph setup` as data: which files change for the chosen editors and scopes (each client's MCP
 * configuration, the repository's AGENTS.md / CLAUDE.md), shown as a diff in a dry run, then written atomically.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { isCodegraphError } from '../../lib/errors.ts';
import { mergeJsonConfig, mergeTomlConfig, type EditStatus, type ServerCommand } from './edit-config.ts';
import { type Editor, type Environment, type Scope } from './editors.ts';
import { mergeInstructions } from './instructions.ts';
import type { Style } from '../render/style.ts';

/** The name the server gets in every configuration. */
export const SERVER_NAME = 'codegraph';

export interface SetupOptions {
  editors: readonly Editor[];
  scopes: readonly Scope[];
  /** The repository whose project files (and instructions) are written; undefined outside one. */
  projectRoot?: string;
  /** Write the agent-instructions section too. */
  instructions: boolean;
  server: ServerCommand;
  environment: Environment;
}

/** One file setup would write (or refuses to). */
export interface PlannedFile {
  file: string;
  scope: Scope;
  kind: 'mcp' | 'instructions';
  /** Editors this file serves. */
  editors: string[];
  before?: string;
  after?: string;
  status: EditStatus | 'refused' | 'skipped';
  /** Other servers kept in the file. */
  others?: number;
  /** Why a file is refused or skipped. */
  reason?: string;
}

/** The entry a client's configuration gets for the server. */
function entryFor(editor: Editor, server: ServerCommand): Record<string, unknown> {
  const base = { command: server.command, args: server.args };
  return editor.format.kind === 'json' && editor.format.entry === 'typed' ? { type: 'stdio', ...base } : base;
}

function readText(file: string): string | undefined {
  try { return fs.readFileSync(file, 'utf8'); } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** Works out every change without writing anything. */
export function planSetup(o: SetupOptions): PlannedFile[] {
  const plan: PlannedFile[] = [];
  for (const editor of o.editors) {
    for (const scope of o.scopes) {
      let file: string;
      if (scope === 'user') file = editor.userFile(o.environment);
      else if (!o.projectRoot) { plan.push({ file: '', scope, kind: 'mcp', editors: [editor.name], status: 'skipped', reason: 'not inside a repository (run setup in one, or pass --path)' }); continue; }
      else if (!editor.projectFile) { plan.push({ file: '', scope, kind: 'mcp', editors: [editor.name], status: 'skipped', reason: `${editor.name} has no project configuration; use --scope user (${editor.userFile(o.environment)})` }); continue; }
      else file = path.join(o.projectRoot, editor.projectFile);
      const before = readText(file);
      try {
        const edit = editor.format.kind === 'toml'
          ? mergeTomlConfig(before, SERVER_NAME, o.server)
          : mergeJsonConfig(before, editor.format.key, SERVER_NAME, entryFor(editor, o.server));
        plan.push({ file, scope, kind: 'mcp', editors: [editor.name], before, after: edit.text, status: edit.status, others: edit.others });
      } catch (err) {
        if (!isCodegraphError(err)) throw err;
        plan.push({ file, scope, kind: 'mcp', editors: [editor.name], before, status: 'refused', reason: `${err.message}; left as it is` });
      }
    }
  }
  if (o.instructions && o.projectRoot) {
    const byFile = new Map<string, string[]>();
    for (const editor of o.editors) byFile.set(editor.instructions, [...(byFile.get(editor.instructions) ?? []), editor.name]);
    for (const [name, editors] of byFile) {
      const file = path.join(o.projectRoot, name);
      const before = readText(file);
      const edit = mergeInstructions(before);
      plan.push({ file, scope: 'project', kind: 'instructions', editors, before, after: edit.text, status: edit.status });
    }
  }
  return plan;
}

/** Writes the planned changes (each file through a temporary name and a rename, so none is ever half written). */
export function applySetup(plan: readonly PlannedFile[]): void {
  for (const p of plan) {
    if (p.after === undefined || p.status === 'unchanged' || p.status === 'refused' || p.status === 'skipped') continue;
    fs.mkdirSync(path.dirname(p.file), { recursive: true });
    const tmp = `${p.file}.codegraph-${process.pid}.tmp`;
    let mode: number | undefined;
    try { mode = fs.statSync(p.file).mode & 0o777; } catch { mode = undefined; }
    fs.writeFileSync(tmp, p.after, mode !== undefined ? { mode } : {});
    fs.renameSync(tmp, p.file);
  }
}

/** `~/x` for paths under the home folder, the path otherwise. */
function shortPath(file: string, home: string): string {
  return home && (file === home || file.startsWith(home + path.sep)) ? `~${file.slice(home.length)}` : file;
}

const STATUS_TEXT: Record<PlannedFile['status'], string> = {
  created: 'create', added: 'add the codegraph entry', updated: 'update the codegraph entry', unchanged: 'already set up',
  refused: 'not changed', skipped: 'skipped',
};

/** The plan for people: one line per file and, in a dry run, the diff of each change. */
export function renderPlan(plan: readonly PlannedFile[], o: { dryRun: boolean; style: Style; home: string }): string {
  const { style } = o;
  const out: string[] = [];
  for (const p of plan) {
    const what = p.kind === 'instructions' ? `agent instructions (${p.editors.join(', ')})` : `${p.editors.join(', ')} ${p.scope}`;
    const where = p.file ? shortPath(p.file, o.home) : '';
    let status = STATUS_TEXT[p.status];
    if (p.kind === 'instructions' && p.status === 'added') status = 'add the codegraph section';
    if (!o.dryRun && (p.status === 'created' || p.status === 'added' || p.status === 'updated')) status = { created: 'created', added: 'added', updated: 'updated' }[p.status];
    if (p.others) status += style.dim(` (${p.others} other server${p.others === 1 ? '' : 's'} kept)`);
    const color = p.status === 'refused' ? style.red : p.status === 'skipped' || p.status === 'unchanged' ? style.dim : style.green;
    out.push(`${style.bold(what)}  ${where}  ${color(status)}${p.reason ? `: ${p.reason}` : ''}`);
    if (o.dryRun && p.after !== undefined && p.status !== 'unchanged') {
      const patch = createTwoFilesPatch(where, where, p.before ?? '', p.after, p.before === undefined ? '(new file)' : '', '', { context: 2 });
      out.push(...patch.split('\n').slice(2).filter((l) => l !== '').map((l) => (l.startsWith('+') && !l.startsWith('+++') ? style.green(l) : l.startsWith('-') && !l.startsWith('---') ? style.red(l) : style.dim(l))));
    }
  }
  if (o.dryRun) out.push('', style.dim('dry run: nothing was written; run again without --dry-run to apply'));
  return out.join('\n');
}
