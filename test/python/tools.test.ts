/**
 * Every tool answers on a Python repository (test/fixtures/python/imports, indexed by the real pipeline): context,
 * impact, detect_changes (diff hunks to Python symbols), rename (graph edits from the reference index, `__all__` and
 * imports included; Python's keyword and identifier rules), query (docstrings searchable), cypher.
 */
import test from 'ava';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSnapshotInMemory } from '../../lib/analyze/index.ts';
import type { Snapshot } from '../../index-store/snapshot.ts';
import { context } from '../../handlers/context.ts';
import { impact } from '../../handlers/impact.ts';
import { detectChanges } from '../../handlers/detect_changes.ts';
import { rename } from '../../handlers/rename.ts';
import { runQuery } from '../../handlers/query.ts';
import { cypher } from '../../handlers/cypher.ts';
import { CodegraphError } from '../../lib/errors.ts';
import { editList } from '../rename/helpers.ts';
import { tempRepo } from '../analyze/_helpers.ts';
import { nodeOf } from '../../lib/graph/code-graph.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'python', 'imports');
let snapshot: Snapshot;

test.before(async () => {
  snapshot = await buildSnapshotInMemory(FIXTURE, { workers: 0 });
});

test('context: a Python function with its callers, callees and language', async (t) => {
  const r = await context({ name: 'make_service' }, snapshot) as { symbol: { uid: string }; incoming: { calls: Array<{ uid: string }> }; outgoing: { calls: Array<{ uid: string }> } };
  t.is(r.symbol.uid, 'Function:app/core.py:make_service');
  t.deepEqual(r.incoming.calls.map((c) => c.uid), ['Function:main.py:main']);
  t.deepEqual(r.outgoing.calls.map((c) => c.uid).sort(), ['Class:app/core.py:Service', 'Function:shared.py:shared_fn']);
  t.is(nodeOf(snapshot.graph, 'Function:app/core.py:make_service')?.language, 'python');
});

test('impact: upstream of a helper reaches its callers across packages', async (t) => {
  const r = await impact({ target: 'shared_fn', direction: 'upstream' }, snapshot) as { byDepth: Record<string, Array<{ uid: string }>> };
  const d1 = r.byDepth['1'].map((x) => x.uid).sort();
  t.deepEqual(d1, ['Function:app/core.py:make_service', 'Function:app/sub/deep.py:deep_helper']);
  t.true(r.byDepth['2'].some((x) => x.uid === 'Function:main.py:main'));
});

test('detect_changes: a diff hunk maps to the Python symbol it touches', async (t) => {
  const diff = [
    'diff --git a/app/core.py b/app/core.py', '--- a/app/core.py', '+++ b/app/core.py',
    '@@ -12,3 +12,3 @@ def make_service():', '-    shared_fn(0)', '+    shared_fn()', ' #   ^ call Function:shared.py:shared_fn', '     return Service()', '',
  ].join('\n');
  const r = await detectChanges({ diff }, snapshot) as { changed_symbols: Array<{ uid: string; change_type: string }> };
  t.deepEqual(r.changed_symbols.map((s) => [s.uid, s.change_type]), [['Function:app/core.py:make_service', 'modified']]);
  // a '#' comment line is no change of the symbol holding it
  const comment = [
    'diff --git a/app/core.py b/app/core.py', '--- a/app/core.py', '+++ b/app/core.py',
    '@@ -12,3 +12,3 @@ def make_service():', '     shared_fn()', '-#   ^ call Function:shared.py:shared_fn (old)', '+#   ^ call Function:shared.py:shared_fn', '     return Service()', '',
  ].join('\n');
  const c = await detectChanges({ diff: comment }, snapshot) as { changed_symbols: unknown[] };
  t.deepEqual(c.changed_symbols, []);
});

test('rename: graph edits cover the definition, imports, re-exports, calls and the string in __all__', async (t) => {
  const res = await rename({ symbol_name: 'make_service', new_name: 'build_service' }, snapshot);
  const graph = editList(res).filter((e) => e.endsWith('(graph)')).map((e) => e.replace(/ \(graph\)$/, ''));
  t.deepEqual(graph, [
    'app/__init__.py:2:28 make_service→build_service',  // from .core import Service, make_service
    'app/__init__.py:6:24 make_service→build_service',  // __all__ = [..., "make_service", ...]
    'app/core.py:11:5 make_service→build_service',
    'main.py:4:34 make_service→build_service',          // from app import Service, helper, make_service
    'main.py:15:5 make_service→build_service',
    'main.py:24:9 make_service→build_service',          // app.make_service()
  ]);
});

test('rename: Python keywords and invalid identifiers are refused', async (t) => {
  for (const bad of ['class', 'None', 'lambda', 'nonlocal', '1abc', 'a-b', '$svc', 'svc$', 'a.b', '']) {
    const e = await t.throwsAsync(rename({ symbol_name: 'make_service', new_name: bad }, snapshot));
    t.true(e instanceof CodegraphError, bad);
  }
  // soft keywords (match, case, type, _) may name a function; so may a non-ASCII identifier
  for (const good of ['match', 'type', 'créer_service', 'サービス']) {
    const r = await rename({ symbol_name: 'make_service', new_name: good }, snapshot) as { changes: Array<{ edits: Array<{ new_text: string }> }> };
    t.true(r.changes.length >= 3 && r.changes.every((c) => c.edits.every((e) => e.new_text === good)), good);
  }
});

test('query: docstrings and comments are searchable', async (t) => {
  const { root } = tempRepo({
    'billing/invoice.py': [
      'def settle(account):', '    """Reconcile the ledger with the payment gateway."""', '    # refunds are netted against chargebacks first',
      '    return account', '', '', 'def other():', '    return 1', '',
    ].join('\n'),
  });
  const s = await buildSnapshotInMemory(root, { workers: 0 });
  for (const q of ['reconcile ledger gateway', 'chargebacks refunds']) {
    const r = await runQuery({ query: q, limit: 5, max_symbols: 10, include_content: false }, s);
    t.true(JSON.stringify(r).includes('Function:billing/invoice.py:settle'), q);
  }
});

test('cypher: Python nodes carry their language', async (t) => {
  const r = await cypher({ query: "MATCH (f:Function) WHERE f.language = 'python' RETURN count(f) AS n" }, snapshot) as unknown as { rows: Array<{ n: number }> };
  t.true(r.rows[0].n >= 8);
  const calls = await cypher({ query: "MATCH (a)-[:CALLS]->(b:Function {name: 'hit'}) RETURN a.name AS caller" }, snapshot) as unknown as { rows: Array<{ caller: string }> };
  t.deepEqual(calls.rows.map((x) => x.caller), ['main']);
});
