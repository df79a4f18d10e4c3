/**
 * Types from packages (lib/lang/typescript/package-types.ts): installed dependencies' declarations type the
 * project's values, never enter the graph, are bounded and cached, and bad manifests or declarations lose nothing.
 */
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { graphData } from '../../lib/graph/code-graph.ts';
import { PACKAGE_TYPE_LIMITS } from '../../lib/lang/typescript/package-types.ts';
import { outEdgesOf } from '../helpers/graph.ts';
import { tempDir } from '../analyze/_helpers.ts';
import { indexFixture, readFixture } from './harness.ts';

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'indexer', 'package-types');
const LEN = 'Method:src/vec.ts:Vec.len';
/** The fixture with every installed package at a version no other test used (the cache keeps packages by version). */
let versions = 0;
function fresh(): Map<string, string> {
  const tag = `-t${++versions}`;
  return new Map([...readFixture(fixture)].map(([k, v]) => [k, k.startsWith('node_modules/') && k.endsWith('package.json') ? v.replace(/"version": "([^"]+)"/, `"version": "$1${tag}"`) : v]));
}
const callsOf = (r: ReturnType<typeof indexFixture>, from: string): string[] => outEdgesOf(r.graph, from).filter((e) => e.type === 'CALLS').map((e) => e.target).sort();

test('nothing of a dependency enters the graph: no node, edge or reference under node_modules', (t) => {
  const r = indexFixture(readFixture(fixture));
  const g = graphData(r.graph);
  t.true(g.nodes.length > 0);
  t.deepEqual(g.nodes.filter((n) => (n.filePath ?? '').includes('node_modules')).map((n) => n.uid), []);
  t.deepEqual(g.edges.filter((e) => e.source.includes('node_modules') || e.target.includes('node_modules')).length, 0);
  t.deepEqual(r.refs.byFile('node_modules/@fake/state/types/atom.d.ts'), []);
  t.true(callsOf(r, 'Function:src/use.ts:positions').includes(LEN));
});

test('an import of a dependency is no IMPORTS edge: IMPORTS join files, and no file node stands for a declaration read', (t) => {
  const g = graphData(indexFixture(fresh()).graph);
  const imports = g.edges.filter((e) => e.type === 'IMPORTS');
  t.deepEqual(imports.filter((e) => !e.target.startsWith('File:') || !e.source.startsWith('File:')).map((e) => `${e.source} -> ${e.target}`), []);
  // (src/use.ts imports the installed package and its project neighbours)
  t.true(imports.some((e) => e.source === 'File:src/use.ts'));
});

test('without node_modules the same project resolves as before: package values are outside code, no guess', (t) => {
  const files = new Map([...readFixture(fixture)].filter(([p]) => !p.startsWith('node_modules/')));
  const r = indexFixture(files);
  t.false(callsOf(r, 'Function:src/use.ts:positions').includes(LEN));
  t.deepEqual(callsOf(r, 'Function:src/use.ts:positions').filter((x) => x.includes('Registry')), []);
});

test('bad manifests and declarations are skipped, nothing else is lost', (t) => {
  const files = readFixture(fixture);
  files.set('node_modules/@fake/state/package.json', '{ "name": "@fake/state", "version": ');
  files.set('node_modules/@types/legacy-lib/index.d.ts', 'export interface Wrapped<T> { unwrap(): T\nexport declare function wrap<T>(value: T): Wrapped<T>;\n)))');
  files.set('node_modules/untyped/package.json', '[1, 2]');
  const r = indexFixture(files);
  // the project's own calls are all there
  t.true(outEdgesOf(r.graph, 'Method:src/vec.ts:Vec.add').some((e) => e.target === 'Method:src/vec.ts:Vec.constructor'));
  // the unreadable package is unknown to us, as if not installed: no edge through it, no guess
  t.false(callsOf(r, 'Function:src/use.ts:positions').includes(LEN));
  t.deepEqual(callsOf(r, 'Function:src/use.ts:positions').filter((x) => x.includes('Registry')), []);
});

test('reading is bounded: files past the limits are not read', (t) => {
  const saved = { ...PACKAGE_TYPE_LIMITS };
  try {
    PACKAGE_TYPE_LIMITS.bytesPerFile = 200; // atom.d.ts is larger
    const r = indexFixture(fresh());
    t.false(callsOf(r, 'Function:src/use.ts:positions').includes(LEN)); // atom's declarations were not read
    t.true(callsOf(r, 'Function:src/use.ts:legacy').includes(LEN)); // the small @types file was
    PACKAGE_TYPE_LIMITS.bytesPerFile = saved.bytesPerFile;
    PACKAGE_TYPE_LIMITS.files = 1;
    const one = indexFixture(fresh());
    t.is(callsOf(one, 'Function:src/use.ts:legacy').includes(LEN) && callsOf(one, 'Function:src/use.ts:positions').includes(LEN), false);
  } finally {
    Object.assign(PACKAGE_TYPE_LIMITS, saved);
  }
});

test('declarations are cached by package folder, name and version: a second read parses none again', (t) => {
  const files = fresh();
  const first: string[] = [];
  indexFixture(files, (rel) => { first.push(rel); return files.get(rel); });
  const second: string[] = [];
  const r = indexFixture(files, (rel) => { second.push(rel); return files.get(rel); });
  t.true(first.includes('node_modules/@fake/state/types/atom.d.ts'));
  t.deepEqual(second.filter((p) => p.endsWith('.d.ts')), []);
  t.true(callsOf(r, 'Function:src/use.ts:positions').includes(LEN));
  // another version is another package: read again
  files.set('node_modules/@fake/state/package.json', files.get('node_modules/@fake/state/package.json')!.replace(/"version": "[^"]+"/, '"version": "9.9.9"'));
  const third: string[] = [];
  indexFixture(files, (rel) => { third.push(rel); return files.get(rel); });
  t.true(third.includes('node_modules/@fake/state/types/atom.d.ts'));
});

test('analyze reads installed declarations, and a changed dependency makes the index stale', async (t) => {
  const base = tempDir('cg-pkgtypes-');
  const root = path.join(base, 'repo');
  fs.cpSync(fixture, root, { recursive: true });
  const home = path.join(base, 'home');
  const first = await analyzeRepository(root, { home });
  t.false(first.summary.upToDate);
  const again = await analyzeRepository(root, { home });
  t.true(again.summary.upToDate);
  const manifest = path.join(root, 'node_modules/@fake/state/package.json');
  fs.writeFileSync(manifest, fs.readFileSync(manifest, 'utf8').replace('"1.0.0"', '"1.1.0"'));
  const upgraded = await analyzeRepository(root, { home });
  t.false(upgraded.summary.upToDate);
});

test('a Node built-in type is `any` to the checker without `@types/node`: an intersection with it declares no member; with it installed, the object type part does', (t) => {
  const src = [
    "import type * as http from 'http'",
    'export type Req = http.IncomingMessage & { body?: unknown }',
    'export function bodyOf(req: Req): unknown { return req.body }',
    '',
  ].join('\n');
  const targetsOf = (r: ReturnType<typeof indexFixture>) => r.refs.byFile('src/req.ts').filter((x) => x.line === 3 && x.column === 56).map((x) => x.target);
  const without = indexFixture(new Map([['src/req.ts', src]]));
  t.deepEqual(targetsOf(without), []);
  const typed = indexFixture(new Map([['src/req.ts', src], ['node_modules/@types/node/package.json', '{ "name": "@types/node", "version": "20.0.0-t" }']]));
  t.deepEqual(targetsOf(typed), ['Property:src/req.ts:Req.body']);
});
