/**
 * Rename on Python against a real type checker, offline: pyright 1.1.414's `textDocument/rename` from each symbol's
 * declaration of the Python fixtures, continued through method families and stub twins as codegraph renames them
 * (the policy is at the top of bench/python-rename-diff.ts), against codegraph's graph edits. The figures on real
 * code bases come from `bench/python-rename-diff.ts --all` (docs/benchmarks.md).
 */
import test from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pythonRenameDiff } from '../../bench/python-rename-diff.ts';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'python');
/** Fixtures whose symbols are renamed: imports, star imports and re-exports, members through heritage, stubs, called attributes, records' keywords, rename's own rules (python/rename-rules). */
const RENAMED = ['called-variables', 'imported-variables', 'imports', 'mro-diamond', 'overrides', 'properties', 'receivers', 'record-fields', 'rename-rules', 'star-imports', 'stubs'];

test('rename of every symbol of the Python fixtures agrees with pyright: precision 1.0, recall at least 0.995', async (t) => {
  t.timeout(600_000);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cg-pyright-rename-'));
  let ours = 0, theirs = 0, common = 0, compared = 0;
  const extra: string[] = [];
  const missed: string[] = [];
  try {
    for (const name of RENAMED) {
      const root = path.join(tmp, name);
      fs.cpSync(path.join(FIXTURES, name), root, { recursive: true });
      const { report } = await pythonRenameDiff(root, [], { count: Number.POSITIVE_INFINITY, seed: 42, families: true });
      ours += report.ours; theirs += report.theirs; common += report.common; compared += report.compared;
      for (const s of report.symbols) {
        for (const e of s.extra) extra.push(`${name} ${s.uid}: ${e}`);
        for (const m of s.missed) missed.push(`${name} ${s.uid}: ${m}`);
      }
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  t.log(`${compared} symbols: edits ours ${ours}, pyright ${theirs}, common ${common}`);
  for (const m of missed) t.log(`missed ${m}`);
  t.true(compared > 60, 'enough symbols compared to mean something');
  t.deepEqual(extra, []);
  t.true(common / theirs >= 0.995, `recall ${common}/${theirs}`);
});
