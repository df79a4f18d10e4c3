/**
 * `default` and `constructor` are refused only where the language names the symbol so: an anonymous `export default`
 * and a class's constructor in ECMAScript. A member called `default` (`schema.default(value)`, a Python encoder's
 * `default`) is an ordinary name and is renamed like any other.
 */
import test, { type ExecutionContext } from 'ava';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rename } from '../../handlers/rename.ts';
import { buildSnapshotInMemory } from '../../lib/analyze/index.ts';
import { CodegraphError } from '../../lib/errors.ts';
import { graphData } from '../../lib/graph/code-graph.ts';

const FILES: Record<string, string> = {
  'src/schema.ts': 'export class Schema {\n  constructor(readonly v = 0) {}\n  default(v: number): Schema { return new Schema(v); }\n}\nexport function make(): Schema { return new Schema().default(1); }\nexport default function () { return 1; }\n',
  'pkg/fields.py': 'class Field:\n    def default(self):\n        return 1\n\n\ndef use(f: Field):\n    return f.default()\n',
};

/** The files indexed in memory from a temporary folder, removed when the test ends (rename reads the files). */
async function snapshot(t: ExecutionContext) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cg-default-'));
  t.teardown(() => fs.rmSync(root, { recursive: true, force: true }));
  for (const [rel, text] of Object.entries(FILES)) { fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true }); fs.writeFileSync(path.join(root, rel), text); }
  return buildSnapshotInMemory(root, { workers: 0 });
}

test('a method named default is renamed at its declaration and its calls, in TypeScript and Python', async (t) => {
  const s = await snapshot(t);
  const ts = await rename({ symbol_uid: 'Method:src/schema.ts:Schema.default', new_name: 'withDefault' }, s);
  t.deepEqual(ts.changes.flatMap((c) => c.edits.filter((e) => e.confidence === 'graph').map((e) => `${c.file_path}:${e.line}:${e.column}`)), ['src/schema.ts:3:3', 'src/schema.ts:5:54']);
  const py = await rename({ symbol_uid: 'Method:pkg/fields.py:Field.default', new_name: 'fallback' }, s);
  t.deepEqual(py.changes.flatMap((c) => c.edits.filter((e) => e.confidence === 'graph').map((e) => `${c.file_path}:${e.line}:${e.column}`)), ['pkg/fields.py:2:9', 'pkg/fields.py:7:14']);
});

test('an anonymous default export and a constructor are refused: the language names them', async (t) => {
  const s = await snapshot(t);
  const anonymous = graphData(s.graph).nodes.find((n) => n.name === 'default' && n.label === 'Function');
  t.truthy(anonymous, 'the anonymous default export is a symbol named default');
  const first = await t.throwsAsync(rename({ symbol_uid: anonymous!.uid, new_name: 'one' }, s), { instanceOf: CodegraphError });
  t.is(first!.code, 'RENAME_REFUSED');
  t.regex(first!.message, /'default' names a language construct/);
  const err = await t.throwsAsync(rename({ symbol_name: 'constructor', file_path: 'src/schema.ts', new_name: 'init' }, s), { instanceOf: CodegraphError });
  t.is(err!.code, 'RENAME_REFUSED');
  t.regex(err!.message, /'constructor' names a language construct/);
});
