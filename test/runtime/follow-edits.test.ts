/**
 * Read-your-edits (runtime/follow-edits.ts, RepositoryWatcher.caughtUp): a request to a watching server right after
 * a save answers from the index of that save, without the caller retrying; a repository with nothing waiting answers
 * at once; one that never stops changing delays a request by one run, not forever; the wait is bounded.
 */
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { AnalyzeThread } from '../../lib/analyze/in-worker.ts';
import { RepositoryWatcher } from '../../lib/analyze/watch.ts';
import { SnapshotLoader } from '../../index-store/loader.ts';
import { followingEdits } from '../../runtime/follow-edits.ts';
import type { Snapshot } from '../../index-store/snapshot.ts';
import { tempRepo } from '../analyze/_helpers.ts';

const REPO = {
  'package.json': '{ "name": "followed", "version": "1.0.0" }\n',
  'src/a.ts': 'export function alpha(): number {\n  return beta();\n}\nexport function beta(): number {\n  return 1;\n}\n',
};

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const names = (s: Snapshot): string[] => {
  const out: string[] = [];
  s.graph.forEachNode((_uid, n) => { if (n.label === 'Function') out.push(n.name); });
  return out.sort();
};
/** Callee names of `name`'s CALLS edges in a snapshot. */
const callees = (s: Snapshot, name: string): string[] => {
  const out: string[] = [];
  s.graph.forEachNode((uid, n) => {
    if (n.label !== 'Function' || n.name !== name) return;
    s.graph.forEachOutEdge(uid, (_k, e, _src, dst) => { if (e.type === 'CALLS') out.push(s.graph.getNodeAttributes(dst).name); });
  });
  return out.sort();
};

/** A watching server's source over a fresh repository: the loader, the watcher and the following source. */
async function serve(t: import('ava').ExecutionContext, debounceMs = 50) {
  const { root, home } = tempRepo(REPO);
  await analyzeRepository(root, { home });
  const thread = new AnalyzeThread({ here: true });
  const loader = new SnapshotLoader({ home, watch: true });
  const watcher = RepositoryWatcher.start(root, { home, thread, initial: false, debounceMs });
  const source = followingEdits(loader, () => new Map([[path.basename(root), watcher]]), 20_000);
  t.teardown(async () => { await watcher.close(); await thread.close(); loader.close(); });
  await source.get(); // loaded once, as a server is before the edits
  return { root, home, loader, watcher, source };
}

test('a request right after a save answers from the saved code, each time, without retrying', async (t) => {
  // (a quiet time longer than the pause below: the re-index cannot have started when the request comes)
  const { root, source, loader } = await serve(t, 800);
  fs.writeFileSync(path.join(root, 'src/b.ts'), 'import { beta } from "./a";\nexport function gamma(): number {\n  return beta();\n}\n');
  // (an agent's next call comes after its save has reached the server's watcher; here, a moment after)
  await pause(150);
  t.false(names(await loader.get()).includes('gamma'), 'the loader alone still serves the snapshot from before the save');
  const first = await source.get();
  t.true(names(first).includes('gamma'), 'the following source waited for the re-index of the save');
  t.deepEqual(callees(first, 'gamma'), ['beta']);
  fs.writeFileSync(path.join(root, 'src/b.ts'), 'import { alpha } from "./a";\nexport function gamma(): number {\n  return alpha();\n}\n');
  await pause(150);
  t.deepEqual(callees(await source.get(), 'gamma'), ['alpha'], 'a body edit is seen by the next request');
  fs.rmSync(path.join(root, 'src/b.ts'));
  await pause(150);
  t.false(names(await source.get()).includes('gamma'), 'a deletion too');
});

test('with nothing waiting a request answers at once; past the bound it answers from what is loaded', async (t) => {
  const { root, watcher, source } = await serve(t, 60_000);
  t.true(await watcher.caughtUp(0), 'nothing seen: caught up at once');
  const before = await source.get();
  fs.writeFileSync(path.join(root, 'src/c.ts'), 'export function delta(): number {\n  return 4;\n}\n');
  await pause(150);
  // the quiet time (a minute here) has not passed: the change is not indexed, and the wait gives up
  t.false(await watcher.caughtUp(100), 'a change seen but not indexed yet');
  const bounded = followingEdits(new SnapshotLoader({ home: path.join(path.dirname(root), 'home'), watch: true }), () => new Map([[path.basename(root), watcher]]), 100);
  t.deepEqual(names(await bounded.get()), names(before), 'past the bound: the snapshot loaded now');
});

test('a repository that keeps changing delays a request by one run at most', async (t) => {
  // (each write restarts a quiet time far longer than the time between writes: only the cap on the delay runs it)
  const { root, watcher, source } = await serve(t, 400);
  let n = 0;
  let stop = false;
  const churn = (async () => {
    const end = Date.now() + 60_000;
    while (!stop && Date.now() < end) {
      fs.writeFileSync(path.join(root, 'src/log.ts'), `export const tick = ${n++};\n`);
      await pause(20);
    }
    return !stop;
  })();
  await pause(150);
  t.true(await watcher.caughtUp(60_000), 'caught up with what was seen before the call');
  const snapshot = await source.get();
  stop = true;
  t.false(await churn, 'while the repository kept changing');
  t.true(snapshot.repo.stats.files >= 2, 'the log file is indexed');
});
