/**
 * The call graph against the TypeScript compiler on small samples of the shapes application code is made of (values
 * through callbacks and built-ins, services and singletons, iterables and tuples, object literals typed by their
 * declaration, CommonJS with JSDoc, promise chains, JSDoc type forms, `new` of a class-typed value, type arguments written at a call, generic guards, abstract overloads, deferred conditional types):
 * test/fixtures/callgraph-samples, written before the rules that follow them. Recall is counted without name-only guesses: a
 * sample's method names are unique, so a guess would be right here where it would not be in a larger code base.
 */
import test from 'ava';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { callgraphDiff } from '../../bench/callgraph-diff.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/callgraph-samples');
const strict: ts.CompilerOptions = { target: ts.ScriptTarget.ES2022, lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'], strict: true };
const js: ts.CompilerOptions = { target: ts.ScriptTarget.ES2022, lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'], allowJs: true, checkJs: true, module: ts.ModuleKind.CommonJS, esModuleInterop: true };

const floors: Array<{ name: string; options: ts.CompilerOptions; minEdges: number; precision: number; recall: number }> = [
  { name: 'values', options: strict, minEdges: 80, precision: 1, recall: 0.95 },
  { name: 'services', options: strict, minEdges: 60, precision: 1, recall: 1 },
  { name: 'builtins', options: strict, minEdges: 40, precision: 0.97, recall: 0.95 },
  { name: 'typed-literals', options: strict, minEdges: 2, precision: 1, recall: 1 },
  { name: 'commonjs', options: js, minEdges: 15, precision: 1, recall: 1 },
  { name: 'promises', options: strict, minEdges: 10, precision: 1, recall: 1 },
  // JSDoc type forms
  { name: 'jsdoc', options: js, minEdges: 18, precision: 1, recall: 1 },
  { name: 'constructed', options: strict, minEdges: 4, precision: 1, recall: 1 },
  { name: 'type-arguments', options: strict, minEdges: 6, precision: 1, recall: 1 },
  // a generic guard whose type parameter the call's other argument binds (`is(x, Param)`: x is a Param where it held)
  { name: 'entity-guards', options: strict, minEdges: 10, precision: 1, recall: 1 },
  // abstract overloads told apart by arity: one method, whichever signature a call takes
  { name: 'abstract-overloads', options: strict, minEdges: 5, precision: 1, recall: 1 },
  // a field typed by a conditional type testing its class's own type parameter: a method of both branches
  { name: 'deferred-conditionals', options: strict, minEdges: 4, precision: 1, recall: 1 },
];

for (const f of floors) {
  test(`CALLS edges agree with the TypeScript type checker on the ${f.name} sample: precision ≥ ${f.precision}, recall without guesses ≥ ${f.recall}`, (t) => {
    const d = callgraphDiff(path.join(root, f.name), f.options);
    t.true(d.compilerEdges >= f.minEdges, `the compiler found ${d.compilerEdges} edges: the oracle itself must be working`);
    t.true(d.precision >= f.precision, `precision ${d.precision.toFixed(3)}; false positives: ${d.falsePositives.slice(0, 5).map((p) => `${p.source} → ${p.target}`).join('; ')}`);
    t.true(d.confident.recall >= f.recall, `recall without name-only ${d.confident.recall.toFixed(3)}; misses: ${d.misses.slice(0, 5).map((p) => `${p.source} → ${p.target} at ${p.site}`).join('; ')}`);
  });
}
