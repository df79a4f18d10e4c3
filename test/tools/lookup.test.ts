import test from 'ava';
import type { CodeGraph } from '../../lib/graph/code-graph.ts';
import { GraphBuilder } from '../../lib/graph/builder.ts';
import type { GraphNode } from '../../lib/graph/schema.ts';
import { lookupSymbol, requireSymbol, closeNames, qualifiedNameOf, pathMatches } from '../../lib/symbols/lookup.ts';
import { isTestFile } from '../../lib/symbols/test-files.ts';
import { CodegraphError } from '../../lib/errors.ts';

function graph(): CodeGraph {
  const g = new GraphBuilder();
  const add = (n: { label: GraphNode['label']; name: string; filePath: string; line: number; exported?: boolean; kind?: string; q?: string }) => {
    const { q = n.name, ...rest } = n;
    g.addNode({ ...rest, uid: `${n.label}:${n.filePath}:${q}`, qualifiedName: q });
  };
  add({ label: 'Class', name: 'UserService', filePath: 'src/auth/service.ts', line: 3, exported: true });
  add({ label: 'Method', name: 'validate', q: 'UserService.validate', filePath: 'src/auth/service.ts', line: 10 });
  add({ label: 'Method', name: 'validate', q: 'OrderService.validate', filePath: 'src/orders/service.ts', line: 20 });
  add({ label: 'Function', name: 'validate', filePath: 'src/util/validate.ts', line: 1, exported: true });
  add({ label: 'Function', name: 'validate', filePath: 'test/validate.test.ts', line: 5, exported: true });
  add({ label: 'Function', name: 'validate', filePath: 'src/internal/check.ts', line: 7, exported: false });
  add({ label: 'Function', name: 'parseConfig', filePath: 'src/config.ts', line: 2, exported: true, kind: 'arrow_function' });
  add({ label: 'Interface', name: 'Config', filePath: 'src/config.ts', line: 1, exported: true });
  add({ label: 'Variable', name: 'Config', filePath: 'src/config.ts', line: 9, exported: true });
  g.addNode({ uid: 'File:src/config.ts', label: 'File', name: 'config.ts', filePath: 'src/config.ts' });
  return g.toGraph();
}

test('uid lookup is exact and wins over the other fields', (t) => {
  const g = graph();
  const r = lookupSymbol(g, { uid: 'Method:src/auth/service.ts:UserService.validate', name: 'nothing', kind: 'Class' });
  t.is(r.status, 'found');
  t.is(r.status === 'found' && r.node.qualifiedName, 'UserService.validate');
});

test('a unique name is found; a uid typed into the name field too', (t) => {
  const g = graph();
  const r = lookupSymbol(g, { name: 'parseConfig' });
  t.true(r.status === 'found' && r.node.uid === 'Function:src/config.ts:parseConfig');
  const u = lookupSymbol(g, { name: 'Class:src/auth/service.ts:UserService' });
  t.true(u.status === 'found' && u.node.name === 'UserService');
});

test('several matches are ambiguous, ranked exported non-test top-level first, then by path', (t) => {
  const r = lookupSymbol(graph(), { name: 'validate' });
  if (r.status !== 'ambiguous') return t.fail();
  t.deepEqual(r.candidates.map((c) => c.uid), [
    'Function:src/util/validate.ts:validate',            // exact, non-test, exported
    'Function:src/internal/check.ts:validate',           // exact, non-test, not exported
    'Method:src/auth/service.ts:UserService.validate',   // member (by path)
    'Method:src/orders/service.ts:OrderService.validate',
    'Function:test/validate.test.ts:validate',           // test file last
  ]);
  t.regex(r.message, /5 symbols match 'validate'/);
  t.deepEqual(Object.keys(r.candidates[0]).slice(0, 5), ['uid', 'name', 'type', 'filePath', 'line']);
});

