/** What `codegraph setup` does (runtime/commands/setup.ts holds its name and help). */
import fs from 'node:fs';
import path from 'node:path';
import * as toml from 'smol-toml';
import { CodegraphError } from '../../lib/errors.ts';
import { readRegistry } from '../../index-store/registry.ts';
import { parseOptions } from '../server-options.ts';
import { repoContaining } from '../default-repo.ts';
import { styleFor } from '../render/style.ts';
import { EDITORS, EDITOR_IDS, currentEnvironment, detectEditors, editorById, type Editor, type EditorId, type Scope } from './editors.ts';
import { SERVER_NAME, applySetup, planSetup, renderPlan } from './plan.ts';
import { instructionsSection } from './instructions.ts';
import { serverCommand } from './server-command.ts';

/** Runs `codegraph setup` with its arguments; returns the exit code (1 when a file was refused). */
export async function runSetup(args: string[]): Promise<number> {
  const { values } = parseOptions(args, {
    editor: { type: 'string', multiple: true }, scope: { type: 'string' }, path: { type: 'string' },
    'no-instructions': { type: 'boolean' }, 'dry-run': { type: 'boolean' }, print: { type: 'boolean' },
  });
  const environment = currentEnvironment();
  const editors = chooseEditors(values.editor, environment);
  const scopes = chooseScopes(values.scope);
  const server = serverCommand();
  const style = styleFor(process.stdout);
  if (values.print) {
    process.stdout.write(printed(editors, scopes, server) + '\n');
    return 0;
  }
  const projectRoot = values.path !== undefined ? checkedFolder(values.path) : repositoryAt(process.cwd());
  const plan = planSetup({ editors, scopes, projectRoot, instructions: values['no-instructions'] !== true, server, environment });
  const dryRun = values['dry-run'] === true;
  if (!dryRun) applySetup(plan);
  const notes: string[] = [];
  if (!server.portable) notes.push(style.yellow(`codegraph is not on your PATH, so the configuration runs ${server.args[0]} with ${server.command}; after \`npm install -g\` run setup again for a portable \`codegraph mcp\`.`));
  if (!projectRoot && values['no-instructions'] !== true) notes.push(style.dim('not inside a repository: no agent instructions written (run setup inside one, or pass --path).'));
  if (!dryRun) {
    notes.push(`next: restart ${editors.map((e) => e.name).join(', ')} (or reload MCP servers there) so the agent starts \`codegraph mcp\`.`);
    if (projectRoot && !readRegistry().some((r) => r.path === projectRoot)) notes.push(`this repository is not indexed yet: run \`codegraph analyze ${projectRoot}\`.`);
  }
  process.stdout.write([renderPlan(plan, { dryRun, style, home: environment.home }), ...(notes.length ? ['', ...notes] : [])].join('\n') + '\n');
  return plan.some((p) => p.status === 'refused') ? 1 : 0;
}


function chooseEditors(given: string[] | undefined, environment: ReturnType<typeof currentEnvironment>): Editor[] {
  if (!given || given.length === 0) {
    const found = detectEditors(environment);
    if (found.length === 0) throw new CodegraphError('VALIDATION_ERROR', `no supported editor found for this user; name one with --editor (${EDITOR_IDS.join(', ')} or all)`);
    return found;
  }
  const ids = given.flatMap((g) => g.split(',')).map((s) => s.trim().toLowerCase()).filter(Boolean);
  if (ids.includes('all')) return [...EDITORS];
  const aliases: Record<string, EditorId> = { claude: 'claude-code', 'vs-code': 'vscode', code: 'vscode' };
  const out: Editor[] = [];
  for (const id of ids) {
    const known = (EDITOR_IDS as readonly string[]).includes(id) ? id as EditorId : aliases[id];
    if (!known) throw new CodegraphError('VALIDATION_ERROR', `unknown --editor '${id}'; choose from ${EDITOR_IDS.join(', ')}, all`);
    if (!out.some((e) => e.id === known)) out.push(editorById(known));
  }
  return out;
}

function chooseScopes(scope: string | undefined): Scope[] {
  if (scope === undefined || scope === 'user') return ['user'];
  if (scope === 'project') return ['project'];
  if (scope === 'both') return ['user', 'project'];
  throw new CodegraphError('VALIDATION_ERROR', `--scope must be user, project or both, got '${scope}'`);
}

function checkedFolder(p: string): string {
  const abs = path.resolve(p);
  if (!fs.existsSync(abs) || !fs.statSync(abs).isDirectory()) throw new CodegraphError('INVALID_PATH', `--path '${p}' is not a folder`);
  return fs.realpathSync(abs);
}

/** The repository containing `folder`: an indexed one, else the enclosing git work tree; undefined outside both. */
function repositoryAt(folder: string): string | undefined {
  const indexed = repoContaining(readRegistry(), folder);
  if (indexed) return indexed.path;
  let dir = fs.realpathSync(folder);
  for (;;) {
    if (fs.existsSync(path.join(dir, '.git'))) return dir;
    const up = path.dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

/** The configuration snippets and the instructions section, to paste by hand. */
function printed(editors: readonly Editor[], scopes: readonly Scope[], server: { command: string; args: string[] }): string {
  const env = currentEnvironment();
  const out: string[] = [];
  for (const e of editors) {
    const files = scopes.map((s) => (s === 'user' ? e.userFile(env) : e.projectFile)).filter((f): f is string => f !== undefined);
    out.push(`# ${e.name}: ${files.join(' or ')}`);
    if (e.format.kind === 'toml') out.push(toml.stringify({ mcp_servers: { [SERVER_NAME]: { command: server.command, args: server.args } } }).trim());
    else {
      const base = { command: server.command, args: server.args };
      const entry = e.format.entry === 'typed' ? { type: 'stdio', ...base } : base;
      out.push(JSON.stringify({ [e.format.key]: { [SERVER_NAME]: entry } }, null, 2));
    }
    out.push('');
  }
  out.push('# Agent instructions: add to AGENTS.md (CLAUDE.md for Claude Code) in the repository', instructionsSection());
  return out.join('\n');
}
