/**
 * Property names and relation types the graph does not have cost nothing (issue: a thousand distinct `n.zzz`
 * once built a column over every node and edge per name and kept it for the life of the snapshot). Measured in
 * a child process with --expose-gc on the real rxjs sources, against a ceiling.
 */
import test from 'ava';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/**
 * Heap a thousand absent names may leave behind: compiled code and the query's own strings stay (0.2-0.7 MB);
 * a column over rxjs's edges alone is ~50 kB, and keeping every column these queries built held ~33 MB.
 */
const CEILING_BYTES = 4_000_000;

test('a thousand unknown property names and relation types leave the heap where it was, and read as null', (t) => {
  const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(here, 'unknown-keys-probe.ts')], {
    cwd: path.resolve(here, '../..'), encoding: 'utf8', maxBuffer: 1 << 20,
  });
  const r = JSON.parse(out.trim().split('\n').pop()!) as { before: number; after: number; nodes: number; edges: number; answers: Record<string, { c: number }> };
  t.log(`heap ${(r.before / 1e6).toFixed(1)} MB before, ${(r.after / 1e6).toFixed(1)} MB after (${r.nodes} nodes, ${r.edges} edges)`);
  t.true(r.nodes > 1000 && r.edges > 5000, 'a real corpus');
  t.deepEqual(r.answers, { nodes: { c: r.nodes }, rels: { c: r.edges }, seek: { c: 0 }, types: { c: 0 } });
  t.true(r.after - r.before < CEILING_BYTES, `retained ${r.after - r.before} bytes`);
});