test('file_path narrows by suffix, relative or absolute; kind narrows by label or language kind', (t) => {
  const g = graph();
  for (const filePath of ['auth/service.ts', 'src/auth/service.ts', './src/auth/service.ts', '/home/me/repo/src/auth/service.ts', 'src\\auth\\service.ts']) {
    const r = lookupSymbol(g, { name: 'validate', filePath });
    t.true(r.status === 'found' && r.node.uid === 'Method:src/auth/service.ts:UserService.validate', filePath);
  }
  // 'service.ts' is a suffix of two files: still ambiguous between the two methods.
  const two = lookupSymbol(g, { name: 'validate', filePath: 'service.ts' });
  t.true(two.status === 'ambiguous' && two.candidates.length === 2);
  // 'ice.ts' is not at a '/' boundary.
  t.throws(() => lookupSymbol(g, { name: 'validate', filePath: 'ice.ts' }), { code: 'SYMBOL_NOT_FOUND' } as never);
  const c = lookupSymbol(g, { name: 'Config', kind: 'interface' });
  t.true(c.status === 'found' && c.node.label === 'Interface');
  const k = lookupSymbol(g, { name: 'parseConfig', kind: 'arrow_function' });
  t.is(k.status, 'found');
});

test('qualified names find methods; an exact qualified match beats suffix matches', (t) => {
  const g = graph();
  const r = lookupSymbol(g, { name: 'UserService.validate' });
  t.true(r.status === 'found' && r.node.filePath === 'src/auth/service.ts');
  t.throws(() => lookupSymbol(g, { name: 'NoService.validate' }), { code: 'SYMBOL_NOT_FOUND' } as never);
  // Suffix: `ns.UserService.validate` would match `UserService.validate` queries too.
  g.addNode('Method:src/ns.ts:ns.UserService.validate', { uid: 'Method:src/ns.ts:ns.UserService.validate', label: 'Method', name: 'validate', filePath: 'src/ns.ts', qualifiedName: 'ns.UserService.validate', line: 4 });
  const again = lookupSymbol(g, { name: 'UserService.validate' });
  t.true(again.status === 'found' && again.node.filePath === 'src/auth/service.ts');
  const ns = lookupSymbol(g, { name: 'ns.UserService.validate' });
  t.true(ns.status === 'found' && ns.node.filePath === 'src/ns.ts');
});

test('no match: SYMBOL_NOT_FOUND carrying close names by case, substring and edit distance', (t) => {
  const g = graph();
  const e1 = t.throws(() => lookupSymbol(g, { name: 'parseconfg' })) as CodegraphError;
  t.is(e1.code, 'SYMBOL_NOT_FOUND');
  t.regex(e1.message, /did you mean: parseConfig \(Function, src\/config.ts:2\)/);
  const d1 = e1.details as { suggestions: { name: string }[]; query: object };
  t.is(d1.suggestions[0].name, 'parseConfig');
  t.deepEqual(d1.query, { name: 'parseconfg' });
  const e2 = t.throws(() => lookupSymbol(g, { name: 'Service' })) as CodegraphError;
  t.deepEqual((e2.details as { suggestions: { name: string }[] }).suggestions.map((s) => s.name), ['UserService']);
  const e3 = t.throws(() => lookupSymbol(g, { name: 'zzzzzzzz' })) as CodegraphError;
  t.deepEqual((e3.details as { suggestions: unknown[] }).suggestions, []);
  t.notRegex(e3.message, /did you mean/);
  // The right name in the wrong file suggests where it does live.
  const e4 = t.throws(() => lookupSymbol(g, { name: 'parseConfig', filePath: 'src/other.ts' })) as CodegraphError;
  t.regex(e4.message, /'parseConfig' in 'src\/other.ts' not found; did you mean: parseConfig \(Function, src\/config.ts:2\)/);
  const e5 = t.throws(() => lookupSymbol(g, { uid: 'Function:src/config.ts:parseConfg' })) as CodegraphError;
  t.is(e5.code, 'SYMBOL_NOT_FOUND');
  t.regex(e5.message, /parseConfig/);
});

test('neither uid nor name is a validation error; requireSymbol turns ambiguity into an error with candidates', (t) => {
  const g = graph();
  t.throws(() => lookupSymbol(g, {}), { code: 'VALIDATION_ERROR' } as never);
  const e = t.throws(() => requireSymbol(g, { name: 'validate' })) as CodegraphError;
  t.is((e.details as { candidates: unknown[] }).candidates.length, 5);
  t.is(requireSymbol(g, { name: 'UserService' }).label, 'Class');
});

