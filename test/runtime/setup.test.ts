/**
 * `codegraph setup` against a temporary home holding real-looking configurations of every supported client: our
 * entry is added in each client's format, every existing server, setting and comment is kept, a second run
 * changes nothing, a dry run writes nothing, a broken file is refused and left alone.
 */
import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as jsonc from 'jsonc-parser';
import * as toml from 'smol-toml';
import { mergeJsonConfig, mergeTomlConfig } from '../../runtime/setup/edit-config.ts';
import { mergeInstructions, instructionsSection } from '../../runtime/setup/instructions.ts';
import { codegraphOnPath, serverCommand } from '../../runtime/setup/server-command.ts';
import { EDITORS, detectEditors } from '../../runtime/setup/editors.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(repoRoot, 'bin', 'codegraph.mjs');

type Obj = Record<string, any>;

/** A home with every client's user configuration already holding other servers, settings and comments. */
function fixtureHome(): { base: string; home: string; repo: string; run(args: string[], extraEnv?: Record<string, string>): { code: number | null; out: string; err: string } } {
  const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'cg-setup-')));
  const home = path.join(base, 'home');
  const repo = path.join(base, 'repo');
  const write = (p: string, text: string) => { fs.mkdirSync(path.dirname(p), { recursive: true }); fs.writeFileSync(p, text); };
  write(path.join(home, '.claude.json'), JSON.stringify({ numStartups: 12, projects: { '/somewhere': { mcpServers: { local: { command: 'l' } } } }, mcpServers: { github: { type: 'stdio', command: 'gh-mcp', args: [], env: { TOKEN: 'x' } } } }, null, 2));
  write(path.join(home, '.cursor', 'mcp.json'), '{\n  "mcpServers": {\n    "browser": { "command": "npx", "args": ["-y", "browser-mcp"] }\n  }\n}\n');
  write(path.join(home, '.config', 'Code', 'User', 'mcp.json'), '{\n\t// my servers\n\t"inputs": [],\n\t"servers": {\n\t\t"fetch": { "type": "stdio", "command": "uvx", "args": ["mcp-server-fetch"] }\n\t}\n}\n');
  write(path.join(home, '.codeium', 'windsurf', 'mcp_config.json'), '{ "mcpServers": {} }');
  write(path.join(home, '.codex', 'config.toml'), '# Codex settings\nmodel = "o3"\n\n[mcp_servers.docs]\ncommand = "docs-mcp"\nargs = ["--stdio"]\n\n[mcp_servers.docs.env]\nLEVEL = "debug" # keep\n');
  write(path.join(home, '.config', 'zed', 'settings.json'), '// Zed settings\n{\n  "theme": "One Dark",\n  "context_servers": {\n    "postgres": { "command": "pg-mcp", "args": [], "env": {} },\n  },\n}\n');
  fs.mkdirSync(path.join(repo, '.git'), { recursive: true });
  write(path.join(repo, 'AGENTS.md'), '# Rules\n\nUse tabs.\n');
  // The built CLI, as a user runs it (npm test builds first; run `node build.mjs` before this file alone).
  if (!fs.existsSync(path.join(repoRoot, 'dist', 'cli.mjs'))) spawnSync(process.execPath, [path.join(repoRoot, 'build.mjs')], { cwd: repoRoot, stdio: 'ignore' });
  const run = (args: string[], extraEnv: Record<string, string> = {}) => {
    const r = spawnSync(process.execPath, [bin, 'setup', ...args], {
      cwd: repo, encoding: 'utf8',
      env: { ...process.env, HOME: home, XDG_CONFIG_HOME: '', APPDATA: '', CODEX_HOME: '', CODEGRAPH_HOME: path.join(base, 'cg'), NO_COLOR: '1', PATH: '/usr/bin:/bin', ...extraEnv },
    });
    return { code: r.status, out: r.stdout, err: r.stderr };
  };
  return { base, home, repo, run };
}

const readJsonc = (p: string): Obj => jsonc.parse(fs.readFileSync(p, 'utf8'), [], { allowTrailingComma: true });
const ours = { command: process.execPath, args: [bin, 'mcp', '--watch'] };

