/** Properties every indexing result must have, checked on the fixtures and on a real code base (rxjs/src). */
import test from 'ava';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type FileFacts } from '../../lib/extract/index.ts';
import { resolveProject, type ResolveResult } from '../../lib/resolve/index.ts';
import { readCorpus } from '../../bench/parse-baseline.ts';
import { indexFixture, readFixture } from './harness.ts';
import { graphData, nodeOf } from '../../lib/graph/code-graph.ts';
import { extractFile, languageOf, loadProjectConfig, defaultProjectConfig } from '../../lib/lang/index.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = path.join(here, '..', 'fixtures', 'indexer');
const rxjsRoot = path.join(here, '..', '..', 'node_modules', 'rxjs', 'src');

function extractAll(files: Map<string, string>): FileFacts[] {
  return [...files].filter(([p]) => languageOf(p)).map(([p, text]) => extractFile(p, text, languageOf(p)!));
}

let rxjs: { files: Map<string, string>; facts: FileFacts[]; result: ResolveResult } | undefined;
function rxjsIndex(): NonNullable<typeof rxjs> {
  if (!rxjs) {
    const files = new Map(readCorpus(rxjsRoot).map((f) => [f.path, f.text]));
    const facts = extractAll(files);
    rxjs = { files, facts, result: resolveProject(facts, loadProjectConfig([...files.keys()], () => undefined)) };
  }
  return rxjs;
}

/** Every reference must point at text that spells the target's name: rename writes exactly there. */
function checkReferenceText(t: import('ava').ExecutionContext, files: Map<string, string>, r: ResolveResult): number {
  const lines = new Map<string, string[]>();
  let checked = 0;
  const bad: string[] = [];
  for (const ref of r.refs.all) {
    let ls = lines.get(ref.filePath);
    if (!ls) lines.set(ref.filePath, (ls = files.get(ref.filePath)!.split('\n')));
    const text = ls[ref.line - 1].slice(ref.column - 1, ref.column - 1 + ref.length);
    const name = nodeOf(r.graph, ref.target)!.name;
    if (text !== name) bad.push(`${ref.filePath}:${ref.line}:${ref.column} ${ref.kind} reads "${text}", target ${ref.target}`);
    checked++;
  }
  t.deepEqual(bad.slice(0, 10), []);
  return checked;
}

test('every reference spans its target name exactly (fixtures, non-ASCII lines included)', (t) => {
  let n = 0;
  for (const name of readdirSync(fixtures)) {
    const files = readFixture(path.join(fixtures, name));
    n += checkReferenceText(t, files, indexFixture(files));
  }
  t.true(n > 100);
});

test('every reference spans its target name exactly (rxjs/src)', (t) => {
  const { files, result } = rxjsIndex();
  t.true(checkReferenceText(t, files, result) > 3000);
});

test('the reference index is ordered by file, line, column and every reference is attributed', (t) => {
  const { result } = rxjsIndex();
  const all = result.refs.all;
  for (let i = 1; i < all.length; i++) {
    const a = all[i - 1], b = all[i];
    t.true(a.filePath < b.filePath || (a.filePath === b.filePath && (a.line < b.line || (a.line === b.line && a.column <= b.column))), `${a.filePath}:${a.line}:${a.column} before ${b.filePath}:${b.line}:${b.column}`);
  }
  for (const r of all) {
    t.true(result.graph.hasNode(r.target) && result.graph.hasNode(r.from!));
    t.true(r.confidence > 0 && r.confidence <= 1);
  }
  const kinds = new Set(all.map((r) => r.kind));
  for (const k of ['definition', 'call', 'import', 'export', 'type', 'value']) t.true(kinds.has(k as never), k);
});

test('every edge carries a confidence and a reason; symbols carry the schema properties', (t) => {
  const { result } = rxjsIndex();
  for (const e of graphData(result.graph).edges) {
    t.true(e.confidence > 0 && e.confidence <= 1, `${e.type} ${e.source} → ${e.target}`);
    t.true(typeof e.reason === 'string' && e.reason.length > 0);
  }
  for (const n of graphData(result.graph).nodes) {
    if (n.label === 'Folder' || n.label === 'File') continue;
    t.true(n.line! >= 1 && n.endLine! >= n.line!, n.uid);
    t.is(typeof n.exported, 'boolean', n.uid);
    t.is(n.uid.startsWith(`${n.label}:${n.filePath}:${n.qualifiedName}`), true, n.uid);
  }
  const types = new Set(graphData(result.graph).edges.map((e) => e.type));
  for (const ty of ['CONTAINS', 'DEFINES', 'HAS_METHOD', 'IMPORTS', 'CALLS', 'EXTENDS', 'IMPLEMENTS', 'REFERENCES']) t.true(types.has(ty as never), ty);
});