test('a file can be looked up by path when no symbol has that name', (t) => {
  const r = lookupSymbol(graph(), { name: 'src/config.ts' });
  t.true(r.status === 'found' && r.node.label === 'File');
});

test('lookup tables follow a graph that grows (tests only) and close names stay bounded', (t) => {
  const g = graph();
  t.throws(() => lookupSymbol(g, { name: 'lateComer' }));
  g.addNode('Function:src/late.ts:lateComer', { uid: 'Function:src/late.ts:lateComer', label: 'Function', name: 'lateComer', filePath: 'src/late.ts', line: 1 });
  t.is(lookupSymbol(g, { name: 'lateComer' }).status, 'found');
  t.true(closeNames(g, 'validat').length <= 5);
});

test('helpers: qualified names from uids, path matching, test files', (t) => {
  t.is(qualifiedNameOf({ uid: 'Method:a/b.ts:A.m#2', label: 'Method', name: 'm', filePath: 'a/b.ts' }), 'A.m');
  t.is(qualifiedNameOf({ uid: 'weird', label: 'Function', name: 'f' }), 'f');
  t.true(pathMatches('src/a.ts', 'a.ts'));
  t.false(pathMatches('src/ba.ts', 'a.ts'));
  t.false(pathMatches(undefined, 'a.ts'));
  for (const p of ['a.test.ts', 'src/a.spec.tsx', 'src/__tests__/a.ts', 'test/a.ts', 'pkg/tests/x.js', 'spec/x.ts']) t.true(isTestFile(p), p);
  for (const p of ['src/a.ts', 'src/testing/a.ts', 'src/contest/a.ts', 'latest.ts']) t.false(isTestFile(p), p);
});

test("a type's name finds the type, not its constructors (methods named like the type in it)", (t) => {
  const g = new GraphBuilder();
  const add = (label: GraphNode['label'], name: string, q: string, filePath: string, line: number, suffix = '') =>
    g.addNode({ uid: `${label}:${filePath}:${q}${suffix}`, label, name, qualifiedName: q, filePath, line, exported: true });
  add('Class', 'Element', 'Element', 'src/nodes/Element.java', 10);
  add('Method', 'Element', 'Element.Element', 'src/nodes/Element.java', 20);
  add('Method', 'Element', 'Element.Element', 'src/nodes/Element.java', 30, '#2');
  // (C++ defines one out of its class's file)
  add('Method', 'Node', 'Node.Node', 'src/node.cpp', 3);
  add('Class', 'Node', 'Node', 'src/node.h', 1);
  add('Class', 'Builder', 'Builder', 'src/Builder.java', 1);
  // a method of another type that happens to share the name stays a candidate
  add('Method', 'Builder', 'Factory.Builder', 'src/Factory.java', 5);
  const graph = g.toGraph();
  const r = lookupSymbol(graph, { name: 'Element' });
  t.true(r.status === 'found' && r.node.uid === 'Class:src/nodes/Element.java:Element');
  // the constructors are still found when asked for
  const ctor = lookupSymbol(graph, { name: 'Element', kind: 'Method' });
  t.is(ctor.status, 'ambiguous');
  t.deepEqual(ctor.status === 'ambiguous' && ctor.candidates.map((c) => c.uid), ['Method:src/nodes/Element.java:Element.Element', 'Method:src/nodes/Element.java:Element.Element#2']);
  const node = lookupSymbol(graph, { name: 'Node' });
  t.true(node.status === 'found' && node.node.uid === 'Class:src/node.h:Node');
  const other = lookupSymbol(graph, { name: 'Builder' });
  t.deepEqual(other.status === 'ambiguous' && other.candidates.map((c) => c.uid), ['Class:src/Builder.java:Builder', 'Method:src/Factory.java:Factory.Builder']);
});

