import test from 'ava';
import { rename } from '../../handlers/rename.ts';
import { CodegraphError } from '../../lib/errors.ts';
import { memorySnapshot } from '../helpers/memory-snapshot.ts';
import { Fixture, editList } from './helpers.ts';

const SHAPES = [
  'export interface Shape {',            // 1
  '  area(): number;',                   // 2
  '  name: string;',                     // 3
  '}',                                   // 4
  'export abstract class Base implements Shape {', // 5
  '  abstract area(): number;',          // 6
  "  name = 'base';",                    // 7
  '}',                                   // 8
  'export class Square extends Base {',  // 9
  '  area() { return 4; }',              // 10
  '  perimeter() { return 8; }',         // 11
  '}',                                   // 12
  'export class Circle implements Shape {', // 13
  '  area() { return 3; }',              // 14
  "  name = 'circle';",                  // 15
  '}',                                   // 16
  'export class Unrelated {',            // 17
  '  area() { return 0; }',              // 18
  '}',                                   // 19
  '',
].join('\n');
const USE = [
  "import { Square, Unrelated } from './shapes';",
  'const s = new Square();',
  's.area();',
  'new Unrelated().area();',
  'const { name } = s;',
  'console.log(name);',
  '',
].join('\n');

function shapes() {
  const f = new Fixture({ 'src/shapes.ts': SHAPES, 'src/use.ts': USE });
  const S = 'src/shapes.ts';
  for (const [label, qn, line, end] of [['Interface', 'Shape', 1, 4], ['Class', 'Base', 5, 8], ['Class', 'Square', 9, 12], ['Class', 'Circle', 13, 16], ['Class', 'Unrelated', 17, 19]] as const) {
    f.symbol({ label, file: S, qn, line, endLine: end, exported: true });
  }
  const methods: Array<[string, number]> = [['Shape.area', 2], ['Base.area', 6], ['Square.area', 10], ['Square.perimeter', 11], ['Circle.area', 14], ['Unrelated.area', 18]];
  for (const [qn, line] of methods) {
    f.symbol({ label: 'Method', file: S, qn, line });
    f.edge(`${qn.startsWith('Shape') ? 'Interface' : 'Class'}:${S}:${qn.split('.')[0]}`, `Method:${S}:${qn}`, 'HAS_METHOD');
  }
  // Properties are linked only by qualified name (no HAS_METHOD), as an indexer may do.
  for (const [qn, line] of [['Shape.name', 3], ['Base.name', 7], ['Circle.name', 15]] as const) f.symbol({ label: 'Property', file: S, qn, line });
  f.edge(`Class:${S}:Base`, `Interface:${S}:Shape`, 'IMPLEMENTS');
  f.edge(`Class:${S}:Square`, `Class:${S}:Base`, 'EXTENDS');
  f.edge(`Class:${S}:Circle`, `Interface:${S}:Shape`, 'IMPLEMENTS');
  const m = (qn: string) => `Method:${S}:${qn}`;
  f.ref(m('Shape.area'), S, 'area', 0, 'definition');
  f.ref(m('Base.area'), S, 'area', 1, 'definition');
  f.ref(m('Square.area'), S, 'area', 2, 'definition');
  f.ref(m('Square.perimeter'), S, 'perimeter', 0, 'definition');
  f.ref(m('Circle.area'), S, 'area', 3, 'definition');
  f.ref(m('Unrelated.area'), S, 'area', 4, 'definition');
  f.ref(`Property:${S}:Shape.name`, S, 'name', 0, 'definition');
  f.ref(`Property:${S}:Base.name`, S, 'name', 1, 'definition');
  f.ref(`Property:${S}:Circle.name`, S, 'name', 2, 'definition');
  f.ref(`Class:${S}:Square`, 'src/use.ts', 'Square', 0, 'import');
  f.ref(`Class:${S}:Square`, 'src/use.ts', 'Square', 1, 'call');
  f.ref(m('Square.area'), 'src/use.ts', 'area', 0, 'call');
  f.ref(m('Unrelated.area'), 'src/use.ts', 'area', 1, 'call');
  // `const { name } = s` reads Base.name (inherited) and declares a module variable `name`.
  f.symbol({ label: 'Variable', file: 'src/use.ts', qn: 'name', line: 5 });
  f.ref(`Property:${S}:Base.name`, 'src/use.ts', 'name', 0, 'shorthand');
  f.ref('Variable:src/use.ts:name', 'src/use.ts', 'name', 0, 'shorthand');
  f.ref('Variable:src/use.ts:name', 'src/use.ts', 'name', 1, 'value');
  return memorySnapshot({ graph: f.graph, refs: f.refs, files: f.files });
}

