/** Builds the tiny random BERT (test/vendor/make-test-model.mjs, the project's shared test tool) once per process, into a temp folder. */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TOOL = path.resolve(REPO_ROOT, 'test/vendor/make-test-model.mjs');

let dir: string | undefined;

/** Folder of a transformers.js-loadable model: vocab 2000, hidden 32, 2 layers, 4 heads, intermediate 64. */
export function tinyModelDir(): string {
  if (dir && existsSync(path.join(dir, 'config.json'))) return dir;
  const parent = mkdtempSync(path.join(os.tmpdir(), 'codegraph-tiny-model-'));
  const out = path.join(parent, 'tiny-bert');
  execFileSync(process.execPath, [TOOL, out, '2000', '32', '2', '4', '64'], { cwd: REPO_ROOT, stdio: 'pipe' });
  // made once per test process; removed when that process exits
  process.once('exit', () => rmSync(parent, { recursive: true, force: true }));
  dir = out;
  return out;
}