test("a type's name finds the type, not the blocks that add to it (Rust's impls, Swift's extensions)", (t) => {
  const g = new GraphBuilder();
  const add = (uid: string, name: string, kind: string, language: string, filePath: string, line: number) =>
    g.addNode({ uid, label: 'Class', name, qualifiedName: name, kind, language, filePath, line, exported: true });
  add('Class:src/lib.rs:Error', 'Error', 'struct', 'rust', 'src/lib.rs', 390);
  add('Class:src/error.rs:Error', 'Error', 'impl', 'rust', 'src/error.rs', 19);
  add('Class:src/error.rs:Error#2', 'Error', 'impl', 'rust', 'src/error.rs', 674);
  add('Class:Sources/JSON.swift:JSON', 'JSON', 'struct', 'swift', 'Sources/JSON.swift', 3);
  add('Class:Sources/Codable.swift:JSON', 'JSON', 'extension', 'swift', 'Sources/Codable.swift', 1);
  // an impl of a type declared outside the project: nothing else to answer with, so it stays a candidate
  add('Class:src/ext.rs:Vec', 'Vec', 'impl', 'rust', 'src/ext.rs', 1);
  const graph = g.toGraph();
  const r = lookupSymbol(graph, { name: 'Error' });
  t.true(r.status === 'found' && r.node.uid === 'Class:src/lib.rs:Error');
  const s = lookupSymbol(graph, { name: 'JSON' });
  t.true(s.status === 'found' && s.node.uid === 'Class:Sources/JSON.swift:JSON');
  const v = lookupSymbol(graph, { name: 'Vec' });
  t.true(v.status === 'found' && v.node.uid === 'Class:src/ext.rs:Vec');
  const impls = lookupSymbol(graph, { name: 'Error', kind: 'impl' });
  t.deepEqual(impls.status === 'ambiguous' && impls.candidates.map((c) => c.uid), ['Class:src/error.rs:Error', 'Class:src/error.rs:Error#2']);
});

test("a type's name finds the type, not the typedef declared with it (C's typedef struct X {…} X;)", (t) => {
  const g = new GraphBuilder();
  const add = (label: GraphNode['label'], name: string, filePath: string, line: number, endLine: number) =>
    g.addNode({ uid: `${label}:${filePath}:${name}`, label, name, qualifiedName: name, language: 'c', filePath, line, endLine, exported: true });
  add('Class', 'cJSON', 'cJSON.h', 103, 123);
  add('TypeAlias', 'cJSON', 'cJSON.h', 123, 123);
  // an alias of the same name declared apart from the struct is another declaration: still a candidate
  add('Class', 'node', 'list.h', 3, 6);
  add('TypeAlias', 'node', 'tree.h', 9, 9);
  const graph = g.toGraph();
  const r = lookupSymbol(graph, { name: 'cJSON' });
  t.true(r.status === 'found' && r.node.uid === 'Class:cJSON.h:cJSON');
  t.is(lookupSymbol(graph, { name: 'node' }).status, 'ambiguous');
  const alias = lookupSymbol(graph, { name: 'cJSON', kind: 'TypeAlias' });
  t.true(alias.status === 'found' && alias.node.uid === 'TypeAlias:cJSON.h:cJSON');
});

test('a name shared by a namespace and a class finds the class (namespace declarations are no rivals)', (t) => {
  const g = new GraphBuilder();
  const add = (uid: string, label: GraphNode['label'], kind: string, filePath: string, line: number) =>
    g.addNode({ uid, label, name: 'Dotenv', qualifiedName: 'Dotenv', kind, language: 'php', filePath, line, exported: true });
  add('Variable:src/Dotenv.php:Dotenv', 'Variable', 'namespace', 'src/Dotenv.php', 5);
  add('Class:src/Dotenv.php:Dotenv', 'Class', 'class', 'src/Dotenv.php', 20);
  add('Variable:src/Validator.php:Dotenv', 'Variable', 'namespace', 'src/Validator.php', 5);
  const graph = g.toGraph();
  const r = lookupSymbol(graph, { name: 'Dotenv' });
  t.true(r.status === 'found' && r.node.uid === 'Class:src/Dotenv.php:Dotenv');
  const ns = lookupSymbol(graph, { name: 'Dotenv', kind: 'namespace' });
  t.is(ns.status, 'ambiguous');
});
