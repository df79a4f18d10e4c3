/**
 * The compact encodings of the facts (facts.ts): a position packed into one number unless it does not fit, a
 * binding as one number. Both must give back exactly what was stored, for any line, column or length a file can
 * have, through a JSON round trip (the facts cache); and references made from them must still span their names.
 */
import test from 'ava';
import {
  bindingIndex, bindsImport, bindsLocal, bindsSymbol, importBinding, localBinding, posColumn, posLength, posLine, symbolBinding, toPos,
  type Pos,
} from '../../lib/extract/facts.ts';
import { nodeOf } from '../../lib/graph/code-graph.ts';

import { resolveProject } from '../../lib/resolve/index.ts';
import { extractFile, loadProjectConfig } from '../../lib/lang/index.ts';

const roundTrip = (p: Pos): Pos => JSON.parse(JSON.stringify(p)) as Pos;

test('positions round-trip exactly at and across every packing boundary', (t) => {
  const lines = [1, 2, 16383, 16384, 65535, 2 ** 21 - 1, 2 ** 21, 2 ** 35, 2 ** 36 - 1, 2 ** 36, 2 ** 40];
  const columns = [1, 2, 1023, 1024, 65535, 2 ** 20];
  const lengths = [0, 1, 127, 128, 255, 65535];
  for (const line of lines) for (const column of columns) for (const length of lengths) {
    const p = roundTrip(toPos(line, column, length));
    t.deepEqual([posLine(p), posColumn(p), posLength(p)], [line, column, length], `${line}:${column}+${length}`);
  }
});

test('a position is one number when it fits (a small integer for ordinary lines), else the array', (t) => {
  t.is(typeof toPos(5000, 1023, 127), 'number');
  t.true(Number.isInteger(toPos(16383, 1023, 127)) && (toPos(16383, 1023, 127) as number) < 2 ** 31);
  t.is(typeof toPos(2 ** 30, 80, 10), 'number');
  t.deepEqual(toPos(3, 1024, 5), [3, 1024, 5]);
  t.deepEqual(toPos(3, 5, 128), [3, 5, 128]);
  t.deepEqual(toPos(2 ** 36, 5, 5), [2 ** 36, 5, 5]);
});

test('bindings round-trip their kind and index, and are never 0 (a bound name has a truthy `b`)', (t) => {
  for (const i of [0, 1, 2, 3, 1000, 2 ** 28]) {
    const s = symbolBinding(i), m = importBinding(i), l = localBinding(i);
    t.true(s > 0 && m > 0 && l > 0);
    t.deepEqual([bindsSymbol(s), bindsImport(s), bindsLocal(s), bindingIndex(s)], [true, false, false, i]);
    t.deepEqual([bindsSymbol(m), bindsImport(m), bindsLocal(m), bindingIndex(m)], [false, true, false, i]);
    t.deepEqual([bindsSymbol(l), bindsImport(l), bindsLocal(l), bindingIndex(l)], [false, false, true, i]);
  }
  t.false(bindsSymbol(undefined) || bindsImport(undefined) || bindsLocal(undefined));
});

test('references past column 1024 and to names longer than 127 characters span their names exactly', (t) => {
  const long = `a${'b'.repeat(150)}`;
  const a = `export function ${long}() { return 1; }\nexport function short() { return 2; }\n`;
  const b = `import { ${long}, short } from './a';\nconst pad = '${'x'.repeat(1100)}'; ${long}(); short(); export { pad };\n`;
  const files = new Map([['a.ts', a], ['b.ts', b]]);
  const facts = [...files].map(([p, text]) => JSON.parse(JSON.stringify(extractFile(p, text, 'typescript'))));
  const r = resolveProject(facts, loadProjectConfig([...files.keys()], () => undefined));
  const spelled = r.refs.all.map((ref) => {
    const line = files.get(ref.filePath)!.split('\n')[ref.line - 1];
    return { at: `${ref.filePath}:${ref.line}:${ref.column}`, text: line.slice(ref.column - 1, ref.column - 1 + ref.length), name: nodeOf(r.graph, ref.target)!.name };
  });
  for (const s of spelled) t.is(s.text, s.name, s.at);
  const far = spelled.filter((s) => s.at.startsWith('b.ts:2:') && Number(s.at.split(':')[2]) > 1024);
  t.deepEqual(far.map((s) => s.name).sort(), [long, 'pad', 'short'], 'the calls and the export past column 1024 are referenced');
  t.true(spelled.some((s) => s.at === 'a.ts:1:17' && s.name === long), 'the long name\'s declaration');
});
