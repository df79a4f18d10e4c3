/**
 * `query` names a type declared in parts once among its definitions: Rust's `impl` blocks stand for their struct,
 * Ruby's reopened classes and modules for one declaration (the one in the file named after the type). Types of one
 * name that are distinct (two TypeScript interfaces in two files) stay two.
 */
import test from 'ava';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSnapshotInMemory } from '../../lib/analyze/index.ts';
import { runQuery, type QueryResponse } from '../../handlers/query.ts';
import { tempDir, writeTree } from '../analyze/_helpers.ts';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');

async function definitionsOf(dir: string, q: string): Promise<QueryResponse['definitions']> {
  const snapshot = await buildSnapshotInMemory(dir, { workers: 0 });
  const r = await runQuery({ query: q, limit: 5, max_symbols: 50, include_content: false } as Parameters<typeof runQuery>[0], snapshot);
  return r.definitions;
}

const named = (defs: QueryResponse['definitions'], name: string) => defs.filter((d) => d.name === name && d.type === 'Class').map((d) => d.uid);

test('a Rust struct with impl blocks in several files is one definition, the struct itself', async (t) => {
  const defs = await definitionsOf(path.join(FIXTURES, 'rust', 'impl-modules'), 'Identifier');
  t.deepEqual(named(defs, 'Identifier'), ['Class:src/identifier.rs:Identifier']);
  const pre = await definitionsOf(path.join(FIXTURES, 'rust', 'impl-modules'), 'Prerelease');
  t.deepEqual(named(pre, 'Prerelease'), ['Class:src/lib.rs:Prerelease']);
});

test('a Ruby module reopened in many files is one definition, in the file named after it', async (t) => {
  const defs = await definitionsOf(path.join(FIXTURES, 'ruby', 'gem'), 'Shop');
  t.deepEqual(named(defs, 'Shop'), ['Class:lib/shop.rb:Shop']);
  const cart = await definitionsOf(path.join(FIXTURES, 'ruby', 'gem'), 'Cart');
  t.is(named(cart, 'Cart').length, 1);
});

test('two TypeScript types of one name in two files stay two definitions', async (t) => {
  const root = tempDir('cg-qparts-');
  writeTree(root, {
    'src/a.ts': 'export interface Settings { retries: number }\n',
    'src/b.ts': 'export interface Settings { colour: string }\n',
  });
  const defs = await definitionsOf(root, 'Settings');
  t.deepEqual(defs.filter((d) => d.name === 'Settings').map((d) => d.uid).sort(), ['Interface:src/a.ts:Settings', 'Interface:src/b.ts:Settings']);
});
