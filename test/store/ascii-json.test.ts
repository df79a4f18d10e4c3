import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { isAscii } from 'node:buffer';
import { asciiBytes, asciiOf, decodeText, escapeNonAscii, jsonBytes, readText } from '../../index-store/ascii-json.ts';
import { tempDir } from '../analyze/_helpers.ts';

const samples: unknown[] = [
  'plain', '', 'é', 'ünï … 𝒳', '\u2028\u2029', '\ud800', 'a\udc00b', '\u0080\u00ff\u0100\uffff', '"\\\n\t',
  { 'kéy': ['𝒳', 1, null, { x: 'ß' }] },
];

test('jsonBytes: ASCII bytes that JSON.parse reads back as the same value, lone surrogates included', (t) => {
  for (const v of samples) {
    const bytes = jsonBytes(v);
    t.true(isAscii(bytes), JSON.stringify(v));
    t.deepEqual(JSON.parse(bytes.toString('latin1')), v);
  }
  // ASCII JSON is left as JSON.stringify wrote it.
  t.is(jsonBytes({ a: 'plain "q"' }).toString('latin1'), JSON.stringify({ a: 'plain "q"' }));
  t.is(escapeNonAscii('"é𝒳"'), '"\\u00e9\\ud835\\udcb3"');
});

test('asciiOf: ASCII bytes are returned as they are, UTF-8 bytes are escaped', (t) => {
  const plain = Buffer.from('{"a":"b"}');
  t.is(asciiOf(plain), plain);
  const utf8 = Buffer.from(JSON.stringify({ s: 'é…𝒳' }));
  const out = asciiOf(utf8.subarray(0));
  t.true(isAscii(out));
  t.deepEqual(JSON.parse(Buffer.from(out).toString('latin1')), { s: 'é…𝒳' });
  t.deepEqual(asciiBytes('"ü"'), Buffer.from('"\\u00fc"'));
});

test('readText / decodeText: ASCII and UTF-8 files read as their text', (t) => {
  const dir = tempDir();
  for (const text of ['{"a":1}', '{"a":"é…𝒳"}', '']) {
    const file = path.join(dir, 'x.json');
    fs.writeFileSync(file, text);
    t.is(readText(file), text);
    t.is(decodeText(Buffer.from(text)), text);
  }
});
