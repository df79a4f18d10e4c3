/**
 * The same-length repairs for TypeScript the grammar cannot parse (lib/extract/repair.ts): what they change,
 * what they must leave alone, and that the facts still come from the original text (fixture `grammar-gaps` shows
 * the calls the repair brings back).
 */
import test from 'ava';
import { createRequire } from 'node:module';
import { parseableText } from '../../lib/lang/javascript/repair.ts';
import { parseToParts, collectParts } from '../../lib/extract/split.ts';
import { extractFile, languageRuntime } from '../../lib/lang/index.ts';

const require = createRequire(import.meta.url);

/** ERROR and MISSING nodes of a text under the TypeScript grammar (node-tree-sitter, no repair). */
function errors(text: string, tsx = false): number {
  const Parser = require('tree-sitter');
  const grammars = require('tree-sitter-typescript');
  const p = new Parser();
  p.setLanguage(tsx ? grammars.tsx : grammars.typescript);
  let n = 0;
  const walk = (node: { type: string; isMissing: boolean; children: unknown[] }): void => {
    if (node.type === 'ERROR' || node.isMissing) n++;
    for (const c of node.children) walk(c as typeof node);
  };
  walk(p.parse(text).rootNode);
  return n;
}

const SIGNATURES = `export interface Factory extends Base {
    // nameless
    <T extends Function | undefined>(fn: T): T
    // named
    <T extends Function | undefined>(name: string, fn: T): T

    (customName: string): Base
}
export function after(): void {}
`;

test('a call signature on its own line after a member without a separator gets a `;` in its indentation', (t) => {
  t.true(errors(SIGNATURES) > 0, 'the grammar fails on the text as written');
  const fixed = parseableText('typescript', SIGNATURES);
  t.is(fixed.length, SIGNATURES.length);
  t.is(errors(fixed), 0);
  t.deepEqual(fixed.split('\n').filter((l, i) => l !== SIGNATURES.split('\n')[i]), [
    ';   <T extends Function | undefined>(name: string, fn: T): T',
    ';   (customName: string): Base',
  ]);
});

test('variance annotations become spaces', (t) => {
  const text = 'export interface Api<in out Defs extends string, out R = unknown, in T> { d: Defs; r: R; t: T }\n';
  t.true(errors(text) > 0);
  const fixed = parseableText('typescript', text);
  t.is(fixed, 'export interface Api<       Defs extends string,     R = unknown,    T> { d: Defs; r: R; t: T }\n');
  t.is(errors(fixed), 0);
});

test('what the repair leaves alone: expressions, strings, comments, templates, JSX, JavaScript', (t) => {
  const untouched = [
    // a generic arrow on the line after `=`, `(`, `return`
    'export const identity =\n    <T>(x: T): T => x\n',
    'export function f() {\n  return (\n    <T>(x: T) => x\n  )\n}\n',
    'export function g() {\n  return\n  <T>(x: T) => x\n}\n',
    // a comparison and a call continued on the next line
    'const less = a\n    < b\nfoo\n  (bar)\n',
    // inside a block: a call on the next line is still a call (a signature shape there would not compile anyway)
    'function h() {\n  const x = y\n  (a)\n  const z = w\n  <T>(a)\n}\n',
    // the words inside strings, comments and templates
    'const s = "<in out T>"; // <in out T>\nconst u = `${a}<in T>${`<out R>`}`\n/* <in out T> */\n',
    // a list that is not a type parameter list
    'const xs = [a, out, b]; f(a, in_)\n',
  ];
  for (const text of untouched) t.is(parseableText('typescript', text), text, text);
  const jsx = 'export function C() {\n  return <div>\n    {x}\n    <Foo>(bar)</Foo>\n  </div>\n}\n';
  t.is(parseableText('tsx', jsx), jsx);
  t.is(parseableText('javascript', 'interface A {\n  x\n  <T>(a: T): T\n}\n'), 'interface A {\n  x\n  <T>(a: T): T\n}\n');
});

test('a file the grammar takes is parsed as it is; a repaired file keeps its own text in the facts', (t) => {
  // the repaired parse is used only when it has fewer errors; names and signatures come from the original text
  const f = extractFile('api.ts', SIGNATURES.replace('Factory extends Base', 'Factory<in out D extends string> extends Base'), 'typescript');
  t.is(f.parseErrors, 0);
  const factory = f.symbols.find((s) => s.name === 'Factory');
  t.truthy(factory);
  t.regex(factory!.signature ?? '', /in out D/);
  t.truthy(f.symbols.find((s) => s.name === 'after' && s.line === 9));
  // the two-thread halves give the same facts, also when the parts were made without the repair (native-ahead)
  const ts = languageRuntime('typescript');
  const parts = parseToParts(ts, SIGNATURES);
  t.deepEqual(collectParts(ts, 'api.ts', SIGNATURES, parts), extractFile('api.ts', SIGNATURES, 'typescript'));
  t.deepEqual(collectParts(ts, 'api.ts', SIGNATURES, { ...parts, repairTried: undefined, parseErrors: 3 }), extractFile('api.ts', SIGNATURES, 'typescript'));
});