test('a method renames with the members it overrides and implements, never an unrelated same-named one', async (t) => {
  const res = await rename({ symbol_uid: 'Method:src/shapes.ts:Square.area', new_name: 'surface' }, shapes());
  t.deepEqual(editList(res).filter((e) => e.endsWith('(graph)')), [
    'src/shapes.ts:2:3 area→surface (graph)',   // Shape.area (interface)
    'src/shapes.ts:6:12 area→surface (graph)',  // Base.area (abstract, implements Shape)
    'src/shapes.ts:10:3 area→surface (graph)',  // Square.area
    'src/shapes.ts:14:3 area→surface (graph)',  // Circle.area (implements Shape too)
    'src/use.ts:3:3 area→surface (graph)',
  ]);
  t.deepEqual(res.tied_symbols.map((s) => s.uid), ['Method:src/shapes.ts:Shape.area', 'Method:src/shapes.ts:Base.area', 'Method:src/shapes.ts:Circle.area']);
  // Unrelated.area stays; its occurrences are known to be another symbol, so not even text_search.
  t.false(editList(res).some((e) => e.includes(':18:') || e.startsWith('src/use.ts:4:')));
  // Starting anywhere in the family gives the same edits.
  const fromInterface = await rename({ symbol_name: 'Shape.area', new_name: 'surface' }, shapes());
  t.deepEqual(editList(fromInterface), editList(res));
});

test('a member taking a name its class, an ancestor or a descendant already has is refused', async (t) => {
  const s = shapes();
  const e1 = await t.throwsAsync(rename({ symbol_uid: 'Method:src/shapes.ts:Square.area', new_name: 'perimeter' }, s));
  t.is((e1 as CodegraphError).code, 'RENAME_REFUSED');
  t.regex(e1!.message, /a member of Square is already called 'perimeter'/);
  const e2 = await t.throwsAsync(rename({ symbol_uid: 'Method:src/shapes.ts:Shape.area', new_name: 'name' }, s));
  t.regex(e2!.message, /collide/);
  // A reserved word is a fine member name (obj.delete() is valid), a built-in member name is not.
  t.is((await rename({ symbol_uid: 'Method:src/shapes.ts:Square.area', new_name: 'delete' }, s)).summary.graphEdits, 5);
  const e3 = await t.throwsAsync(rename({ symbol_uid: 'Method:src/shapes.ts:Square.area', new_name: 'constructor' }, s));
  t.is((e3 as CodegraphError).code, 'VALIDATION_ERROR');
});

test('shorthand destructuring: renaming the property keeps the binding, renaming the binding keeps the property', async (t) => {
  const prop = await rename({ symbol_uid: 'Property:src/shapes.ts:Base.name', new_name: 'label' }, shapes());
  t.deepEqual(editList(prop).filter((e) => e.endsWith('(graph)')), [
    'src/shapes.ts:3:3 name→label (graph)',
    'src/shapes.ts:7:3 name→label (graph)',
    'src/shapes.ts:15:3 name→label (graph)',
    'src/use.ts:5:9 name→label: name (graph)',
  ]);
  const binding = await rename({ symbol_uid: 'Variable:src/use.ts:name', new_name: 'shapeName' }, shapes());
  t.deepEqual(editList(binding).filter((e) => e.endsWith('(graph)')), [
    'src/use.ts:5:9 name→name: shapeName (graph)',
    'src/use.ts:6:13 name→shapeName (graph)',
  ]);
});

test('merged declarations (interface + const, overloads) rename together and are not ambiguous', async (t) => {
  const text = [
    'export interface TimeoutError extends Error { info: string }',
    'export const TimeoutError: TimeoutErrorCtor = make();',
    'export function pick(a: string): string;',
    'export function pick(a: number): number;',
    'export function pick(a: any) { return a; }',
    'throw new TimeoutError(); pick(1);',
    '',
  ].join('\n');
  const f = new Fixture({ 'errors.ts': text });
  f.symbol({ label: 'Interface', file: 'errors.ts', qn: 'TimeoutError', line: 1, exported: true });
  f.symbol({ label: 'Variable', file: 'errors.ts', qn: 'TimeoutError', line: 2, exported: true });
  f.symbol({ label: 'Function', file: 'errors.ts', qn: 'pick', line: 3, exported: true });
  f.symbol({ label: 'Function', file: 'errors.ts', qn: 'pick', line: 4, exported: true, uid: 'Function:errors.ts:pick#2' });
  f.symbol({ label: 'Function', file: 'errors.ts', qn: 'pick', line: 5, exported: true, uid: 'Function:errors.ts:pick#3' });
  f.ref('Interface:errors.ts:TimeoutError', 'errors.ts', 'TimeoutError', 0, 'definition');
  f.ref('Variable:errors.ts:TimeoutError', 'errors.ts', 'TimeoutError', 1, 'definition');
  f.ref('Variable:errors.ts:TimeoutError', 'errors.ts', 'TimeoutError', 2, 'call');
  // The indexer gave all overload signatures to the implementation's uid, and a call.
  for (const i of [0, 1, 2]) f.ref('Function:errors.ts:pick#3', 'errors.ts', 'pick', i, 'definition');
  f.ref('Function:errors.ts:pick#3', 'errors.ts', 'pick', 3, 'call');
  const s = memorySnapshot({ graph: f.graph, refs: f.refs, files: f.files });
  const res = await rename({ symbol_name: 'TimeoutError', new_name: 'DeadlineError' }, s);
  t.deepEqual(editList(res).map((e) => e.split(' ')[0]), ['errors.ts:1:18', 'errors.ts:2:14', 'errors.ts:6:11']);
  t.is(res.tied_symbols.length, 1);
  const over = await rename({ symbol_name: 'pick', new_name: 'choose' }, s);
  t.deepEqual(editList(over).map((e) => e.split(' ')[0]), ['errors.ts:3:17', 'errors.ts:4:17', 'errors.ts:5:17', 'errors.ts:6:27']);
});

