import test from 'ava';
import { rename } from '../../handlers/rename.ts';
import { memorySnapshot } from '../helpers/memory-snapshot.ts';
import { APP_FILES, FORMAT, OTHER, STAMP, WHEN, appFixture } from './fixture-app.ts';
import { editList } from './helpers.ts';
import type { RenameResponse } from '../../lib/rename/types.ts';

function snap(files = APP_FILES, indexedFiles?: Record<string, string>) {
  const f = appFixture(indexedFiles ?? files);
  return memorySnapshot({ graph: f.graph, refs: f.refs, files: { ...files }, indexedFiles });
}

test('graph edits cover declaration, re-export, shorthand, imports and calls; aliases keep their names', async (t) => {
  const res = await rename({ symbol_uid: FORMAT, new_name: 'formatStamp' }, snap());
  const graph = editList(res).filter((e) => e.endsWith('(graph)'));
  t.deepEqual(graph, [
    'src/format.ts:2:17 formatDate→formatStamp (graph)',
    'src/format.ts:5:10 formatDate→formatStamp (graph)',          // export { formatStamp as publicFormat }
    'src/format.ts:6:27 formatDate→formatDate: formatStamp (graph)', // shorthand keeps the property name
    'src/view.tsx:1:10 formatDate→formatStamp (graph)',
    'src/view.tsx:2:10 formatDate→formatStamp (graph)',            // import { formatStamp as fd }
    'src/view.tsx:5:17 formatDate→formatStamp (graph)',
  ]);
  t.false(res.applied);
  t.is(res.applied_edits, 0);
  t.deepEqual(res.symbol, { uid: FORMAT, name: 'formatDate', type: 'Function', filePath: 'src/format.ts', line: 2 });
  t.deepEqual(res.changes.find((c) => c.file_path === 'src/format.ts')!.edits.map((e) => e.kind ?? null), [null, 'definition', 'export', 'shorthand']);
});

test('text_search finds whole words in comments, strings, docs and config, never known other symbols', async (t) => {
  const res = await rename({ symbol_name: 'formatDate', file_path: 'src/format.ts', new_name: 'formatStamp' }, snap());
  const text = editList(res).filter((e) => e.endsWith('(text_search)'));
  t.deepEqual(text, [
    'README.md:1:7 formatDate→formatStamp (text_search)',
    'config/app.json:1:17 formatDate→formatStamp (text_search)',
    'src/format.ts:1:5 formatDate→formatStamp (text_search)',
    'src/other.ts:1:16 formatDate→formatStamp (text_search)', // the comment; line 2 declares another symbol
    'src/view.tsx:6:8 formatDate→formatStamp (text_search)',
  ]);
  const readme = res.changes.find((c) => c.file_path === 'README.md')!.edits[0];
  t.is(readme.context, 'Call `formatDate` to format.');
  t.false(readme.apply);
  // CRLF lines: the context has no trailing carriage return.
  t.is(res.changes.find((c) => c.file_path === 'src/other.ts')!.edits[0].context, '// a different formatDate, same name');
});

test('summary totals equal the edits listed, in file/line/column order', async (t) => {
  const res: RenameResponse = await rename({ symbol_uid: FORMAT, new_name: 'formatStamp' }, snap());
  const edits = res.changes.flatMap((c) => c.edits);
  t.is(res.summary.totalEdits, edits.length);
  t.is(res.summary.graphEdits, edits.filter((e) => e.confidence === 'graph').length);
  t.is(res.summary.textSearchEdits, edits.filter((e) => e.confidence === 'text_search').length);
  t.is(res.summary.filesAffected, res.changes.length);
  t.is(res.summary.editsToApply, 6);
  t.is(res.summary.filesToWrite, 2);
  t.deepEqual(res.changes.map((c) => c.file_path), [...res.changes.map((c) => c.file_path)].sort());
  for (const c of res.changes) {
    const pos = c.edits.map((e) => [e.line, e.column]);
    t.deepEqual(pos, [...pos].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    t.true(c.edits.length > 0);
  }
  const withText = await rename({ symbol_uid: FORMAT, new_name: 'formatStamp', include_text_search: true }, snap());
  t.is(withText.summary.editsToApply, withText.summary.totalEdits);
  t.true(withText.changes.every((c) => c.edits.every((e) => e.apply)));
});

test('JSX opening and closing tags and type references are graph edits', async (t) => {
  const res = await rename({ symbol_uid: STAMP, new_name: 'TimeStamp' }, snap());
  t.deepEqual(editList(res), [
    'src/view.tsx:7:11 Stamp→TimeStamp (graph)',
    'src/view.tsx:7:42 Stamp→TimeStamp (graph)',
    'src/view.tsx:9:17 Stamp→TimeStamp (graph)',
  ]);
  const when = await rename({ symbol_uid: WHEN, new_name: 'Moment' }, snap());
  t.deepEqual(editList(when).filter((e) => e.endsWith('(graph)')).map((e) => e.split(' ')[0]), [
    'src/format.ts:2:31', 'src/format.ts:7:18', 'src/view.tsx:3:15', 'src/view.tsx:4:37',
  ]);
});

test('the other symbol of the same name renames on its own, with CRLF files', async (t) => {
  const res = await rename({ symbol_uid: OTHER, new_name: 'formatNumber' }, snap());
  t.deepEqual(editList(res).filter((e) => e.endsWith('(graph)')), ['src/other.ts:2:17 formatDate→formatNumber (graph)']);
});

test('a name-only guess in the reference index is a text_search edit, never a graph edit', async (t) => {
  const f = appFixture();
  const files = { ...APP_FILES, 'src/dyn.js': 'const m = load();\nm.formatDate(1);\n' };
  f.files['src/dyn.js'] = files['src/dyn.js'];
  f.ref(FORMAT, 'src/dyn.js', 'formatDate', 0, 'call').confidence = 0.3;
  f.refs[f.refs.length - 1].reason = 'name-only';
  const s = memorySnapshot({ graph: f.graph, refs: f.refs, files });
  const res = await rename({ symbol_uid: FORMAT, new_name: 'formatStamp' }, s);
  t.true(editList(res).includes('src/dyn.js:2:3 formatDate→formatStamp (text_search)'));
  t.is(res.summary.graphEdits, 6);
  t.regex(res.warnings.join('\n'), /1 low-confidence \(name-only\) reference/);
});
