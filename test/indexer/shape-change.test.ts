/**
 * A shape changed by whole top-level symbols (lib/resolve/shape.ts changedNames) and the search for its names in
 * facts text (mentions): which edits another file can see only through the changed names, and which resolve
 * every file.
 */
import test from 'ava';
import { extractFile } from '../../lib/lang/index.ts';
import { changedNames, mentions, outwardShape } from '../../lib/resolve/shape.ts';

const BASE = `import { helper } from './util';

export function one(): number {
  return helper(1);
}

export class Box {
  size(): number {
    return 1;
  }
}

export const alias = one;
`;

function change(before: string, after: string): ReturnType<typeof changedNames> {
  return changedNames(outwardShape(extractFile('src/a.ts', before, 'typescript')), outwardShape(extractFile('src/a.ts', after, 'typescript')));
}

test('a function appended or inserted is seen only under its own name', (t) => {
  t.deepEqual(change(BASE, `${BASE}\nexport function two(): number {\n  return 2;\n}\n`)?.names, ['two']);
  t.deepEqual(change(BASE, BASE.replace('export class Box', 'export function two(): number {\n  return 2;\n}\n\nexport class Box'))?.names, ['two']);
  t.deepEqual(change(BASE, BASE.replace('export class Box', 'export class Pair {\n  left(): number {\n    return 0;\n  }\n}\n\nexport class Box'))?.names, ['Pair', 'left']);
});

test('a removed function is seen under its name; a kept symbol naming a changed one is in the kept part', (t) => {
  const removed = change(`${BASE}\nexport function two(): number {\n  return 2;\n}\n`, BASE);
  t.deepEqual(removed?.names, ['two']);
  // `alias` holds `one`: changing `one` changes what `alias` means, which the caller finds in the kept part
  const redefined = change(BASE, BASE.replace('export function one(): number {', 'export function one(): string {'));
  t.deepEqual(redefined?.names, ['one']);
  t.true(mentions(redefined!.kept, redefined!.names));
});

test('a member changed without its type, a default export, an import or a file that starts exporting: not confined', (t) => {
  t.is(change(BASE, BASE.replace('size(): number {', 'size(): string {')), undefined);
  t.is(change(BASE, `${BASE}\nexport default function main(): number {\n  return 0;\n}\n`), undefined);
  t.is(change(BASE, `import { other } from './other';\n${BASE}`), undefined);
  const script = 'function local(): number {\n  return 1;\n}\n';
  t.is(change(script, `${script}\nexport function two(): number {\n  return 2;\n}\n`), undefined);
});

test('mentions finds a name as a whole word, in a string or ASCII bytes, also after an escape', (t) => {
  t.true(mentions('{"name":"two","b":1}', ['two']));
  t.false(mentions('{"name":"twofold","other":"network"}', ['two']));
  t.true(mentions(Buffer.from('{"callee":{"k":"member","name":"two"}}'), ['two']));
  t.false(mentions(Buffer.from('{"callee":{"k":"member","name":"two_"}}'), ['two']));
  t.true(mentions('{"doc":"see\\ntwo"}', ['two']));
  t.true(mentions('{"a":"$two"}', ['$two']));
  t.false(mentions('{"a":"x"}', []));
});

test('function-local declarations: a line above them keeps the shape, merging two scopes into one does not', (t) => {
  const scopes = `export function first(): number {
  interface Warrior { fight(): number }
  return 1;
}

export function second(): number {
  interface Warrior { sneak(): number }
  return 2;
}
`;
  const shape = (text: string): string => outwardShape(extractFile('src/spec.ts', text, 'typescript'));
  const facts = extractFile('src/spec.ts', scopes, 'typescript');
  t.is(facts.symbols.filter((s) => s.localScope !== undefined).length, 2, 'each Warrior records its scope');
  t.is(shape(`\n\n${scopes}`), shape(scopes));
  t.is(shape(scopes.replace('  return 1;', '  const k = 1;\n  return k;')), shape(scopes));
  // (the two interfaces now share one scope: they merge, which another file reads)
  t.not(shape(scopes.replace('  return 1;\n}\n\nexport function second(): number {\n', '')), shape(scopes));
});
