/** ReferenceIndex builds its lookups on the first query: additions before and after it are all found. */
import test from 'ava';
import { ReferenceIndex, type Reference } from '../../lib/refs/reference-index.ts';

const ref = (target: string, filePath: string, line: number, kind: Reference['kind'] = 'call'): Reference =>
  ({ target, filePath, line, column: 1, length: 1, kind, confidence: 1, reason: 'import' });

test('references added before the first query and after it are found by target and by file', (t) => {
  const idx = new ReferenceIndex([ref('F:f', 'a.ts', 3)]);
  idx.add(ref('F:f', 'b.ts', 1, 'definition'));
  idx.add(ref('F:g', 'a.ts', 5));
  t.is(idx.size, 3);
  t.deepEqual(idx.byTarget('F:f').map((r) => `${r.filePath}:${r.line}`), ['b.ts:1', 'a.ts:3']);
  t.deepEqual(idx.byFile('a.ts').map((r) => r.target), ['F:f', 'F:g']);
  idx.add(ref('F:g', 'c.ts', 2, 'definition'));
  t.deepEqual(idx.byTarget('F:g').map((r) => `${r.filePath}:${r.line}`), ['c.ts:2', 'a.ts:5']);
  t.deepEqual(idx.byFile('c.ts').map((r) => r.target), ['F:g']);
  t.deepEqual(idx.byTarget('F:none'), []);
  t.deepEqual(idx.byFile('none.ts'), []);
  t.deepEqual(idx.toJSON().map((r) => r.line), [3, 1, 5, 2]);
});
