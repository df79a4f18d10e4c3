/**
 * Looking a type up as an agent writes it: a Ruby module or class reopened in several files is one type (its
 * declaration in the file named after it), and a language's own qualifier (`Shop::Cart`, Rust's `Identifier::empty`)
 * reads as the dot of a qualified name.
 */
import test from 'ava';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSnapshotInMemory } from '../../lib/analyze/index.ts';
import { lookupSymbol } from '../../lib/symbols/lookup.ts';
import { context } from '../../handlers/context.ts';
import { impact } from '../../handlers/impact.ts';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
const uidOf = (r: ReturnType<typeof lookupSymbol>) => (r.status === 'found' ? r.node.uid : `ambiguous: ${r.candidates.map((c) => c.uid).join(', ')}`);

test('a Ruby module reopened in many files is found, in the file named after it; a class reopened likewise', async (t) => {
  const s = await buildSnapshotInMemory(path.join(FIXTURES, 'ruby', 'gem'), { workers: 0 });
  t.is(uidOf(lookupSymbol(s.graph, { name: 'Shop' })), 'Class:lib/shop.rb:Shop');
  t.is(uidOf(lookupSymbol(s.graph, { name: 'Cart' })), 'Class:lib/shop/cart.rb:Shop.Cart');
  t.is(uidOf(lookupSymbol(s.graph, { name: 'Shop::Cart' })), 'Class:lib/shop/cart.rb:Shop.Cart');
  t.is(uidOf(lookupSymbol(s.graph, { name: 'Shop::Cart', filePath: 'lib/shop/reopen.rb' })), 'Class:lib/shop/reopen.rb:Shop.Cart');
  const r = await context({ name: 'Shop' }, s) as { status: string; symbol: { uid: string } };
  t.is(r.status, 'found');
  // a method and a constant still need their own names
  t.is(uidOf(lookupSymbol(s.graph, { name: 'Shop::Cart.total' })), 'Method:lib/shop/cart.rb:Shop.Cart.total');
});

test("context and impact on a reopened Ruby class hold the members every file adds to it", async (t) => {
  const s = await buildSnapshotInMemory(path.join(FIXTURES, 'ruby', 'gem'), { workers: 0 });
  const r = await context({ name: 'Shop::Cart' }, s) as { status: string; symbol: { uid: string }; members: Array<{ uid: string }> };
  t.is(r.status, 'found');
  t.is(r.symbol.uid, 'Class:lib/shop/cart.rb:Shop.Cart');
  const members = r.members.map((m) => m.uid);
  t.true(members.includes('Method:lib/shop/cart.rb:Shop.Cart.total'));
  // `clear` is added by lib/shop/reopen.rb; the class's own file comes first
  t.true(members.includes('Method:lib/shop/reopen.rb:Shop.Cart.clear'));
  t.true(members.indexOf('Method:lib/shop/cart.rb:Shop.Cart.total') < members.indexOf('Method:lib/shop/reopen.rb:Shop.Cart.clear'));
  const i = await impact({ target: 'Shop::Cart', direction: 'upstream' }, s) as { targetMembers: string[] };
  t.true(i.targetMembers.includes('Class:lib/shop/reopen.rb:Shop.Cart'));
  t.true(i.targetMembers.includes('Method:lib/shop/reopen.rb:Shop.Cart.clear'));
});

test("a Rust path (Type::method) finds the method", async (t) => {
  const s = await buildSnapshotInMemory(path.join(FIXTURES, 'rust', 'impl-modules'), { workers: 0 });
  t.is(uidOf(lookupSymbol(s.graph, { name: 'Identifier::empty' })), uidOf(lookupSymbol(s.graph, { name: 'Identifier.empty' })));
  t.regex(uidOf(lookupSymbol(s.graph, { name: 'Identifier::empty' })), /^Method:src\/identifier\.rs:Identifier\.empty$/);
});

test('a name qualified by its namespace or package finds the symbol (C#: the namespace its file declares; Java: the folder)', async (t) => {
  const cs = await buildSnapshotInMemory(path.join(FIXTURES, 'csharp', 'app'), { workers: 0 });
  const user = uidOf(lookupSymbol(cs.graph, { name: 'User' }));
  t.is(uidOf(lookupSymbol(cs.graph, { name: 'Shop.Core.Models.User' })), user);
  t.is(uidOf(lookupSymbol(cs.graph, { name: 'Shop.Core.Models.Admin' })), uidOf(lookupSymbol(cs.graph, { name: 'Admin' })));
  // a namespace the symbol's file does not declare finds nothing
  t.throws(() => lookupSymbol(cs.graph, { name: 'Shop.Core.Services.User' }), { message: /not found/ });
  const java = await buildSnapshotInMemory(path.join(FIXTURES, 'java', 'generics'), { workers: 0 });
  t.is(uidOf(lookupSymbol(java.graph, { name: 'org.lib.Circle' })), 'Class:src/main/java/org/lib/Circle.java:Circle');
  t.throws(() => lookupSymbol(java.graph, { name: 'org.other.Circle' }), { message: /not found/ });
});

test('a Python name dotted by its module (pkg.utils.split, a package __init__: pkg.helper) finds the symbol', async (t) => {
  const py = await buildSnapshotInMemory(path.join(FIXTURES, 'python', 'dotted-names'), { workers: 0 });
  t.is(uidOf(lookupSymbol(py.graph, { name: 'pkg.utils.split' })), 'Function:src/pkg/utils.py:split');
  t.is(uidOf(lookupSymbol(py.graph, { name: 'utils.split' })), 'Function:src/pkg/utils.py:split');
  t.is(uidOf(lookupSymbol(py.graph, { name: 'pkg.text.split' })), 'Function:src/pkg/text.py:split');
  t.is(uidOf(lookupSymbol(py.graph, { name: 'pkg.text.Splitter.split' })), 'Method:src/pkg/text.py:Splitter.split');
  t.is(uidOf(lookupSymbol(py.graph, { name: 'pkg.helper' })), 'Function:src/pkg/__init__.py:helper');
  // a module that does not hold the name finds nothing; the bare name is still ambiguous
  t.throws(() => lookupSymbol(py.graph, { name: 'pkg.other.split' }), { message: /not found/ });
  t.throws(() => lookupSymbol(py.graph, { name: 'pkg.utils.helper' }), { message: /not found/ });
  t.is(lookupSymbol(py.graph, { name: 'split' }).status, 'ambiguous');
  const r = await context({ name: 'pkg.utils.split' }, py) as { status: string; incoming: { calls: Array<{ uid: string }> } };
  t.deepEqual(r.incoming.calls.map((c) => c.uid), ['Function:src/pkg/__init__.py:helper']);
});
