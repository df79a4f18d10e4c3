/** Temp repositories and registry homes for store and analyze tests (never the real ~/.codegraph). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import type { ExtractItem, ExtractOutcome } from '../../lib/analyze/pool.ts';
import { extractFile } from '../../lib/lang/index.ts';

/** A fresh temp folder (real path), removed when the process exits. */
export function tempDir(prefix = 'cg-b-'): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  cleanup.add(dir);
  return dir;
}

const cleanup = new Set<string>();
process.once('exit', () => { for (const d of cleanup) { try { fs.rmSync(d, { recursive: true, force: true }); } catch { /* best effort */ } } });

/** Writes files (relative path → text or bytes) under `root`, creating folders. */
export function writeTree(root: string, files: Record<string, string | Uint8Array>): void {
  for (const [rel, data] of Object.entries(files)) {
    const abs = path.join(root, rel);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, data);
  }
}

/** A temp repository with the given files, plus a temp registry home. */
export function tempRepo(files: Record<string, string | Uint8Array>, name = 'repo'): { root: string; home: string } {
  const base = tempDir();
  const root = path.join(base, name);
  fs.mkdirSync(root);
  writeTree(root, files);
  return { root, home: path.join(base, 'home') };
}

/** Runs git in `cwd` with a fixed identity; returns stdout. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t', GIT_CONFIG_NOSYSTEM: '1', HOME: cwd },
  });
}

/** `git init` with one commit of everything present. */
export function gitInitCommit(root: string): void {
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'init', '--allow-empty');
}

/** Every file (relative, sorted) under a folder, for "nothing was written" checks. */
export function listAll(root: string): string[] {
  const out: string[] = [];
  const visit = (dir: string, rel: string): void => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) visit(path.join(dir, e.name), r);
      else out.push(r);
    }
  };
  if (fs.existsSync(root)) visit(root, '');
  return out.sort();
}

/** Every file of a generation folder (search files included), meta.json without what differs by run. */
export function generationFiles(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of listAll(dir).sort()) {
    let text = fs.readFileSync(path.join(dir, rel)).toString('base64');
    if (rel === 'meta.json') {
      const meta = JSON.parse(fs.readFileSync(path.join(dir, rel), 'utf8'));
      delete meta.generation;
      delete meta.indexedAt;
      delete meta.summary.timings;
      text = JSON.stringify(meta);
    }
    out[rel] = text;
  }
  return out;
}

/** A small TypeScript project used by several tests. */
export const SMALL_PROJECT: Record<string, string> = {
  'src/math.ts': 'export function add(a: number, b: number): number {\n  return a + b;\n}\n',
  'src/main.ts': "import { add } from './math';\n\nexport function main(): number {\n  return add(1, 2);\n}\n",
  'src/util/strings.ts': 'export const upper = (s: string): string => s.toUpperCase();\n',
  'README.md': '# small\n',
  'package.json': '{"name": "small"}\n',
};

/**
 * Runs an extraction runner over [good file, file that cannot be extracted, good file]; returns its results next to
 * what extractFile gives for each (the facts' JSON, or the bad file's error message), for runners that must fail
 * on a file exactly as in-thread extraction does and go on with the others.
 */
export async function failureCase(run: (items: ExtractItem[]) => Promise<ExtractOutcome>): Promise<{ got: string[]; want: string[] }> {
  const ok = { path: 'y.ts', text: 'export const b = 1;\n', language: 'typescript' as const };
  const bad = { path: 'x.ts', text: undefined as unknown as string, language: 'typescript' as const };
  const { results } = await run([ok, bad, ok]);
  let expected = '';
  try { extractFile(bad.path, bad.text, bad.language); } catch (err) { expected = (err as Error).message; }
  const good = JSON.stringify(extractFile(ok.path, ok.text, ok.language));
  return { got: results.map((r) => ('error' in r ? r.error : JSON.stringify(r.facts))), want: [good, expected || 'an error', good] };
}
