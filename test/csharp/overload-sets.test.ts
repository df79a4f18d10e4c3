/**
 * A method name with several overloads in one class (test/fixtures/csharp/overloads: Writer.Write ×4, Writer.Put ×3)
 * is one answer for `context` and `impact`, not an ambiguity: every overload is listed, relations say which overload
 * they belong to, impact starts from all of them. Names of several owners stay ambiguous, the message naming the sets.
 */
import test from 'ava';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSnapshotInMemory } from '../../lib/analyze/index.ts';
import type { Snapshot } from '../../index-store/snapshot.ts';
import { context } from '../../handlers/context.ts';
import { impact } from '../../handlers/impact.ts';
import { lookupSymbol } from '../../lib/symbols/lookup.ts';
import { GraphBuilder } from '../../lib/graph/builder.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'csharp', 'overloads');
const W = 'Method:src/Log.cs:Writer';
let snapshot: Snapshot;

test.before(async () => {
  snapshot = await buildSnapshotInMemory(FIXTURE, { workers: 0 });
});

interface Found {
  status: string;
  symbol: { uid: string };
  overloads?: Array<{ uid: string; line: number; signature?: string; callers: number }>;
  incoming: { calls: Array<{ uid: string; via?: string }> };
}

test('context of an overloaded method lists every overload and says which overload each caller calls', async (t) => {
  for (const name of ['Write', 'Writer.Write']) {
    const r = await context({ name }, snapshot) as unknown as Found;
    t.is(r.status, 'found', name);
    t.is(r.symbol.uid, `${W}.Write`);
    t.deepEqual(r.overloads!.map((o) => o.uid), [`${W}.Write`, `${W}.Write#2`, `${W}.Write#3`, `${W}.Write#4`]);
    t.true(r.overloads!.every((o) => typeof o.signature === 'string' && o.signature.includes('Write')));
    t.deepEqual(r.overloads!.map((o) => o.callers), [0, 1, 1, 0]);
    t.deepEqual(r.incoming.calls.map((c) => [c.uid, c.via]), [[`${W}.Use`, `${W}.Write#2`], [`${W}.Use`, `${W}.Write#3`]]);
  }
  // one overload asked for by uid is that overload alone
  const one = await context({ uid: `${W}.Put#2` }, snapshot) as unknown as Found;
  t.is(one.overloads, undefined);
  t.deepEqual(one.incoming.calls.map((c) => c.uid), [`${W}.Use`]);
});

test('impact of an overloaded method starts from every overload', async (t) => {
  const r = await impact({ target: 'Put' }, snapshot) as unknown as { status?: string; target: { uid: string }; targetMembers: string[]; byDepth: Record<string, Array<{ uid: string; via: string }>> };
  t.is(r.status, undefined);
  t.is(r.target.uid, `${W}.Put`);
  t.deepEqual(r.targetMembers, [`${W}.Put#2`, `${W}.Put#3`]);
  t.deepEqual(r.byDepth['1'].map((x) => x.uid), [`${W}.Use`]);
});

test('a name overloaded in two owners stays ambiguous, its message naming each set of overloads', (t) => {
  const g = new GraphBuilder();
  const add = (owner: string, n: number) => {
    const file = `src/${owner}.cs`;
    g.addNode({ uid: `Class:${file}:${owner}`, label: 'Class', name: owner, qualifiedName: owner, filePath: file, line: 1, endLine: 40, language: 'csharp' });
    for (let i = 1; i <= n; i++) {
      const uid = `Method:${file}:${owner}.Parse${i > 1 ? `#${i}` : ''}`;
      g.addNode({ uid, label: 'Method', name: 'Parse', qualifiedName: `${owner}.Parse`, filePath: file, line: 1 + i, endLine: 1 + i, language: 'csharp' });
      g.addEdge({ source: `Class:${file}:${owner}`, target: uid, type: 'HAS_METHOD', confidence: 1, reason: 'contains' });
    }
  };
  add('Parser', 3);
  add('Extensions', 2);
  // functions of one name in two files are no overloads of each other
  for (const file of ['src/a.js', 'src/b.js']) g.addNode({ uid: `Function:${file}:helper`, label: 'Function', name: 'helper', qualifiedName: 'helper', filePath: file, line: 1, endLine: 2, language: 'javascript' });
  const two = lookupSymbol(g.toGraph(), { name: 'helper' });
  t.is(two.status, 'ambiguous');
  if (two.status === 'ambiguous') t.is(two.message, "2 symbols match 'helper'; pass uid (or file_path / kind) to pick one");
  const r = lookupSymbol(g.toGraph(), { name: 'Parse' });
  t.is(r.status, 'ambiguous');
  if (r.status !== 'ambiguous') return;
  t.is(r.candidates.length, 5);
  t.regex(r.message, /^5 symbols match 'Parse', among them the overloads of (Extensions\.Parse \(2\) and Parser\.Parse \(3\)|Parser\.Parse \(3\) and Extensions\.Parse \(2\)); pass a qualified name/);
  // one qualified name overloaded in two files: each set names its file
  for (const file of ['test/a.test.ts', 'test/b.test.ts']) {
    for (const suffix of ['', '#2']) g.addNode({ uid: `Function:${file}:make${suffix}`, label: 'Function', name: 'make', qualifiedName: 'make', filePath: file, line: suffix ? 9 : 1, endLine: suffix ? 10 : 2, language: 'typescript' });
  }
  const twice = lookupSymbol(g.toGraph(), { name: 'make' });
  t.is(twice.status, 'ambiguous');
  if (twice.status === 'ambiguous') t.regex(twice.message, /^4 symbols match 'make', among them the overloads of make in test\/a\.test\.ts \(2\) and make in test\/b\.test\.ts \(2\); pass/);
});
