/**
 * A stub file beside its module (test/fixtures/python/stubs: `pkg/m.pyi` beside `pkg/m.py`, `pkg/__init__.pyi`
 * beside `pkg/__init__.py`) declares the module's names again for type checkers: a qualified name declared in both
 * is one symbol to rename (both declarations and every reference, `tied_symbols` says so), and `context` / `impact`
 * of either declaration reach the module's callers.
 */
import test from 'ava';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSnapshotInMemory } from '../../lib/analyze/index.ts';
import type { Snapshot } from '../../index-store/snapshot.ts';
import { context } from '../../handlers/context.ts';
import { impact } from '../../handlers/impact.ts';
import { rename } from '../../handlers/rename.ts';
import { editList } from '../rename/helpers.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'python', 'stubs');
let snapshot: Snapshot;

test.before(async () => {
  snapshot = await buildSnapshotInMemory(FIXTURE, { workers: 0 });
});

type Preview = Parameters<typeof editList>[0] & { symbol: { uid: string }; tied_symbols: Array<{ uid: string }> };

test('rename: a method renames its stub declaration and every caller, from either file', async (t) => {
  for (const file_path of ['pkg/m.py', 'pkg/m.pyi']) {
    const res = await rename({ symbol_name: 'Headers.to_wsgi_list', file_path, new_name: 'to_wsgi' }, snapshot) as Preview;
    const other = file_path === 'pkg/m.py' ? 'pkg/m.pyi' : 'pkg/m.py';
    t.deepEqual(res.tied_symbols.map((s) => s.uid), [`Method:${other}:Headers.to_wsgi_list`], file_path);
    // (the fixture's `# ^ call …` comments add text_search edits of their own)
    t.deepEqual(editList(res).filter((e) => e.endsWith('(graph)')), [
      'pkg/m.py:5:9 to_wsgi_list→to_wsgi (graph)',
      'pkg/m.pyi:5:9 to_wsgi_list→to_wsgi (graph)',
      'use.py:6:14 to_wsgi_list→to_wsgi (graph)',
      'use.py:13:20 to_wsgi_list→to_wsgi (graph)',
    ], file_path);
  }
});

test('rename: the stub\'s overload signatures, a package\'s __init__.pyi, and a name without a file are one symbol', async (t) => {
  const parse = await rename({ symbol_name: 'parse', new_name: 'parse_text' }, snapshot) as Preview;
  t.is(parse.symbol.uid, 'Function:pkg/m.py:parse');
  t.deepEqual(parse.tied_symbols.map((s) => s.uid), ['Function:pkg/m.pyi:parse', 'Function:pkg/m.pyi:parse#2']);
  t.deepEqual(editList(parse).filter((e) => e.startsWith('pkg/')), [
    'pkg/m.py:13:5 parse→parse_text (graph)',
    'pkg/m.pyi:9:5 parse→parse_text (graph)',
    'pkg/m.pyi:11:5 parse→parse_text (graph)',
  ]);
  const version = await rename({ symbol_name: 'version', file_path: 'pkg/__init__.pyi', new_name: 'release' }, snapshot) as Preview;
  t.deepEqual(version.tied_symbols.map((s) => s.uid), ['Function:pkg/__init__.py:version']);
  t.true(editList(version).includes('use.py:21:16 version→release (graph)'));
});

test('context and impact of a stub declaration reach the module\'s callers', async (t) => {
  const ctx = await context({ name: 'Headers.to_wsgi_list', file_path: 'pkg/m.pyi' }, snapshot) as { symbol: { uid: string }; incoming: { calls: Array<{ uid: string }> } };
  t.is(ctx.symbol.uid, 'Method:pkg/m.pyi:Headers.to_wsgi_list');
  t.deepEqual(ctx.incoming.calls.map((c) => c.uid).sort(), ['Function:use.py:build', 'Function:use.py:send']);
  const imp = await impact({ target: 'make_headers', file_path: 'pkg/m.pyi', direction: 'upstream' }, snapshot) as { byDepth: Record<string, Array<{ uid: string }>> };
  t.deepEqual(imp.byDepth['1'].map((x) => x.uid), ['Function:use.py:build']);
  // and the module's declaration, asked for by name alone, is one answer with its stub's
  const both = await context({ name: 'make_headers' }, snapshot) as unknown as { status: string; symbol: { uid: string }; overloads: Array<{ uid: string; callers: number }>; incoming: { calls: Array<{ uid: string }> } };
  t.is(both.status, 'found');
  t.is(both.symbol.uid, 'Function:pkg/m.py:make_headers');
  t.deepEqual(both.overloads.map((o) => [o.uid, o.callers]), [['Function:pkg/m.py:make_headers', 1], ['Function:pkg/m.pyi:make_headers', 0]]);
  t.deepEqual(both.incoming.calls.map((c) => c.uid), ['Function:use.py:build']);
  // a class too: its stub's declaration is no rival to choose from
  const cls = await impact({ target: 'Headers', direction: 'upstream' }, snapshot) as { target: { uid: string }; targetMembers: string[]; byDepth: Record<string, Array<{ uid: string }>> };
  t.is(cls.target.uid, 'Class:pkg/m.py:Headers');
  t.true(cls.targetMembers.includes('Class:pkg/m.pyi:Headers') && cls.targetMembers.includes('Method:pkg/m.pyi:Headers.to_wsgi_list'));
  t.deepEqual(cls.byDepth['1'].map((x) => x.uid).filter((u) => u.startsWith('Function:')).sort(), ['Function:pkg/m.py:make_headers', 'Function:use.py:build', 'Function:use.py:send']);
});
