/** The tools fixture repository (test/fixtures/tools/app) built by the real pipeline, in memory or in a git copy. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSnapshotInMemory } from '../../lib/analyze/index.ts';
import type { Snapshot } from '../../index-store/snapshot.ts';
import { tempRepo, type TempRepo } from './git-repo.ts';

export const FIXTURE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/tools/app');
export const RXJS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../node_modules/rxjs/src');

let cached: Promise<Snapshot> | undefined;

/** The fixture's snapshot (built once per test process; tools never mutate it). */
export function fixtureSnapshot(): Promise<Snapshot> {
  cached ??= buildSnapshotInMemory(FIXTURE, { search: false, workers: 0 });
  return cached;
}

/** Every file of the fixture, by relative path. */
export function fixtureFiles(): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const abs = path.join(dir, e.name);
      if (e.isDirectory()) { if (e.name !== '.codegraph') walk(abs); } else out[path.relative(FIXTURE, abs).split(path.sep).join('/')] = fs.readFileSync(abs, 'utf8');
    }
  };
  walk(FIXTURE);
  return out;
}

/** A git repository holding a committed copy of the fixture, and its in-memory snapshot (real host, real git). */
export async function fixtureRepo(): Promise<{ repo: TempRepo; snapshot: Snapshot }> {
  const repo = tempRepo(fixtureFiles(), 'codegraph-tools-fixture-');
  const snapshot = await buildSnapshotInMemory(repo.root, { search: false, workers: 0 });
  return { repo, snapshot };
}