test('`export type *` (TypeScript 5.0) loses the word `type`: no syntax error, the same re-exports', (t) => {
  const text = "export type * from './types'\nexport type * as shapes from './types';\nexport type { A } from './a'\nexport type B = A\n";
  t.true(errors(text) > 0, 'the grammar fails on the text as written');
  const fixed = parseableText('typescript', text);
  t.is(fixed, "export      * from './types'\nexport      * as shapes from './types';\nexport type { A } from './a'\nexport type B = A\n");
  t.is(errors(fixed), 0);
  const f = extractFile('index.ts', text, 'typescript');
  t.is(f.parseErrors, 0);
  t.deepEqual(f.exports.map((e) => [e.kind, 'source' in e ? e.source : undefined]), [['star', './types'], ['star-as', './types'], ['from', './a']]);
});

test('`static accessor x` loses the word `accessor`: the field keeps its name, and no field is named `accessor`', (t) => {
  const text = 'class A {\n  static accessor count = 0\n  private accessor #z = 1\n  protected accessor side: number = 2\n  accessor plain = 3\n}\nconst accessor = 1\n';
  t.true(errors(text) > 0);
  const fixed = parseableText('typescript', text);
  t.is(fixed, 'class A {\n  static          count = 0\n  private          #z = 1\n  protected          side: number = 2\n  accessor plain = 3\n}\nconst accessor = 1\n');
  t.is(errors(fixed), 0);
  const f = extractFile('a.ts', text, 'typescript');
  t.is(f.parseErrors, 0);
  t.deepEqual(f.symbols.filter((s) => s.parent === 0).map((s) => s.name).sort(), ['#z', 'count', 'plain', 'side']);
});

test('`using`, `abstract` and `accessor` as plain names get `_` for their first letter where no name follows; the facts keep their names', (t) => {
  const text = [
    'interface Meta { abstract?: boolean; accessor: string }',
    'abstract class Base {',
    '  abstract run(): void;',
    '  protected abstract size: number;',
    '  abstract: boolean = false;',
    '  accessor(name: string): string { return name }',
    '  accessor plain = 1',
    '}',
    'export function clause(using: string, fill: number): string {',
    '  const sql = `create index${using}`;',
    '  return use(using) + sql + fill;',
    '}',
    'function use(x: string): string { return x }',
    'function scoped() { using res = open(); return res.abstract }',
    'function open() { return { abstract: 1, [Symbol.dispose]() {} } }',
    'function spread(using: { tables: string[] }) { return { ...using, all: [...using.tables] } }',
    '',
  ].join('\n');
  t.true(errors(text) > 0, 'the grammar fails on the text as written');
  const fixed = parseableText('typescript', text);
  t.is(fixed.length, text.length);
  t.is(errors(fixed), 0);
  const replaced = (line: string): string[] => [...line.matchAll(/\b_(?:sing|bstract|ccessor)\b/g)].map((m) => m[0]);
  t.deepEqual(fixed.split('\n').map(replaced), [
    ['_bstract', '_ccessor'], [], [], [], ['_bstract'], ['_ccessor'], [], [],
    ['_sing'], ['_sing'], ['_sing'], [], [], [], ['_bstract'], ['_sing', '_sing', '_sing'], [],
  ], 'names: the interface\'s properties, the field, the method, the parameter and its values (spread too), a literal\'s key');
  t.regex(fixed, /using res = open\(\)/, 'a declaration keeps its keyword');
  const f = extractFile('meta.ts', text, 'typescript');
  t.is(f.parseErrors, 0);
  const members = (owner: string): string[] => f.symbols.filter((s) => s.parent === f.symbols.findIndex((o) => o.name === owner)).map((s) => s.name);
  t.deepEqual(members('Meta'), ['abstract', 'accessor']);
  t.deepEqual(members('Base'), ['run', 'size', 'abstract', 'accessor', 'plain']);
  t.true(f.calls.some((c) => c.callee.k === 'id' && c.callee.name === 'use'), 'the call after the template is read');
});