test('setup --editor all --scope both: every client gets the server in its format; everything already there is kept; a second run changes nothing', (t) => {
  const f = fixtureHome();
  t.teardown(() => fs.rmSync(f.base, { recursive: true, force: true }));
  const r = f.run(['--editor', 'all', '--scope', 'both']);
  t.is(r.code, 0, r.err + r.out);

  const claude = readJsonc(path.join(f.home, '.claude.json'));
  t.deepEqual(claude.mcpServers.codegraph, { type: 'stdio', ...ours });
  t.deepEqual(claude.mcpServers.github, { type: 'stdio', command: 'gh-mcp', args: [], env: { TOKEN: 'x' } });
  t.is(claude.numStartups, 12);
  t.deepEqual(claude.projects, { '/somewhere': { mcpServers: { local: { command: 'l' } } } });

  const cursor = readJsonc(path.join(f.home, '.cursor', 'mcp.json'));
  t.deepEqual(Object.keys(cursor.mcpServers), ['browser', 'codegraph']);
  t.deepEqual(cursor.mcpServers.codegraph, ours);

  const vscodeText = fs.readFileSync(path.join(f.home, '.config', 'Code', 'User', 'mcp.json'), 'utf8');
  t.true(vscodeText.includes('// my servers'), 'comment kept');
  t.true(vscodeText.includes('\t\t"codegraph": {'), 'tab indentation kept');
  const vscode = readJsonc(path.join(f.home, '.config', 'Code', 'User', 'mcp.json'));
  t.deepEqual(vscode.servers.codegraph, { type: 'stdio', ...ours });
  t.deepEqual(vscode.servers.fetch, { type: 'stdio', command: 'uvx', args: ['mcp-server-fetch'] });
  t.deepEqual(vscode.inputs, []);

  t.deepEqual(readJsonc(path.join(f.home, '.codeium', 'windsurf', 'mcp_config.json')).mcpServers, { codegraph: ours });

  const codexText = fs.readFileSync(path.join(f.home, '.codex', 'config.toml'), 'utf8');
  t.true(codexText.startsWith('# Codex settings\nmodel = "o3"'));
  t.true(codexText.includes('LEVEL = "debug" # keep'));
  const codex = toml.parse(codexText) as Obj;
  t.deepEqual(JSON.parse(JSON.stringify(codex.mcp_servers)), { docs: { command: 'docs-mcp', args: ['--stdio'], env: { LEVEL: 'debug' } }, codegraph: ours });
  t.is(codex.model, 'o3');

  const zedText = fs.readFileSync(path.join(f.home, '.config', 'zed', 'settings.json'), 'utf8');
  t.true(zedText.startsWith('// Zed settings'));
  const zed = readJsonc(path.join(f.home, '.config', 'zed', 'settings.json'));
  t.is(zed.theme, 'One Dark');
  t.deepEqual(zed.context_servers, { postgres: { command: 'pg-mcp', args: [], env: {} }, codegraph: ours });

  // Project files: created in the repository.
  t.deepEqual(readJsonc(path.join(f.repo, '.mcp.json')), { mcpServers: { codegraph: { type: 'stdio', ...ours } } });
  t.deepEqual(readJsonc(path.join(f.repo, '.cursor', 'mcp.json')), { mcpServers: { codegraph: ours } });
  t.deepEqual(readJsonc(path.join(f.repo, '.vscode', 'mcp.json')), { servers: { codegraph: { type: 'stdio', ...ours } } });
  t.deepEqual(JSON.parse(JSON.stringify(toml.parse(fs.readFileSync(path.join(f.repo, '.codex', 'config.toml'), 'utf8')))), { mcp_servers: { codegraph: ours } });
  t.deepEqual(readJsonc(path.join(f.repo, '.zed', 'settings.json')), { context_servers: { codegraph: ours } });
  t.regex(r.out, /Windsurf project +skipped: Windsurf has no project configuration/);
  // Instructions: the existing AGENTS.md keeps its text, CLAUDE.md is created.
  const agents = fs.readFileSync(path.join(f.repo, 'AGENTS.md'), 'utf8');
  t.true(agents.startsWith('# Rules\n\nUse tabs.\n\n<!-- codegraph:start -->'));
  t.true(agents.includes('`impact`') && agents.includes('search_query'));
  t.is(fs.readFileSync(path.join(f.repo, 'CLAUDE.md'), 'utf8'), instructionsSection() + '\n');
  t.regex(r.out, /Cursor user +~\/\.cursor\/mcp\.json +added \(1 other server kept\)/);
  t.regex(r.out, /codegraph is not on your PATH/);

  // Again: nothing to do, nothing rewritten.
  const snapshot = (dir: string) => spawnSync('find', [dir, '-type', 'f', '-exec', 'sha256sum', '{}', '+'], { encoding: 'utf8' }).stdout.split('\n').sort().join('\n');
  const before = snapshot(f.base);
  const again = f.run(['--editor', 'all', '--scope', 'both']);
  t.is(again.code, 0, again.err);
  t.is(snapshot(f.base), before);
  t.is((again.out.match(/already set up/g) ?? []).length, 13, again.out); // 11 configurations, AGENTS.md, CLAUDE.md
});

