/**
 * bin/cli-loader.mjs: the CLI compiled from its CommonJS bundle with a V8 code cache writes the generation the
 * ES-module bundle writes, byte for byte (workers found beside it too); the cache is saved when missing,
 * accepted afterwards, rejected and replaced when damaged, and never used when turned off or not built.
 */
import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readPointer } from '../../index-store/format.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(repoRoot, 'bin', 'codegraph.mjs');
const loader = pathToFileURL(path.join(repoRoot, 'bin', 'cli-loader.mjs')).href;

test.before(() => {
  execFileSync(process.execPath, [path.join(repoRoot, 'build.mjs')], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
});

const tempDir = (): string => fs.mkdtempSync(path.join(os.tmpdir(), 'codegraph-code-cache-'));

/** `analyze --force --json` through bin/codegraph.mjs; returns stderr and the published generation's files. */
function analyze(root: string, home: string, env: Record<string, string>): { err: string; files: Map<string, Buffer> } {
  const r = spawnSync(process.execPath, [bin, 'analyze', root, '--force', '--json'], { encoding: 'utf8', env: { ...process.env, ...env, CODEGRAPH_HOME: home } });
  if (r.status !== 0) throw new Error(`analyze exited with ${r.status}: ${r.stderr}`);
  const dir = path.join(root, '.codegraph', readPointer(path.join(root, '.codegraph'))!);
  const files = new Map<string, Buffer>();
  for (const rel of fs.readdirSync(dir, { recursive: true }).map(String).sort()) {
    const file = path.join(dir, rel);
    if (!fs.statSync(file).isFile()) continue;
    const data = fs.readFileSync(file);
    if (rel === 'meta.json' || rel === 'files.json') continue; // times and mtimes; the rest must be equal
    files.set(rel, data);
  }
  return { err: r.stderr, files };
}

test('the code-cached CommonJS CLI writes what the ES-module CLI writes, workers included', (t) => {
  const base = tempDir();
  const root = path.join(base, 'repo');
  fs.cpSync(path.join(repoRoot, 'test/fixtures/indexer'), root, { recursive: true });
  const home = path.join(base, 'home');
  const esm = analyze(root, home, { CODEGRAPH_CODE_CACHE: '0', CODEGRAPH_SPLIT: '0', CODEGRAPH_SEARCH_WORKER: '0' });
  const cached = analyze(root, home, { CODEGRAPH_SPLIT: '0', CODEGRAPH_SEARCH_WORKER: '0' });
  const workers = analyze(root, home, { CODEGRAPH_SPLIT: '1', CODEGRAPH_SEARCH_WORKER: '1' });
  t.notRegex(workers.err, /unavailable/);
  t.true(esm.files.has('graph.json') && esm.files.has('refs.json') && esm.files.has('facts.json'));
  t.deepEqual([...cached.files.keys()], [...esm.files.keys()]);
  for (const [rel, data] of esm.files) {
    t.true(data.equals(cached.files.get(rel)!), `${rel} differs between the two bundles`);
    t.true(data.equals(workers.files.get(rel)!), `${rel} differs with the workers`);
  }

  // bin exits as soon as main() returns (exitAfterCommand): a large output through a pipe still arrives whole.
  const exported = (env: Record<string, string>): string => {
    const r = spawnSync(process.execPath, [bin, 'export', root, '--format', 'jsonl'], { encoding: 'utf8', maxBuffer: 256 << 20, env: { ...process.env, ...env, CODEGRAPH_HOME: home } });
    t.is(r.status, 0, r.stderr);
    return r.stdout;
  };
  const viaCache = exported({});
  t.true(viaCache.length > 256 << 10, `export is only ${viaCache.length} bytes, less than the pipe buffers it should overflow`);
  t.is(viaCache, exported({ CODEGRAPH_CODE_CACHE: '0' }));
  const graph = JSON.parse(esm.files.get('graph.json')!.toString('utf8')) as { nodes: unknown[]; edges: { count: number } };
  t.is(viaCache.trimEnd().split('\n').length, graph.nodes.length + graph.edges.count);
  fs.rmSync(base, { recursive: true, force: true });
});

/** In a child process: loads the CLI with the cache in `cacheDir`, runs `--version`, saves; prints the cache state. */
function load(cacheDir: string, env: Record<string, string> = {}, dist?: string, argv: string[] = ['--version']): { state: string; out: string } {
  const script = `const { loadCli } = await import(${JSON.stringify(loader)});
const { cli, cache, saveCache } = await loadCli({ cacheDir: ${JSON.stringify(cacheDir)}${dist ? `, dist: ${JSON.stringify(dist)}` : ''} });
const code = await cli.main(${JSON.stringify(argv)});
saveCache();
process.stderr.write('STATE ' + cache + ' ' + code + '\\n');`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { ...process.env, ...env } });
  const line = r.stderr.split('\n').find((l) => l.startsWith('STATE '));
  if (r.status !== 0 || !line) throw new Error(`loader child failed (${r.status}): ${r.stderr}`);
  return { state: line.slice(6), out: r.stdout };
}

