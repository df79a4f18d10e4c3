import test from 'ava';
import { rename } from '../../handlers/rename.ts';
import { CodegraphError, type ErrorCode } from '../../lib/errors.ts';
import { memorySnapshot } from '../helpers/memory-snapshot.ts';
import { APP_FILES, FORMAT, STAMP, WHEN, appFixture } from './fixture-app.ts';
import { Fixture } from './helpers.ts';

function snap(extra?: (f: ReturnType<typeof appFixture>) => void) {
  const f = appFixture();
  extra?.(f);
  // A write path that records calls: every refusal must leave it unused.
  const writes: unknown[] = [];
  const s = memorySnapshot({ graph: f.graph, refs: f.refs, files: { ...f.files } });
  s.host.writeFiles = async (changes) => { writes.push(changes); };
  return { s, writes };
}

async function refused(t: import('ava').ExecutionContext, req: Record<string, unknown>, code: ErrorCode, pattern: RegExp, extra?: Parameters<typeof snap>[0]) {
  for (const dry_run of [true, false]) {
    const { s, writes } = snap(extra);
    const err = await t.throwsAsync(rename({ ...req, dry_run }, s), { instanceOf: CodegraphError });
    t.is(err!.code, code, err!.message);
    t.regex(err!.message, pattern);
    t.deepEqual(writes, [], 'nothing written');
  }
  return undefined;
}

test('new_name missing or empty is a validation error', async (t) => {
  await refused(t, { symbol_uid: FORMAT }, 'VALIDATION_ERROR', /new_name.*required/);
  await refused(t, { symbol_uid: FORMAT, new_name: '' }, 'VALIDATION_ERROR', /new_name.*empty/);
  await refused(t, { symbol_uid: FORMAT, new_name: '   ' }, 'VALIDATION_ERROR', /must not be empty/);
});

test('neither symbol_name nor symbol_uid is a validation error', async (t) => {
  await refused(t, { new_name: 'x' }, 'VALIDATION_ERROR', /symbol_name.*symbol_uid/);
});

test('a name that is not an identifier of the language is refused', async (t) => {
  for (const bad of ['1abc', 'a-b', 'a b', 'foo()', 'a.b', '#priv']) {
    await refused(t, { symbol_uid: FORMAT, new_name: bad }, 'VALIDATION_ERROR', /not a valid typescript identifier|private name/);
  }
  // Unicode identifiers and $/_ are fine.
  const { s } = snap();
  for (const ok of ['$fmt', '_fmt', 'fmtÄ', 'ƒormat']) t.is((await rename({ symbol_uid: FORMAT, new_name: ok }, s)).new_name, ok);
});

test('reserved words and predefined type names are refused for bindings and types', async (t) => {
  for (const w of ['class', 'await', 'yield', 'let', 'arguments', 'eval', 'undefined', 'null']) {
    await refused(t, { symbol_uid: FORMAT, new_name: w }, 'VALIDATION_ERROR', /reserved word/);
  }
  await refused(t, { symbol_uid: WHEN, new_name: 'string' }, 'VALIDATION_ERROR', /predefined type name/);
  // `string` is fine for a function (a value), just not for a type.
  const { s } = snap();
  t.is((await rename({ symbol_uid: FORMAT, new_name: 'string' }, s)).summary.graphEdits, 6);
});

test('the same name is refused', async (t) => {
  await refused(t, { symbol_uid: FORMAT, new_name: 'formatDate' }, 'RENAME_REFUSED', /same as the current name/);
});

test('a collision with a top-level declaration of the same file is refused', async (t) => {
  await refused(t, { symbol_uid: FORMAT, new_name: 'registry' }, 'RENAME_REFUSED', /collide.*'registry' is already declared at the top level of src\/format.ts/);
});

test('a collision with a binding of a file that imports the symbol is refused', async (t) => {
  // src/view.tsx imports formatDate and declares View: renaming formatDate to View would clash there.
  const err = await refused(t, { symbol_uid: FORMAT, new_name: 'View' }, 'RENAME_REFUSED', /'View' is already declared in src\/view.tsx/);
  t.is(err, undefined);
  // ... and with another import of that file (besides the interface When declared next to formatDate).
  await refused(t, { symbol_uid: FORMAT, new_name: 'When' }, 'RENAME_REFUSED', /collide/);
  const { s } = snap();
  const err2 = await t.throwsAsync(rename({ symbol_uid: FORMAT, new_name: 'When' }, s));
  t.deepEqual((err2 as CodegraphError).details, { conflicts: [
    { uid: WHEN, name: 'When', type: 'Interface', filePath: 'src/format.ts', line: 7, reason: "'When' is already declared at the top level of src/format.ts" },
  ] });
  // Stamp's file imports When (declared elsewhere): that import binds the name there.
  await refused(t, { symbol_uid: STAMP, new_name: 'When' }, 'RENAME_REFUSED', /src\/view.tsx already imports a 'When'/);
});

test('an ambiguous symbol_name answers with candidates; file_path or kind disambiguates', async (t) => {
  const { s } = snap();
  const err = await t.throwsAsync(rename({ symbol_name: 'formatDate', new_name: 'x' }, s), { instanceOf: CodegraphError });
  t.is(err!.code, 'VALIDATION_ERROR');
  t.regex(err!.message, /ambiguous: 2 symbols/);
  t.deepEqual((err!.details as { candidates: Array<{ uid: string }> }).candidates.map((c) => c.uid).sort(), [FORMAT, 'Function:src/other.ts:formatDate']);
  t.is((await rename({ symbol_name: 'formatDate', file_path: 'other.ts', new_name: 'x' }, s)).symbol.uid, 'Function:src/other.ts:formatDate');
  t.is((await rename({ symbol_name: 'Stamp', kind: 'Function', new_name: 'x' }, s)).symbol.uid, STAMP);
});

