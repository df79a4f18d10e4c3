/**
 * Every tool answers on a Ruby repository (test/fixtures/ruby/gem, indexed by the real pipeline): context, impact
 * (through a mixin), detect_changes, rename (Ruby's method-name suffixes and constant rules), query, cypher, and
 * list_repos (its stats, from an index written by analyze).
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
import { listRepos } from '../../handlers/list_repos.ts';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { SnapshotLoader } from '../../index-store/loader.ts';
import { CodegraphError } from '../../lib/errors.ts';
import { tempDir } from '../analyze/_helpers.ts';
import fs from 'node:fs';
import { editList } from '../rename/helpers.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'ruby', 'gem');
let snapshot: Snapshot;

test.before(async () => {
  snapshot = await buildSnapshotInMemory(FIXTURE, { workers: 0 });
});

test('context: a Ruby method with its callers, across a reopened class', async (t) => {
  const r = await context({ uid: 'Method:lib/shop/cart.rb:Shop.Cart.total' }, snapshot) as { symbol: { uid: string }; incoming: { calls: Array<{ uid: string }> } };
  t.is(r.symbol.uid, 'Method:lib/shop/cart.rb:Shop.Cart.total');
  // (CsvExporter.body's `cart.total` is a name-only guess: its parameter has no type)
  t.deepEqual(r.incoming.calls.map((c) => c.uid).sort(), ['Method:lib/shop.rb:Shop.start', 'Method:lib/shop/export.rb:Shop.CsvExporter.body', 'Method:lib/shop/reopen.rb:Shop.Cart.clear']);
});

test('impact: a module method reaches the callers in the classes that include it', async (t) => {
  const r = await impact({ target: 'Method:lib/shop/pricing.rb:Shop.Pricing.gross', direction: 'upstream' }, snapshot) as { byDepth: Record<string, Array<{ uid: string }>> };
  t.true(r.byDepth['1'].some((x) => x.uid === 'Method:lib/shop/models/item.rb:Shop.Models.Item.cheap?'));
});

test('detect_changes: a diff hunk maps to the Ruby method it touches', async (t) => {
  const diff = [
    'diff --git a/lib/shop/cart.rb b/lib/shop/cart.rb', '--- a/lib/shop/cart.rb', '+++ b/lib/shop/cart.rb',
    '@@ -18,1 +18,1 @@', '-      @items.sum(&:price)', '+      @items.sum(&:price) + 1', '',
  ].join('\n');
  const r = await detectChanges({ diff }, snapshot) as { changed_symbols: Array<{ uid: string; change_type: string }> };
  t.deepEqual(r.changed_symbols.map((s) => [s.uid, s.change_type]), [['Method:lib/shop/cart.rb:Shop.Cart.total', 'modified']]);
});

test('rename: a method with a `?` suffix at its declaration and every resolved call', async (t) => {
  const res = await rename({ symbol_name: 'Method:lib/shop/cart.rb:Shop.Ledger.record', new_name: 'record!' }, snapshot);
  const graph = editList(res).filter((e) => e.endsWith('(graph)')).map((e) => e.replace(/ \(graph\)$/, ''));
  t.deepEqual(graph, ['lib/shop/cart.rb:12:15 record→record!', 'lib/shop/cart.rb:35:9 record→record!']);
});

test('rename: a method called by name through send is renamed inside the symbol; an attribute\'s setter keeps its =', async (t) => {
  const res = await rename({ symbol_name: 'Method:lib/shop/dispatch.rb:Shop.Dispatcher.prepare', new_name: 'setup' }, snapshot);
  const graph = editList(res).filter((e) => e.endsWith('(graph)')).map((e) => e.replace(/ \(graph\)$/, ''));
  t.deepEqual(graph, ['lib/shop/dispatch.rb:5:13 prepare→setup', 'lib/shop/dispatch.rb:7:17 prepare→setup', 'lib/shop/dispatch.rb:16:9 prepare→setup']);
  const attr = await rename({ symbol_name: 'Property:lib/shop/dispatch.rb:Shop.Dispatcher.level', new_name: 'depth' }, snapshot);
  const edits = editList(attr).filter((e) => e.endsWith('(graph)')).map((e) => e.replace(/ \(graph\)$/, ''));
  t.true(edits.includes('lib/shop/dispatch.rb:11:13 level→depth'), edits.join('\n'));
});

test('rename: a class is renamed at its uses and its reopened declarations', async (t) => {
  const res = await rename({ symbol_name: 'Class:lib/shop/cart.rb:Shop.Cart', new_name: 'Basket' }, snapshot);
  const graph = editList(res).filter((e) => e.endsWith('(graph)')).map((e) => e.replace(/ \(graph\)$/, ''));
  t.true(graph.includes('lib/shop/cart.rb:2:9 Cart→Basket'));
  t.true(graph.includes('lib/shop/reopen.rb:2:9 Cart→Basket'));
  t.true(graph.includes('spec/cart_spec.rb:6:18 Cart→Basket'));
});

test('rename: Ruby keywords, invalid names and a lower-case class name are refused', async (t) => {
  for (const bad of ['def', 'end', 'self', 'nil', '1abc', 'a-b', 'a?b']) {
    const e = await t.throwsAsync(rename({ symbol_name: 'Method:lib/shop/cart.rb:Shop.Ledger.record', new_name: bad }, snapshot));
    t.true(e instanceof CodegraphError, bad);
  }
  const e = await t.throwsAsync(rename({ symbol_name: 'Class:lib/shop/cart.rb:Shop.Cart', new_name: 'basket' }, snapshot));
  t.true(e instanceof CodegraphError);
});

test('query: comments above definitions are searchable', async (t) => {
  const r = await runQuery({ query: 'item for sale', limit: 5, max_symbols: 10, include_content: false }, snapshot);
  t.true(JSON.stringify(r).includes('Class:lib/shop/models/item.rb:Shop.Models.Item'));
});

test('cypher: Ruby nodes carry their language and original kind; mixins are IMPLEMENTS', async (t) => {
  const r = await cypher({ query: "MATCH (c:Class)-[r:CodeRelation {type: 'IMPLEMENTS'}]->(m) WHERE c.language = 'ruby' RETURN m.name AS name, m.kind AS kind, r.reason AS reason ORDER BY name" }, snapshot) as unknown as { rows: Array<{ name: string; kind: string; reason: string }> };
  t.deepEqual(r.rows, [
    { name: 'Audited', kind: 'module', reason: 'prepend' }, { name: 'Describable', kind: 'module', reason: 'include' }, { name: 'Pricing', kind: 'module', reason: 'include' },
  ]);
});

test('list_repos: a Ruby repository indexed by analyze, with its stats', async (t) => {
  const base = tempDir('cg-rb-list-');
  const root = path.join(base, 'shop');
  fs.cpSync(FIXTURE, root, { recursive: true });
  const home = path.join(base, 'home');
  await analyzeRepository(root, { home, name: 'shop' });
  const loader = new SnapshotLoader({ home });
  t.teardown(() => loader.close());
  const r = await listRepos({ repo: 'shop' }, loader.list());
  t.deepEqual(r.repos.map((x) => x.name), ['shop']);
  t.is(r.repos[0].stats.files, 17);
  t.true(r.repos[0].stats.nodes > 50);
});

test('flows: a Thor CLI\'s commands (public instance methods of a class below Thor or Thor::Group) are entry points', async (t) => {
  const root = tempDir();
  fs.mkdirSync(path.join(root, 'lib'), { recursive: true });
  fs.writeFileSync(path.join(root, 'lib', 'cli.rb'), [
    'require "thor"',
    'class Store', '  def self.load(name) = new', '  def save = true', 'end',
    'class CLI < Thor',
    '  desc "add NAME", "Adds a thing"',
    '  def add(name)', '    Store.load(name).save', '  end',
    '  private', '  def helper', '    Store.load("x").save', '  end',
    'end',
    'class Setup < Thor::Group', '  def create', '    Store.load("y").save', '  end', 'end',
    'class Plain', '  def add(name)', '    Store.load(name).save', '  end', 'end', '',
  ].join('\n'));
  const snap = await buildSnapshotInMemory(root, { workers: 0 });
  const r = await cypher({ query: "MATCH (p:Process) WHERE p.entryKind = 'command' RETURN p.name AS name ORDER BY name" }, snap);
  const names = r.rows.map((x) => String(x.name));
  t.true(names.some((n) => n.startsWith('CLI.add')), names.join(', '));
  t.true(names.some((n) => n.startsWith('Setup.create')), names.join(', '));
  t.false(names.some((n) => n.startsWith('CLI.helper') || n.startsWith('Plain.')), names.join(', '));
});
