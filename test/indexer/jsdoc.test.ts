/**
 * The JSDoc reader (lib/extract/jsdoc.ts): tags with their names and positions, and type expressions as the
 * resolver's Expr shapes. What it does not understand must come out as `other` (unknown), never as a guess and
 * never as an exception: doc comments are free text written by hand.
 */
import test from 'ava';
import { importBinding, symbolBinding, type Expr } from '../../lib/extract/facts.ts';
import { jsdocTags, jsdocType } from '../../lib/lang/javascript/collect/jsdoc.ts';
import { extractFile } from '../../lib/lang/index.ts';


/** Names resolve to bound ids (as if declared in the file), except the globals the parser knows. */
const names = {
  name: (n: string): Expr => ({ k: 'id', name: n, b: symbolBinding(0) }),
  importOf: (source: string): Expr => ({ k: 'id', name: `import("${source}")`, b: importBinding(0) }),
};
const id = (n: string): Expr => ({ k: 'id', name: n, b: symbolBinding(0) });

test('tags: types in balanced braces, names with their offsets in the comment, continuation lines', (t) => {
  const c = '/**\n * Builds it {@link Foo}.\n * @param {{ a: Foo,\n *   b: Bar }} [opts=1] options\n * @returns {Foo} the foo\n * @template {Base} T, U\n * @typedef {import("./x")} X\n */';
  const tags = jsdocTags(c);
  t.deepEqual(tags.map((x) => x.tag), ['param', 'returns', 'template', 'typedef']);
  t.is(tags[0].type, '{ a: Foo, b: Bar }');
  t.is(tags[0].name, 'opts');
  t.is(c.slice(tags[0].nameAt!, tags[0].nameAt! + 4), 'opts');
  t.deepEqual(tags[2].names, ['T', 'U']);
  t.is(tags[2].type, 'Base');
  t.is(c.slice(tags[3].nameAt!, tags[3].nameAt! + 1), 'X');
});

test('tags: where a tag may start, and the decoration blanked on every kind of continuation line', (t) => {
  // tabs before the `*`, a line without one, a `*/` that ends a line, an address, `{@link}`, a lone `@`
  const c = '/**\n\t * mail a@b.c or {@link Foo} @\n   @param {Foo} a first\n\t*\t@param {Bar} b\n *@returns {Baz} x */';
  const tags = jsdocTags(c);
  t.deepEqual(tags.map((x) => [x.tag, x.type, x.name]), [['param', 'Foo', 'a'], ['param', 'Bar', 'b'], ['returns', 'Baz', 'x']]);
  for (const x of tags) t.is(c.slice(x.nameAt!, x.nameAt! + x.name!.length), x.name!);
  // an unbalanced type stops at the next tag line; the tag is kept without a type and the next tag still read
  const u = jsdocTags('/**\n * @param {Foo a\n * @returns {Bar} r\n */');
  t.deepEqual(u.map((x) => [x.tag, x.type]), [['param', undefined], ['returns', 'Bar']]);
  t.deepEqual(jsdocTags('/** no tags at all */'), []);
});

test('types: literals, numbers, quotes of every kind and punctuation are tokens, never names', (t) => {
  t.deepEqual(jsdocType("'a'|\"b\"|`c`", names), { k: 'union', types: [{ k: 'lit' }, { k: 'lit' }, { k: 'lit' }] });
  t.deepEqual(jsdocType('-1|0x1F|1.5', names), { k: 'union', types: [{ k: 'lit' }, { k: 'lit' }, { k: 'lit' }] });
  t.deepEqual(jsdocType('$Foo_1', names), id('$Foo_1'));
  t.deepEqual(jsdocType("'unclosed", names), { k: 'other' });
});