test('an unknown symbol is SYMBOL_NOT_FOUND with close names; a uid contradicting the name is refused', async (t) => {
  const err = await refused(t, { symbol_name: 'formatDat', new_name: 'x' }, 'SYMBOL_NOT_FOUND', /formatDate/);
  t.is(err, undefined);
  await refused(t, { symbol_uid: 'Function:nope.ts:x', new_name: 'x' }, 'SYMBOL_NOT_FOUND', /not found/);
  await refused(t, { symbol_uid: FORMAT, symbol_name: 'View', new_name: 'x' }, 'VALIDATION_ERROR', /names 'formatDate', not 'View'/);
});

test('a library symbol (outside the repository) is refused', async (t) => {
  const lib = (f: ReturnType<typeof appFixture>) => {
    f.graph.addNode('Function:node_modules/lodash/index.d.ts:debounce', { uid: 'Function:node_modules/lodash/index.d.ts:debounce', label: 'Function', name: 'debounce', filePath: 'node_modules/lodash/index.d.ts', line: 1 });
    f.graph.addNode('Class:<external>:EventEmitter', { uid: 'Class:<external>:EventEmitter', label: 'Class', name: 'EventEmitter', line: 1 });
  };
  await refused(t, { symbol_name: 'debounce', new_name: 'wait' }, 'RENAME_REFUSED', /outside the repository.*library/, lib);
  await refused(t, { symbol_uid: 'Class:<external>:EventEmitter', new_name: 'Emitter' }, 'RENAME_REFUSED', /outside the repository/, lib);
  // Files and other non-symbols are not renamable either.
  await refused(t, { symbol_uid: 'File:src/format.ts', new_name: 'x' }, 'RENAME_REFUSED', /not a code symbol/);
});

test('a symbol whose declaration the index lacks is refused rather than half-renamed', async (t) => {
  const f = new Fixture({ 'a.ts': 'export const a = 1;\nconsole.log(a);\n' });
  f.symbol({ label: 'Variable', file: 'a.ts', qn: 'a', line: 1 });
  f.ref('Variable:a.ts:a', 'a.ts', 'a', 1, 'value');
  const s = memorySnapshot({ graph: f.graph, refs: f.refs, files: f.files });
  const err = await t.throwsAsync(rename({ symbol_uid: 'Variable:a.ts:a', new_name: 'b' }, s));
  t.is((err as CodegraphError).code, 'RENAME_REFUSED');
  t.regex(err!.message, /no declaration occurrence/);
});

test('edits since indexing: STALE_INDEX in preview and apply, nothing written', async (t) => {
  const f = appFixture();
  const files = { ...APP_FILES, 'src/view.tsx': '// edited\n' + APP_FILES['src/view.tsx'] };
  const s = memorySnapshot({ graph: f.graph, refs: f.refs, files, indexedFiles: APP_FILES });
  const writes: unknown[] = [];
  s.host.writeFiles = async (c) => { writes.push(c); };
  for (const dry_run of [true, false]) {
    const err = await t.throwsAsync(rename({ symbol_uid: FORMAT, new_name: 'fmt', dry_run }, s));
    t.is((err as CodegraphError).code, 'STALE_INDEX');
    t.deepEqual((err as CodegraphError).details, { files: ['src/view.tsx'] });
  }
  // A stale file that only holds text_search matches does not block a graph-only rename …
  const onlyText = { ...APP_FILES, 'src/other.ts': APP_FILES['src/other.ts'] + '\n// formatDate again' };
  const s2 = memorySnapshot({ graph: f.graph, refs: f.refs, files: onlyText, indexedFiles: APP_FILES });
  s2.host.writeFiles = async (c) => { writes.push(c); };
  const res = await rename({ symbol_uid: FORMAT, new_name: 'fmt', dry_run: false }, s2);
  t.true(res.applied);
  t.deepEqual((writes.pop() as Array<{ path: string }>).map((w) => w.path), ['src/format.ts', 'src/view.tsx']);
  // … but it does when text_search edits are to be written.
  const err = await t.throwsAsync(rename({ symbol_uid: FORMAT, new_name: 'fmt', include_text_search: true }, s2));
  t.is((err as CodegraphError).code, 'STALE_INDEX');
  t.deepEqual(writes, []);
});

test('apply on a read-only host is refused clearly', async (t) => {
  const f = appFixture();
  const s = memorySnapshot({ graph: f.graph, refs: f.refs, files: { ...f.files } });
  const err = await t.throwsAsync(rename({ symbol_uid: FORMAT, new_name: 'fmt', dry_run: false }, s));
  t.is((err as CodegraphError).code, 'RENAME_REFUSED');
  t.regex(err!.message, /read-only/);
});

test('a computed or quoted member name cannot be renamed', async (t) => {
  const f = new Fixture({ 'o.ts': 'class O {\n  [Symbol.iterator]() { return this; }\n}\n' });
  f.symbol({ label: 'Class', file: 'o.ts', qn: 'O', line: 1, endLine: 3 });
  f.symbol({ label: 'Method', file: 'o.ts', qn: 'O.[Symbol.iterator]', line: 2 });
  const s = memorySnapshot({ graph: f.graph, refs: f.refs, files: f.files });
  const err = await t.throwsAsync(rename({ symbol_uid: 'Method:o.ts:O.[Symbol.iterator]', new_name: 'iterate' }, s));
  t.is((err as CodegraphError).code, 'RENAME_REFUSED');
  t.regex(err!.message, /computed or quoted member name/);
});
