import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { lazyObject } from '../../index-store/lazy-json.ts';
import { createGeneration, readFactsFile } from '../../index-store/format.ts';
import { escapeNonAscii } from '../../index-store/ascii-json.ts';
import { tempDir } from '../analyze/_helpers.ts';

const big = (n: number): Array<{ s: string; at: number[] }> =>
  Array.from({ length: n }, (_, i) => ({ s: `x"},{\\[${i}]\u2028\u00e9`, at: [i, -i - 1, 1.5] }));

const bytes = (o: unknown): Buffer => Buffer.from(escapeNonAscii(JSON.stringify(o)), 'latin1');

test('lazyObject: reads, enumerates and serialises as JSON.parse makes it, the members named parsed on first read', (t) => {
  const facts = { path: 'a.py', lines: 3, calls: big(40), small: [1, 2], refs: big(30), nested: { deep: big(20), k: '}' }, tail: 'end' };
  const b = bytes(facts);
  const lazy = new Set(['calls', 'refs', 'nested', 'small', 'path']);
  const o = lazyObject(b, 0, b.length, lazy)!;
  t.deepEqual(Object.keys(o), Object.keys(facts));
  // a large member is an accessor until it is read, then a plain property in the same place
  t.is(typeof Object.getOwnPropertyDescriptor(o, 'calls')?.get, 'function');
  // (a short member is parsed with its object, named or not)
  t.deepEqual(Object.getOwnPropertyDescriptor(o, 'small')?.value, [1, 2]);
  t.is(Object.getOwnPropertyDescriptor(o, 'path')?.value, 'a.py');
  t.deepEqual(o.calls, facts.calls);
  t.deepEqual(Object.getOwnPropertyDescriptor(o, 'calls')?.value, facts.calls);
  t.is(o.calls, o.calls); // parsed once
  t.is(JSON.stringify(o), JSON.stringify(facts));
  t.deepEqual(Object.keys(o), Object.keys(facts));
  t.deepEqual({ ...o }, facts);
  // assigning before reading replaces the member without parsing it
  const p = lazyObject(b, 0, b.length, lazy)!;
  t.deepEqual(lazyObject(b, 0, b.length, new Set()), facts);
  p.refs = [];
  t.deepEqual(p.refs, []);
  t.deepEqual(Object.keys(p), Object.keys(facts));
});

test('lazyObject: a slice of a larger buffer; anything but one compact object is refused', (t) => {
  const facts = { path: 'b.py', calls: big(40) };
  const inner = bytes(facts);
  const b = Buffer.concat([Buffer.from('[\n'), inner, Buffer.from('\n]')]);
  t.deepEqual(lazyObject(b, 2, 2 + inner.length, new Set(['calls'])), facts);
  for (const bad of ['[1,2]', '{"a":1', '"x"', '{}x', '{"a"}']) t.is(lazyObject(Buffer.from(bad), 0, bad.length, new Set(['a'])), undefined, bad);
  // whitespace (not JSON.stringify's form): parsed whole or refused, never misread
  const spaced = `{"a": ${JSON.stringify(big(40))} , "b": [1, 2]}`;
  t.is(lazyObject(Buffer.from(spaced), 0, spaced.length, new Set(['a'])), undefined);
  for (const text of ['{"a": 1}', '{"a":[1, 2]}', `{"a":${JSON.stringify(big(40), null, 1)},"b":2}`]) {
    const got = lazyObject(Buffer.from(text), 0, text.length, new Set(['a']));
    t.true(got === undefined || JSON.stringify(got) === JSON.stringify(JSON.parse(text)), text.slice(0, 20));
  }
  t.deepEqual(lazyObject(Buffer.from('{}'), 0, 2, new Set(['a'])), {});
});

test('readFactsFile lazy: the same facts and lines as an eager read; a file that is not ASCII is read whole', (t) => {
  const g = createGeneration(path.join(tempDir(), '.codegraph'));
  const facts = [{ path: 'a.py', calls: big(50), refs: [] }, { path: 'b.py', locals: big(60), s: '\u00e9' }, { path: 'c.py' }];
  fs.writeFileSync(path.join(g.dir, 'facts.json'), `[\n${facts.map((f) => escapeNonAscii(JSON.stringify(f))).join(',\n')}\n]`);
  const eager = readFactsFile(path.join(g.dir, 'facts.json'));
  const lazy = readFactsFile(path.join(g.dir, 'facts.json'), { lazy: ['calls', 'locals'] });
  t.is(typeof Object.getOwnPropertyDescriptor(lazy.facts[0] as object, 'calls')?.get, 'function');
  t.deepEqual(lazy.lines, eager.lines);
  t.is(JSON.stringify(lazy.facts), JSON.stringify(eager.facts));
  t.deepEqual(lazy.facts, facts);
  // raw UTF-8 (as older versions wrote it): byte offsets are not character offsets, so every line is parsed whole
  fs.writeFileSync(path.join(g.dir, 'facts.json'), `[\n${facts.map((f) => JSON.stringify(f)).join(',\n')}\n]`);
  const raw = readFactsFile(path.join(g.dir, 'facts.json'), { lazy: ['calls', 'locals'] });
  t.is(Object.getOwnPropertyDescriptor(raw.facts[1] as object, 'locals')?.get, undefined);
  t.deepEqual(raw.facts, facts);
});