test('types: names, unions, arrays, maps, promises, index signatures, function and object types', (t) => {
  t.deepEqual(jsdocType('Foo|null', names), { k: 'union', types: [id('Foo'), { k: 'other' }] });
  t.deepEqual(jsdocType('?Foo=', names), id('Foo'));
  t.deepEqual(jsdocType('...Foo', names), { k: 'array', of: id('Foo') });
  t.deepEqual(jsdocType('Foo[]', names), { k: 'array', of: id('Foo') });
  t.deepEqual(jsdocType('Object.<string, Foo>', names), { k: 'object', props: [], index: id('Foo') });
  t.deepEqual(jsdocType('{a: Foo, b?: Bar}', names), { k: 'object', props: [{ name: 'a', type: id('Foo') }, { name: 'b', type: id('Bar') }] });
  t.deepEqual(jsdocType('function(Foo, string): Bar', names), { k: 'fntype', returns: id('Bar'), params: [id('Foo'), { k: 'lit' }] });
  t.deepEqual(jsdocType('(a: Foo, b) => Bar', names), { k: 'fntype', returns: id('Bar'), params: [id('Foo'), null] });
  t.deepEqual(jsdocType('(Foo|Bar)', names), { k: 'union', types: [id('Foo'), id('Bar')] });
  t.deepEqual(jsdocType('import("./x").Y', names), { k: 'member', obj: { k: 'id', name: 'import("./x")', b: importBinding(0) }, name: 'Y' });
  t.deepEqual(jsdocType('Repo<User>', names), { k: 'generic', of: id('Repo'), args: [id('User')] });
  // a tuple by position; `typeof` a name or an imported member: the value itself (a class)
  t.deepEqual(jsdocType('[Foo, Bar]', names), { k: 'list', items: [id('Foo'), id('Bar')] });
  t.deepEqual(jsdocType('typeof Foo', names), { k: 'typeof', of: id('Foo') });
  t.deepEqual(jsdocType('typeof import("./x").Y', names), { k: 'typeof', of: { k: 'member', obj: { k: 'id', name: 'import("./x")', b: importBinding(0) }, name: 'Y' } });
});

test('types: global generics read as the TypeScript collector reads them (free names only)', (t) => {
  const free = { name: (n: string): Expr => ({ k: 'id', name: n }), importOf: names.importOf };
  t.deepEqual(jsdocType('Array<Foo>', free), { k: 'array', of: { k: 'id', name: 'Foo' } });
  t.deepEqual(jsdocType('Map<string, Foo>', free), { k: 'map', of: { k: 'id', name: 'Foo' }, key: { k: 'lit' } });
  t.deepEqual(jsdocType('Promise<Foo>', free), { k: 'promise', of: { k: 'id', name: 'Foo' } });
  t.deepEqual(jsdocType('Partial<Foo>', free), { k: 'id', name: 'Foo' });
  t.deepEqual(jsdocType('InstanceType<typeof Foo>', free), { k: 'new', callee: { k: 'id', name: 'Foo' } });
  t.deepEqual(jsdocType('ReturnType<typeof make>', free), { k: 'call', callee: { k: 'id', name: 'make' } });
});

test('types it does not understand are unknown, never an exception', (t) => {
  for (const bad of ['', '?', 'typeof Foo[]', 'keyof Foo', '[]', '[Foo, Bar', 'Foo<', '(Foo', '{a: }', 'import(x)', '}{', 'Foo Bar', '=>']) {
    t.notThrows(() => jsdocType(bad, names), bad);
    const e = jsdocType(bad, names);
    t.true(e.k === 'other' || e.k === 'lit', `${bad} → ${JSON.stringify(e)}`);
  }
  t.notThrows(() => jsdocTags('/** @param {Foo name */'));
  // `*`, `any`, `object` and `Object` are `any` to the checker: no member read from them is known (nor guessed)
  for (const any of ['*', 'any', 'object', 'Object', '(*)']) t.deepEqual(jsdocType(any, names), { k: 'any' }, any);
  t.notThrows(() => jsdocTags('/** @ */'));
});

test('TypeScript files ignore JSDoc (the checker does): no typedef symbol, no parameter type from a comment', (t) => {
  const src = '/** @typedef {Object} Opts */\n/** @param {Foo} x */\nexport function f(x) { return x; }\nclass Foo {}\n';
  const js = extractFile('a.js', src, 'javascript');
  const ts = extractFile('a.ts', src, 'typescript');
  t.true(js.symbols.some((s) => s.kind === 'typedef'));
  t.false(ts.symbols.some((s) => s.kind === 'typedef'));
  t.truthy(js.locals.find((l) => l.name === 'x')?.type);
  t.falsy(ts.locals.find((l) => l.name === 'x')?.type);
});
