/**
 * The resolver's answers must not depend on the order in which files' relations are evaluated (the prerequisite of
 * an incremental resolve, which re-resolves only some files over the same memos' inputs). Each project is resolved
 * in file order and in other orders (ResolveOptions.relationOrder: reverse, seeded shuffles); the re-assembled graph
 * (every edge with its confidence, reason, line and count), the references and the unresolved-call counts must be
 * identical.
 */
import test from 'ava';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractFile, languageOf, type FileFacts } from '../../lib/extract/index.ts';
import { loadProjectConfig, resolveProject, type ProjectConfig, type ResolveResult } from '../../lib/resolve/index.ts';
import { readCorpus } from '../../bench/parse-baseline.ts';
import { readFixture } from './harness.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = path.join(here, '..', 'fixtures', 'indexer');
const rxjsRoot = path.join(here, '..', '..', 'node_modules', 'rxjs', 'src');

/** A seeded permutation of 0..n-1 (mulberry32, Fisher–Yates). */
function shuffled(n: number, seed: number): number[] {
  let a = seed >>> 0;
  const rnd = (): number => { a = (a + 0x6d2b79f5) >>> 0; let t = a; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
  const out = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) { const j = Math.floor(rnd() * (i + 1)); [out[i], out[j]] = [out[j], out[i]]; }
  return out;
}

function orders(n: number): Array<[string, number[]]> {
  return [['reverse', Array.from({ length: n }, (_, i) => n - 1 - i)], ['shuffle1', shuffled(n, 1)], ['shuffle2', shuffled(n, 2)], ['shuffle3', shuffled(n, 3)]];
}

function project(files: Map<string, string>): { facts: () => FileFacts[]; config: ProjectConfig } {
  const list = [...files].filter(([p]) => languageOf(p));
  // fresh facts per resolve: nothing a resolve might cache on them carries over
  return { facts: () => list.map(([p, text]) => extractFile(p, text, languageOf(p)!)), config: loadProjectConfig([...files.keys()], (rel) => files.get(rel)) };
}

/** What differs between two results, per relation type and for references and unresolved counts ('' when nothing). */
function difference(a: ResolveResult, b: ResolveResult): string {
  const key = (e: { source: string; target: string; type: string }): string => `${e.type} ${e.source} -> ${e.target}`;
  const ea = new Map(a.graph.edges.map((e) => [key(e), JSON.stringify(e)]));
  const eb = new Map(b.graph.edges.map((e) => [key(e), JSON.stringify(e)]));
  const out: string[] = [];
  for (const [k, v] of ea) if (eb.get(k) !== v) out.push(`- ${v}${eb.has(k) ? `\n+ ${eb.get(k)}` : ''}`);
  for (const [k, v] of eb) if (!ea.has(k)) out.push(`+ ${v}`);
  if (JSON.stringify(a.graph.toJSON()) !== JSON.stringify(b.graph.toJSON()) && !out.length) out.push('edge order differs');
  const ra = new Set(a.refs.all.map((r) => JSON.stringify(r))), rb = new Set(b.refs.all.map((r) => JSON.stringify(r)));
  for (const r of ra) if (!rb.has(r)) out.push(`- ref ${r}`);
  for (const r of rb) if (!ra.has(r)) out.push(`+ ref ${r}`);
  if (JSON.stringify(a.refs.all) !== JSON.stringify(b.refs.all) && ra.size === rb.size && !out.some((l) => l.includes(' ref '))) out.push('reference order differs');
  if (JSON.stringify(a.unresolvedCalls) !== JSON.stringify(b.unresolvedCalls)) out.push(`unresolved ${JSON.stringify(a.unresolvedCalls)} vs ${JSON.stringify(b.unresolvedCalls)}`);
  return out.slice(0, 20).join('\n') + (out.length > 20 ? `\n… ${out.length - 20} more` : '');
}