test('the cache is saved when missing, accepted next time, replaced when damaged, unused when off', (t) => {
  const dir = tempDir();
  const first = load(dir);
  t.is(first.state, 'none 0');
  t.is(first.out, 'codegraph 0.1.0\n');
  const saved = fs.readdirSync(dir).filter((f) => f.endsWith('.v8cache'));
  t.is(saved.length, 1);
  const bundle = JSON.parse(fs.readFileSync(path.join(repoRoot, 'dist', 'cli-cached.json'), 'utf8')).bundle as string;
  t.true(saved[0].startsWith(bundle.replace(/\.cjs$/, '') + '.'), 'the cache is named after the bundle it belongs to');
  const good = fs.readFileSync(path.join(dir, saved[0]));
  t.is(load(dir).state, 'accepted 0');
  t.true(fs.readFileSync(path.join(dir, saved[0])).equals(good), 'an accepted cache is not rewritten');

  // Damaged (another V8's, or cut short): V8 rejects it, the CLI still runs, and a good cache replaces it.
  fs.writeFileSync(path.join(dir, saved[0]), Buffer.concat([good.subarray(0, 64), Buffer.alloc(4096, 7)]));
  t.is(load(dir).state, 'rejected 0');
  t.is(load(dir).state, 'accepted 0');

  // Other Node flags: a cache of their own beside the first.
  const r = spawnSync(process.execPath, ['--stack-size=2000', '--input-type=module', '-e',
    `const { loadCli } = await import(${JSON.stringify(loader)}); const l = await loadCli({ cacheDir: ${JSON.stringify(dir)} }); l.saveCache(); console.log(l.cache);`], { encoding: 'utf8' });
  t.is(r.stdout.trim(), 'none');
  t.is(fs.readdirSync(dir).filter((f) => f.endsWith('.v8cache')).length, 2);
  // The same through NODE_OPTIONS (not in process.execArgv): a third cache, and the first one still accepted.
  t.is(load(dir, { NODE_OPTIONS: '--max-old-space-size=3000' }).state, 'none 0');
  t.is(fs.readdirSync(dir).filter((f) => f.endsWith('.v8cache')).length, 3);
  t.is(load(dir).state, 'accepted 0');

  // Turned off: the ES-module bundle, nothing written.
  const off = tempDir();
  t.is(load(off, { CODEGRAPH_CODE_CACHE: '0' }).state, 'off 0');
  t.deepEqual(fs.readdirSync(off), []);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(off, { recursive: true, force: true });
});

test('an analyze (which turns TurboFan off after its parse and on again, and keeps a small repository\'s young generation small until it ends: runtime/jit.ts) saves a cache the next run accepts', (t) => {
  const dir = tempDir();
  const root = path.join(dir, 'repo');
  fs.mkdirSync(root);
  fs.cpSync(path.join(repoRoot, 'test/fixtures/indexer/commonjs'), root, { recursive: true });
  const argv = ['analyze', root, '--force', '--json'];
  const env = { CODEGRAPH_HOME: path.join(dir, 'home') };
  t.is(load(dir, env, undefined, argv).state, 'none 0');
  const saved = fs.readdirSync(dir).filter((f) => f.endsWith('.v8cache'));
  t.is(saved.length, 1);
  const good = fs.readFileSync(path.join(dir, saved[0]));
  t.is(load(dir, env, undefined, argv).state, 'accepted 0', 'V8 flags restored: the key is the start-up one');
  t.true(fs.readFileSync(path.join(dir, saved[0])).equals(good), 'an accepted cache is not rewritten');
  fs.rmSync(dir, { recursive: true, force: true });
});