test('reserved words as exported names (`export { ifBuilder as if }`) parse in JavaScript and TypeScript; the exports keep their names', (t) => {
  const text = 'function var_builder() {}\nfunction if_builder() {}\nexport {\n\tvar_builder as var,\n\tif_builder as if,\n\tvar_builder as default\n};\nconst o = { as: 1 }; o.as;\n';
  for (const lang of ['javascript', 'typescript'] as const) {
    const fixed = parseableText(lang, text);
    t.is(fixed, text.replace('as var,', 'as _ar,').replace('as if,', 'as _f,'), lang);
    const f = extractFile(lang === 'javascript' ? 'b.js' : 'b.ts', text, lang);
    t.is(f.parseErrors, 0, lang);
    t.deepEqual(f.exports.map((e) => ('name' in e ? e.name : '')), ['var', 'if', 'default'], lang);
  }
  // JavaScript without an export clause is given to the parser as it is
  const plain = 'let type = 1\ninterface\n';
  t.is(parseableText('javascript', plain), plain);
});

test("Effect's overloads: signatures in a variable's, a result's and a type argument's object type; `in:` and `in<…>(…)` members; escapes in template types", (t) => {
  const cases = [
    'export const partition: {\n  <A>(f: (a: A) => B): (self: A[]) => void\n  <A>(self: A[], f: (a: A) => B): void\n} = internal.partition\n',
    'export const let_ = <F>(map: F): {\n  <N extends string>(name: N): <R>(self: R) => R\n  <R, N extends string>(self: R, name: N): R\n} => map as any\n',
    'export const provide = dual<\n  {\n    <L>(layers: L): <A>(self: A) => A\n    <R2>(context: R2): <A>(self: A) => A\n  },\n  {\n    <A, L>(self: A, layers: L): A\n    <A, R2>(self: A, context: R2): A\n  }\n>(2, f)\n',
    'export class HttpServer extends Context.Service<HttpServer, {\n  readonly serve: {\n    <E>(effect: E): void\n    <E, App>(effect: E, middleware: App): void\n  }\n}>()("HttpServer") {}\n',
    'export interface Parameter {\n  name: string\n  in: "query" | "header"\n  required?: boolean\n}\n',
    'export interface Parser {\n  def: Box<string>\n  in<const T = never>(def: T): Parser\n  in(def: string): Parser\n}\nexport type X = Parser\n',
    'type MissingSelf<Usage extends string> =\n  `Missing \\`Self\\` generic - use \\`class Self extends ${Usage}<Self>(...)\\``\nexport const after = 1\n',
  ];
  for (const text of cases) {
    t.true(errors(text) > 0, `the grammar fails on: ${text}`);
    const fixed = parseableText('typescript', text);
    t.is(fixed.length, text.length);
    t.deepEqual(fixed.split('\n').length, text.split('\n').length);
    t.is(errors(fixed), 0, fixed);
  }
  // a line continuation in a template keeps its line break
  const cont = 'type A = `a\\\nb${string}`\nconst x: { m: number\n  <T>(a: T): T } = y\n';
  t.is(parseableText('typescript', cont).split('\n').length, cont.split('\n').length);
  // value code keeps its comparisons and object literals
  const values = 'const ok = a<b && c>d\nconst o = cond ? (x) : { a: 1 }\nif (n<m) { run() }\n';
  t.is(errors(parseableText('typescript', values)), 0);
});

test('a reserved word as a JSX attribute\'s name (`<div class="x">`, `<Collapse in={open}>`) parses in JavaScript; the calls inside stay', (t) => {
  const text = [
    'import { Collapse } from "./collapse"',
    'export function App({ open }) {',
    '  return <div class="hero" for="x"><Collapse in={open} onEnd={() => done(open)} /></div>',
    '}',
    'function done(v) { const o = {}; o.class = v; return v == 1 }',
    '',
  ].join('\n');
  const fixed = parseableText('javascript', text);
  t.is(fixed, text.replace('class="hero"', '_lass="hero"').replace('for="x"', '_or="x"').replace('in={open}', '_n={open}'));
  const f = extractFile('app.jsx', text, 'javascript');
  t.is(f.parseErrors, 0);
  t.true(f.calls.some((c) => JSON.stringify(c.callee).includes('"done"')), JSON.stringify(f.calls.map((c) => c.callee)));
  // without such an attribute (or an export clause) JavaScript is given to the parser as it is
  const plain = 'const o = {}; o.class = 1; if (o == 2) {}\n';
  t.is(parseableText('javascript', plain), plain);
});
