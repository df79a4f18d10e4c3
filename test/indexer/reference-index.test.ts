/** ReferenceIndex lookups: byTarget lists the definition first, then by file, line, column (whatever the insertion order). */
import test from 'ava';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ReferenceIndex, type Reference } from '../../lib/refs/reference-index.ts';
import { indexFixture, readFixture } from './harness.ts';

const ref = (filePath: string, line: number, column: number, kind: Reference['kind']): Reference =>
  ({ target: 'Function:b.ts:f', filePath, line, column, length: 1, kind, confidence: 1, reason: 'import' });

test('byTarget: definition first, then file, line, column; later additions are ordered too', (t) => {
  const idx = new ReferenceIndex([ref('a.ts', 3, 1, 'call'), ref('b.ts', 9, 2, 'definition'), ref('a.ts', 1, 5, 'import'), ref('a.ts', 3, 0, 'call')]);
  const order = () => idx.byTarget('Function:b.ts:f').map((r) => `${r.filePath}:${r.line}:${r.column}:${r.kind}`);
  t.deepEqual(order(), ['b.ts:9:2:definition', 'a.ts:1:5:import', 'a.ts:3:0:call', 'a.ts:3:1:call']);
  idx.add(ref('a.ts', 2, 1, 'value'));
  t.deepEqual(order(), ['b.ts:9:2:definition', 'a.ts:1:5:import', 'a.ts:2:1:value', 'a.ts:3:0:call', 'a.ts:3:1:call']);
  t.deepEqual(idx.byTarget('nothing'), []);
  // byFile keeps the serialised order (file, line, column)
  t.deepEqual(idx.byFile('a.ts').map((r) => r.line), [3, 1, 3, 2]);
});

test('byTarget on a fixture: every symbol with a definition lists it first', (t) => {
  const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'indexer', 'keys');
  const { refs } = indexFixture(readFixture(root));
  const targets = new Set(refs.all.map((r) => r.target));
  let checked = 0;
  for (const uid of targets) {
    const list = refs.byTarget(uid);
    const defs = list.filter((r) => r.kind === 'definition').length;
    if (defs === 0) continue;
    checked++;
    t.true(list.slice(0, defs).every((r) => r.kind === 'definition'), uid);
    const rest = list.slice(defs);
    for (let i = 1; i < rest.length; i++) {
      const a = rest[i - 1], b = rest[i];
      t.true(a.filePath < b.filePath || (a.filePath === b.filePath && (a.line < b.line || (a.line === b.line && a.column <= b.column))), `${uid}: ${a.filePath}:${a.line} before ${b.filePath}:${b.line}`);
    }
  }
  t.true(checked > 10);
});