test('the CommonJS bundle makes no dynamic import() of its own: under vm.Script it would need an experimental option', (t) => {
  const bundle = JSON.parse(fs.readFileSync(path.join(repoRoot, 'dist', 'cli-cached.json'), 'utf8')).bundle as string;
  const text = fs.readFileSync(path.join(repoRoot, 'dist', bundle), 'utf8');
  // A method named import (graphology's Graph#import: `.import(data)` called, `import(data, merge = false) {` defined) is no import().
  const calls = [...text.matchAll(/(?<![.\w$])import\((?![\w$,=\s]*\)\{)/g)].map((m) => text.slice(Math.max(0, m.index - 1), m.index + 18));
  // Allowed: lib/util/import-module.ts's fallback (`import(specifier)`, never reached under the loader's hook) and
  // template literals that only spell an import (a JSDoc type's name, a worker's eval source).
  const raw = calls.filter((c) => !c.startsWith('`') && !c.slice(1).startsWith('import(specifier)') && !c.slice(1).startsWith('import(${'));
  t.deepEqual(raw, [], 'use importModule (lib/util/import-module.ts) for a package or built-in loaded on demand');
  t.true(calls.length >= 1);
});

test('a dist without the CommonJS bundle falls back to the ES-module bundle', (t) => {
  const dist = tempDir();
  fs.writeFileSync(path.join(dist, 'cli.mjs'), "export async function main(argv) { process.stdout.write('esm ' + argv.join(' ') + '\\n'); return 0; }\n");
  const cacheDir = tempDir();
  const got = load(cacheDir, {}, dist);
  t.is(got.state, 'off 0');
  t.is(got.out, 'esm --version\n');
  t.deepEqual(fs.readdirSync(cacheDir), []);
  fs.rmSync(dist, { recursive: true, force: true });
  fs.rmSync(cacheDir, { recursive: true, force: true });
});

test('the manifest carries the CLI\'s V8 flags and a pre-wrapped ASCII bundle; an older manifest without them still loads', async (t) => {
  const { JIT_FLAGS } = await import('../../runtime/jit.ts');
  const { CJS_WRAPPER_OPEN, CJS_WRAPPER_CLOSE } = await import(loader);
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'dist', 'cli-cached.json'), 'utf8')) as { bundle: string; wrapped: boolean; jitFlags: string[] };
  t.deepEqual(manifest.jitFlags, [...JIT_FLAGS], 'the loader sets the flags tuneJit sets');
  t.true(manifest.wrapped);
  const bytes = fs.readFileSync(path.join(repoRoot, 'dist', manifest.bundle));
  t.is(bytes.findIndex((b) => b > 0x7f), -1, 'read as Latin-1, the bundle must be pure ASCII');
  const text = bytes.toString('latin1');
  t.true(text.startsWith(CJS_WRAPPER_OPEN));
  const end = text.lastIndexOf(CJS_WRAPPER_CLOSE);
  t.true(end > 0 && !text.slice(end + CJS_WRAPPER_CLOSE.length).includes('}'), 'the wrapper closes after the code (only the source-map comment follows)');

  // A dist written by a build before these fields: the bundle unwrapped, the flags from dist/jit.mjs.
  const dist = tempDir();
  fs.writeFileSync(path.join(dist, manifest.bundle), text.slice(CJS_WRAPPER_OPEN.length, end) + text.slice(end + CJS_WRAPPER_CLOSE.length));
  fs.writeFileSync(path.join(dist, 'jit.mjs'), `import v8 from 'node:v8'; export function tuneJit() { for (const f of ${JSON.stringify(manifest.jitFlags)}) v8.setFlagsFromString(f); }\n`);
  fs.writeFileSync(path.join(dist, 'cli-cached.json'), JSON.stringify({ bundle: manifest.bundle }));
  const cacheDir = tempDir();
  t.deepEqual(load(cacheDir, {}, dist), { state: 'none 0', out: 'codegraph 0.1.0\n' });
  t.is(load(cacheDir, {}, dist).state, 'accepted 0');
  fs.rmSync(dist, { recursive: true, force: true });
  fs.rmSync(cacheDir, { recursive: true, force: true });
});