function checkOrders(t: import('ava').ExecutionContext, name: string, files: Map<string, string>): void {
  const p = project(files);
  const base = resolveProject(p.facts(), p.config);
  const n = base.graph.nodes.filter((x) => x.label === 'File').length;
  for (const [how, order] of orders(n)) {
    const d = difference(base, resolveProject(p.facts(), p.config, { relationOrder: order }));
    t.is(d, '', `${name}, ${how}`);
  }
}

test('relationOrder keeps every edge and reference in file order', (t) => {
  const files = new Map([['a.ts', 'import { g } from "./b";\nexport function f() { g(); }\n'], ['b.ts', 'import { f } from "./a";\nexport function g() { f(); }\n']]);
  const p = project(files);
  const base = resolveProject(p.facts(), p.config);
  const reversed = resolveProject(p.facts(), p.config, { relationOrder: [1, 0] });
  t.deepEqual(JSON.parse(JSON.stringify(reversed.graph.toJSON())), JSON.parse(JSON.stringify(base.graph.toJSON())));
  t.deepEqual(reversed.refs.all, base.refs.all);
  t.throws(() => resolveProject(p.facts(), p.config, { relationOrder: [0, 0] }));
});

// `export *` in a cycle (a.ts ↔ b.ts): b exports foo through a, whichever file asks first. Asked through a first, b's
// answer used to be computed while a's was pending (the cycle guard gave "none") and kept for every later ask.
test('an export * cycle answers the same in any order', (t) => {
  checkOrders(t, 'export-star cycle', new Map([
    ['src/a.ts', 'export * from "./b";\nexport * from "./c";\n'],
    ['src/b.ts', 'export * from "./a";\n'],
    ['src/c.ts', 'export function foo() {}\n'],
    ['src/use-a.ts', 'import { foo } from "./a";\nexport function ua() { foo(); }\n'],
    ['src/use-b.ts', 'import { foo } from "./b";\nexport function ub() { foo(); }\n'],
  ]));
});

// A heritage cycle (broken code, or JavaScript's JSDoc): B extends A, A extends B and implements I, which declares m.
// B's m is I's through A; asked through A first, B's answer used to be computed while A's was pending.
test('a heritage cycle answers the same in any order', (t) => {
  checkOrders(t, 'heritage cycle', new Map([
    ['src/a.ts', 'import { B } from "./b";\nimport { I } from "./i";\nexport abstract class A extends B implements I { abstract m(): void; }\n'],
    ['src/b.ts', 'import { A } from "./a";\nexport abstract class B extends A {}\n'],
    ['src/i.ts', 'export interface I { m(): void; n(): void }\n'],
    ['src/use-a.ts', 'import { A } from "./a";\nexport function ua(a: A) { a.n(); }\n'],
    ['src/use-b.ts', 'import { B } from "./b";\nexport function ub(b: B) { b.n(); }\n'],
  ]));
});

// A chain of 60 consts each holding the one before (`const v1 = v0 || v0`), evaluated through nested derefs: the
// depth limit cuts the chain asked from its end. Asked from its middle first, the memo used to keep the middle's
// answer and hand it to the end's later question (which, asked first, would have met the limit).
test('a chain as deep as the depth limit answers the same in any order', (t) => {
  const chain = ['export class Foo { m() {} }', 'export const v0 = new Foo();'];
  for (let i = 1; i <= 60; i++) chain.push(`export const v${i} = v${i - 1} || v${i - 1};`);
  checkOrders(t, 'deep chain', new Map([
    ['src/chain.ts', chain.join('\n') + '\n'],
    ['src/deep.ts', 'import { v55 } from "./chain";\nexport function deep() { v55.m(); }\n'],
    ['src/shallow.ts', 'import { v20 } from "./chain";\nexport function shallow() { v20.m(); }\n'],
  ]));
});

test('the indexer fixtures resolve the same in any order', (t) => {
  for (const name of readdirSync(fixtures).sort()) checkOrders(t, name, readFixture(path.join(fixtures, name)));
});

test('rxjs resolves the same in any order', (t) => {
  checkOrders(t, 'rxjs', new Map(readCorpus(rxjsRoot).map((f) => [f.path, f.text])));
});