test('private names keep their #', async (t) => {
  const text = 'class Counter {\n  #count = 0;\n  inc() { return ++this.#count; }\n}\n';
  const f = new Fixture({ 'c.js': text });
  f.symbol({ label: 'Class', file: 'c.js', qn: 'Counter', line: 1, endLine: 4 });
  f.symbol({ label: 'Property', file: 'c.js', qn: 'Counter.#count', line: 2 });
  const uid = 'Property:c.js:Counter.#count';
  f.refs.push({ target: uid, filePath: 'c.js', line: 2, column: 3, length: 6, kind: 'definition', confidence: 1, reason: 'fixture' });
  f.refs.push({ target: uid, filePath: 'c.js', line: 3, column: 25, length: 6, kind: 'value', confidence: 1, reason: 'fixture' });
  const s = memorySnapshot({ graph: f.graph, refs: f.refs, files: f.files });
  const res = await rename({ symbol_uid: uid, new_name: '#total' }, s);
  t.deepEqual(editList(res), ['c.js:2:3 #count→#total (graph)', 'c.js:3:25 #count→#total (graph)']);
  const err = await t.throwsAsync(rename({ symbol_uid: uid, new_name: 'total' }, s));
  t.is((err as CodegraphError).code, 'VALIDATION_ERROR');
  t.regex(err!.message, /private name/);
});

test('a static and an instance member of the same name are separate symbols; statics are not tied by inheritance', async (t) => {
  const text = [
    'class Clock {',                                  // 1
    '  static now = () => 0;',                        // 2
    '  now: () => number = Clock.now;',               // 3
    '  tick() { return this.now(); }',                // 4
    '}',                                              // 5
    'class Fake extends Clock {',                     // 6
    '  static now = () => 1;',                        // 7
    '  now = () => 2;',                               // 8
    '}',                                              // 9
    '',
  ].join('\n');
  const f = new Fixture({ 'clock.ts': text });
  f.symbol({ label: 'Class', file: 'clock.ts', qn: 'Clock', line: 1, endLine: 5 });
  f.symbol({ label: 'Class', file: 'clock.ts', qn: 'Fake', line: 6, endLine: 9 });
  f.edge('Class:clock.ts:Fake', 'Class:clock.ts:Clock', 'EXTENDS');
  const add = (qn: string, line: number, isStatic: boolean, uid?: string) => {
    const n = f.symbol({ label: 'Property', file: 'clock.ts', qn, line, uid });
    if (isStatic) n.static = true;
    return n.uid;
  };
  const clockStatic = add('Clock.now', 2, true);
  const clockNow = add('Clock.now', 3, false, 'Property:clock.ts:Clock.now#2');
  f.symbol({ label: 'Method', file: 'clock.ts', qn: 'Clock.tick', line: 4 });
  const fakeStatic = add('Fake.now', 7, true);
  const fakeNow = add('Fake.now', 8, false, 'Property:clock.ts:Fake.now#2');
  f.ref(clockStatic, 'clock.ts', 'now', 0, 'definition');
  f.ref(clockNow, 'clock.ts', 'now', 1, 'definition');
  f.ref(clockStatic, 'clock.ts', 'now', 2, 'value');
  f.ref(clockNow, 'clock.ts', 'now', 3, 'call');
  f.ref(fakeStatic, 'clock.ts', 'now', 4, 'definition');
  f.ref(fakeNow, 'clock.ts', 'now', 5, 'definition');
  const s = memorySnapshot({ graph: f.graph, refs: f.refs, files: f.files });
  const inst = await rename({ symbol_uid: clockNow, new_name: 'current' }, s);
  t.deepEqual(editList(inst).filter((e) => e.endsWith('(graph)')).map((e) => e.split(' ')[0]), ['clock.ts:3:3', 'clock.ts:4:24', 'clock.ts:8:3']);
  const stat = await rename({ symbol_uid: clockStatic, new_name: 'current' }, s);
  t.deepEqual(editList(stat).filter((e) => e.endsWith('(graph)')).map((e) => e.split(' ')[0]), ['clock.ts:2:10', 'clock.ts:3:29']);
  // By name the two are two symbols, not one merged declaration.
  const err = await t.throwsAsync(rename({ symbol_name: 'Clock.now', new_name: 'current' }, s));
  t.regex(err!.message, /ambiguous/);
  // A static member may take a name only an instance member has: they live on different objects.
  t.is((await rename({ symbol_uid: clockStatic, new_name: 'tick' }, s)).summary.graphEdits, 2);
  // The instance member cannot: Clock already has an instance member `tick`.
  const e2 = await t.throwsAsync(rename({ symbol_uid: clockNow, new_name: 'tick' }, s));
  t.regex(e2!.message, /a member of Clock is already called 'tick'/);
});