test('every call site is counted once: resolved, external or unresolved', (t) => {
  const { facts, result } = rxjsIndex();
  const u = result.unresolvedCalls;
  const sites = facts.reduce((n, f) => n + f.calls.length, 0);
  t.is(u.resolved! + u.external! + u.total, sites);
  t.is(Object.values(u.byFile).reduce((a, b) => a + b, 0), u.total);
  t.true(u.nameOnly! <= u.total);
});

test('counting: externals are not unresolved project calls; name-only guesses only for a unique name', (t) => {
  const r = indexFixture(readFixture(path.join(fixtures, 'counting')));
  t.is(r.unresolvedCalls.byFile['src/main.ts'], 5); // four in work, and `job.emitOnce()` of an untyped parameter
  t.is(r.unresolvedCalls.nameOnly, 2);
  t.is(r.unresolvedCalls.external, 6); // five in main.ts, and `s.split(' ')` in lib.ts
  const guesses = graphData(r.graph).edges.filter((e) => e.reason === 'name-only');
  t.is(guesses.length, 2);
  for (const g of guesses) t.true(g.confidence <= 0.3);
});

test('facts are plain JSON: a round trip gives the same graph and references', (t) => {
  const { facts, result } = rxjsIndex();
  const copy = JSON.parse(JSON.stringify(facts)) as FileFacts[];
  t.deepEqual(copy, facts);
  const again = resolveProject(copy, defaultProjectConfig());
  t.deepEqual(again.graph.toJSON(), result.graph.toJSON());
  t.deepEqual(again.refs.toJSON(), result.refs.toJSON());
  for (const name of readdirSync(fixtures)) {
    const f = extractAll(readFixture(path.join(fixtures, name)));
    t.deepEqual(JSON.parse(JSON.stringify(f)), f, name);
  }
});

test('resolution is deterministic whatever the order of the facts', (t) => {
  const { facts, result } = rxjsIndex();
  const shuffled = [...facts].reverse();
  for (let i = 0; i < shuffled.length; i += 7) [shuffled[i], shuffled[shuffled.length - 1 - i]] = [shuffled[shuffled.length - 1 - i], shuffled[i]];
  const again = resolveProject(shuffled, defaultProjectConfig());
  t.deepEqual(again.graph.toJSON(), result.graph.toJSON());
  t.deepEqual(again.refs.toJSON(), result.refs.toJSON());
});

test('extraction is pure: the same file gives the same facts, whatever was extracted before', (t) => {
  const { files } = rxjsIndex();
  const p = 'internal/Observable.ts';
  const a = extractFile(p, files.get(p)!, 'typescript');
  extractFile('x.js', 'module.exports = function () { return this; }', 'javascript');
  extractFile('y.tsx', 'export const A = () => <div/>;', 'tsx');
  t.deepEqual(extractFile(p, files.get(p)!, 'typescript'), a);
});

test('syntax errors: the parser recovers, errors are counted, the rest is indexed', (t) => {
  const files = readFixture(path.join(fixtures, 'syntax-errors'));
  const facts = extractAll(files);
  t.true(facts[0].parseErrors > 0);
  const r = indexFixture(files);
  t.true(r.graph.hasNode('Function:src/broken.ts:before'));
  t.true(r.graph.hasNode('Function:src/broken.ts:after'));
  const clean = extractFile('ok.ts', 'export const a = 1;\n', 'typescript');
  t.is(clean.parseErrors, 0);
});

test('empty and odd inputs: no crash, no symbols', (t) => {
  for (const [p, text] of [['empty.ts', ''], ['bom.ts', '\ufeffexport const x = 1;'], ['only-comment.js', '// nothing'], ['nul.js', 'a\u0000b'], ['long.ts', 'x'.repeat(100000)]] as const) {
    const f = extractFile(p, text, languageOf(p)!);
    t.is(typeof f.lines, 'number');
    t.notThrows(() => resolveProject([f], defaultProjectConfig()));
  }
  t.is(extractFile('bom.ts', '\ufeffexport const x = 1;', 'typescript').symbols[0]?.name, 'x');
  t.is(languageOf('a.d.ts'), 'typescript');
  t.is(languageOf('a.mjs'), 'javascript');
  t.is(languageOf('a.tsx'), 'tsx');
  t.is(languageOf('a.json'), undefined);
  t.is(languageOf('Makefile'), undefined);
});