test('setup --dry-run shows each change as a diff and writes nothing; --print writes nothing either', (t) => {
  const f = fixtureHome();
  t.teardown(() => fs.rmSync(f.base, { recursive: true, force: true }));
  const files = () => spawnSync('find', [f.base, '-type', 'f', '-exec', 'sha256sum', '{}', '+'], { encoding: 'utf8' }).stdout;
  const before = files();
  const dry = f.run(['--editor', 'cursor,codex', '--dry-run']);
  t.is(dry.code, 0, dry.err);
  t.is(files(), before);
  t.regex(dry.out, /--- ~\/\.cursor\/mcp\.json\n\+\+\+ ~\/\.cursor\/mcp\.json\n@@ /);
  t.regex(dry.out, /\n\+ {4}"codegraph": \{\n/);
  t.regex(dry.out, /\n\+\[mcp_servers\.codegraph\]\n/);
  t.regex(dry.out, /\+<!-- codegraph:start -->/);
  t.regex(dry.out, /dry run: nothing was written/);
  const printed = f.run(['--editor', 'vscode', '--print']);
  t.is(printed.code, 0);
  t.is(files(), before);
  t.regex(printed.out, /# VS Code: .*\.config\/Code\/User\/mcp\.json\n\{\n {2}"servers": \{\n {4}"codegraph": \{\n {6}"type": "stdio"/);
  t.regex(printed.out, /<!-- codegraph:start -->/);
});

test('a configuration that is not valid JSON is refused and left alone; the other files are still written', (t) => {
  const f = fixtureHome();
  t.teardown(() => fs.rmSync(f.base, { recursive: true, force: true }));
  const broken = path.join(f.home, '.cursor', 'mcp.json');
  fs.writeFileSync(broken, '{ "mcpServers": { "a": ');
  const r = f.run(['--editor', 'cursor,windsurf']);
  t.is(r.code, 1);
  t.regex(r.out, /Cursor user +~\/\.cursor\/mcp\.json +not changed: it is not valid JSON \(\w+ at line 1\); left as it is/);
  t.is(fs.readFileSync(broken, 'utf8'), '{ "mcpServers": { "a": ');
  t.deepEqual(readJsonc(path.join(f.home, '.codeium', 'windsurf', 'mcp_config.json')).mcpServers.codegraph, ours);
});

test('editors: detected from this user\'s folders; unknown names and an empty home are clear errors', (t) => {
  const f = fixtureHome();
  t.teardown(() => fs.rmSync(f.base, { recursive: true, force: true }));
  const env = { home: f.home, platform: 'linux' as const, env: {} };
  t.deepEqual(detectEditors(env).map((e) => e.id), ['claude-code', 'cursor', 'vscode', 'windsurf', 'codex', 'zed']);
  const none = detectEditors({ home: path.join(f.base, 'nobody'), platform: 'linux', env: {} });
  t.deepEqual(none, []);
  const bad = f.run(['--editor', 'notepad']);
  t.is(bad.code, 1);
  t.regex(bad.err, /unknown --editor 'notepad'; choose from claude-code, cursor, vscode, windsurf, codex, zed, all/);
  const empty = f.run([], { HOME: path.join(f.base, 'nobody') });
  t.is(empty.code, 1);
  t.regex(empty.err, /no supported editor found for this user; name one with --editor/);
  // Platform locations.
  const mac = { home: '/Users/u', platform: 'darwin' as const, env: {} };
  t.is(EDITORS.find((e) => e.id === 'vscode')!.userFile(mac), '/Users/u/Library/Application Support/Code/User/mcp.json');
  t.is(EDITORS.find((e) => e.id === 'zed')!.userFile(mac), '/Users/u/.config/zed/settings.json');
  t.is(EDITORS.find((e) => e.id === 'codex')!.userFile({ home: '/h', platform: 'linux', env: { CODEX_HOME: '/c' } }), '/c/config.toml');
});

test('merging: our entry updated in place keeping the user\'s own fields; TOML tables with sub-tables; instructions replaced between markers', (t) => {
  const json = '{\n  "mcpServers": {\n    "codegraph": { "command": "old", "args": [], "env": { "CODEGRAPH_HOME": "/x" } }\n  }\n}\n';
  const merged = mergeJsonConfig(json, 'mcpServers', 'codegraph', { command: 'codegraph', args: ['mcp'] });
  t.is(merged.status, 'updated');
  t.deepEqual(JSON.parse(merged.text).mcpServers.codegraph, { command: 'codegraph', args: ['mcp'], env: { CODEGRAPH_HOME: '/x' } });
  t.is(mergeJsonConfig(merged.text, 'mcpServers', 'codegraph', { command: 'codegraph', args: ['mcp'] }).status, 'unchanged');
  t.throws(() => mergeJsonConfig('[1, 2]', 'mcpServers', 'codegraph', {}), { message: /top level is not a JSON object/ });
  t.throws(() => mergeJsonConfig('{"mcpServers": []}', 'mcpServers', 'codegraph', {}), { message: /"mcpServers" is not an object/ });

  const tomlText = 'x = 1\n\n[mcp_servers.codegraph]\ncommand = "old"\nargs = ["a"]\nstartup_timeout_sec = 20\n\n[mcp_servers.codegraph.env]\nA = "b"\n\n[other]\ny = 2\n';
  const t2 = mergeTomlConfig(tomlText, 'codegraph', { command: 'codegraph', args: ['mcp'] });
  t.is(t2.status, 'updated');
  const parsed = JSON.parse(JSON.stringify(toml.parse(t2.text)));
  t.deepEqual(parsed, { x: 1, mcp_servers: { codegraph: { command: 'codegraph', args: ['mcp'], startup_timeout_sec: 20, env: { A: 'b' } } }, other: { y: 2 } });
  t.is(mergeTomlConfig(t2.text, 'codegraph', { command: 'codegraph', args: ['mcp'] }).status, 'unchanged');
  // A form we do not rewrite line by line is refused, not mangled.
  const inline = 'mcp_servers = { codegraph = { command = "old" } }\n';
  t.throws(() => mergeTomlConfig(inline, 'codegraph', { command: 'codegraph', args: ['mcp'] }), { message: /set command = "codegraph" and args = \["mcp"\] there by hand/ });
  t.throws(() => mergeTomlConfig('a = [', 'codegraph', { command: 'c', args: [] }), { message: /not valid TOML/ });

  const section = instructionsSection();
  const old = `# Notes\n\n<!-- codegraph:start -->\nold text\n<!-- codegraph:end -->\n\n## After\n`;
  const replaced = mergeInstructions(old);
  t.is(replaced.status, 'updated');
  t.is(replaced.text, `# Notes\n\n${section}\n\n## After\n`);
  t.is(mergeInstructions(replaced.text).status, 'unchanged');
});

test('the server command: `codegraph mcp --watch` when codegraph on the PATH is a codegraph install, else this node and this entry', (t) => {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'cg-path-')));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  t.deepEqual(serverCommand({ PATH: dir }, 'linux'), { command: process.execPath, args: [bin, 'mcp', '--watch'], portable: false });
  // Something else called codegraph is not ours.
  fs.writeFileSync(path.join(dir, 'codegraph'), '#!/bin/sh\n');
  t.is(codegraphOnPath({ PATH: dir }, 'linux'), undefined);
  fs.rmSync(path.join(dir, 'codegraph'));
  fs.symlinkSync(bin, path.join(dir, 'codegraph'));
  t.is(codegraphOnPath({ PATH: `/nonexistent${path.delimiter}${dir}` }, 'linux'), path.join(dir, 'codegraph'));
  t.deepEqual(serverCommand({ PATH: dir }, 'linux'), { command: 'codegraph', args: ['mcp', '--watch'], portable: true });
  // Windows editors start commands without a shell: always node with the entry's path.
  t.false(serverCommand({ PATH: dir }, 'win32').portable);
});
