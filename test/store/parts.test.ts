/** The per-file parts' layout (index-store/parts.ts): buckets by path, merged back in file order, linked when unchanged. */
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import type { Reference } from '../../lib/refs/reference-index.ts';
import type { UnresolvedCall } from '../../lib/refs/unresolved-calls.ts';
import { GenerationWriter, createGeneration, readFactsParts, readRefs, readUnresolved } from '../../index-store/format.ts';
import { bucketCount, bucketOf } from '../../index-store/parts.ts';
import { tempDir } from '../analyze/_helpers.ts';

test('bucketCount: one bucket up to 64 files, then a power of two of about 64 files each, at most 1024', (t) => {
  t.deepEqual([0, 1, 64, 65, 128, 129, 3583, 1e6].map(bucketCount), [1, 1, 1, 2, 2, 4, 64, 1024]);
});

test('bucketOf: a function of the path alone, inside the bucket range, spread', (t) => {
  const paths = Array.from({ length: 4096 }, (_, i) => `src/dir${i % 7}/file${i}.ts`);
  const counts = new Array(64).fill(0);
  for (const p of paths) {
    const k = bucketOf(p, 64);
    t.is(bucketOf(p, 64), k);
    counts[k]++;
  }
  t.true(Math.min(...counts) > 30 && Math.max(...counts) < 110, counts.join(' '));
  t.is(bucketOf('é/𝒳.ts', 1), 0);
});

const paths = Array.from({ length: 300 }, (_, i) => `src/f${String(i).padStart(3, '0')}.ts`);
const refsOf = (p: string, v = 0): Reference[] => [1, 2].map((line) => ({ target: `Function:${p}:f`, filePath: p, line: line + v, column: 1, length: 1, kind: 'call' as const, from: `File:${p}`, confidence: 1, reason: 'import' }));
const sitesOf = (p: string): UnresolvedCall[] => [{ name: 'g', filePath: p, line: 3, from: `File:${p}`, member: false }];
const factsOf = (p: string, v = 0) => ({ path: p, v });

async function write(dir: string, input: Parameters<GenerationWriter['parts']>[0]) {
  const w = new GenerationWriter(dir);
  const meta = w.parts(input);
  await w.settle(true);
  return meta;
}

test('references and sites spread over buckets read back in file order; the meta counts them per bucket', async (t) => {
  const g = createGeneration(path.join(tempDir(), '.codegraph'));
  const refs = paths.flatMap((p) => refsOf(p));
  const sites = paths.flatMap(sitesOf);
  const meta = await write(g.dir, { paths, facts: paths.map((p) => factsOf(p)), refs, sites });
  t.is(meta.buckets, 8);
  t.is(fs.readdirSync(path.join(g.dir, 'refs')).length, 8);
  t.deepEqual(readRefs(g.dir), refs);
  t.deepEqual(readUnresolved(g.dir), sites);
  t.is(meta.refs.reduce((a, b) => a + b, 0), refs.length);
  t.is(meta.sites.reduce((a, b) => a + b, 0), sites.length);
  const { parts, failed } = readFactsParts(g.dir);
  t.deepEqual(failed, []);
  t.is(parts.flatMap((p) => p.facts).length, paths.length);
});

test('a bucket whose files are unchanged is the previous file linked; a changed file\'s bucket is written with the kept files\' records', async (t) => {
  const indexDir = path.join(tempDir(), '.codegraph');
  const a = createGeneration(indexDir);
  const facts = paths.map((p) => factsOf(p));
  const parts = await write(a.dir, { paths, facts, refs: paths.flatMap((p) => refsOf(p)), sites: paths.flatMap(sitesOf) });
  const changed = paths[17];
  const b = createGeneration(indexDir);
  const newFacts = facts.map((f) => (f.path === changed ? factsOf(changed, 1) : f));
  const kept = new Set(paths.filter((p) => p !== changed));
  const meta = await write(b.dir, {
    paths, facts: newFacts, refs: refsOf(changed, 10), sites: sitesOf(changed),
    previous: { dir: a.dir, parts, paths, cachedFacts: (f) => facts.includes(f as ReturnType<typeof factsOf>), kept },
  });
  const k = bucketOf(changed, 8);
  for (const part of ['facts', 'refs', 'unresolved']) {
    for (let i = 0; i < 8; i++) {
      const same = fs.statSync(path.join(a.dir, part, `${i}.json`)).ino === fs.statSync(path.join(b.dir, part, `${i}.json`)).ino;
      t.is(same, i !== k, `${part}/${i}.json`);
    }
  }
  t.deepEqual(readRefs(b.dir), paths.flatMap((p) => refsOf(p, p === changed ? 10 : 0)));
  t.deepEqual(readUnresolved(b.dir), paths.flatMap(sitesOf));
  t.deepEqual(meta, parts);
  // a file added changes its bucket's members: that facts bucket is written, the others linked
  const c = createGeneration(indexDir);
  const more = [...paths, 'src/zz.ts'].sort();
  await write(c.dir, { paths: more, facts: more.map((p) => newFacts.find((f) => f.path === p) ?? factsOf(p)), refs: more.flatMap((p) => refsOf(p)), sites: [],
    previous: { dir: b.dir, parts: meta, paths, cachedFacts: (f) => newFacts.includes(f as ReturnType<typeof factsOf>), kept: new Set() } });
  const added = bucketOf('src/zz.ts', 8);
  for (let i = 0; i < 8; i++) {
    const same = fs.statSync(path.join(b.dir, 'facts', `${i}.json`)).ino === fs.statSync(path.join(c.dir, 'facts', `${i}.json`)).ino;
    t.is(same, i !== added, `facts/${i}.json`);
  }
});

test('kept files without the previous buckets to take them from, or records of a file outside the table, are errors', async (t) => {
  const indexDir = path.join(tempDir(), '.codegraph');
  const a = createGeneration(indexDir);
  const few = paths.slice(0, 10);
  const parts = await write(a.dir, { paths: few, facts: few.map((p) => factsOf(p)), refs: [], sites: [] });
  const b = createGeneration(indexDir);
  t.throws(() => new GenerationWriter(b.dir).parts({ paths, facts: paths.map((p) => factsOf(p)), refs: [], sites: [],
    previous: { dir: a.dir, parts, paths: few, cachedFacts: () => true, kept: new Set(few) } }), { message: /do not fit/ });
  const c = createGeneration(indexDir);
  t.throws(() => new GenerationWriter(c.dir).parts({ paths: few, facts: few.map((p) => factsOf(p)), refs: refsOf('elsewhere.ts'), sites: [] }), { message: /outside the file table/ });
});

test('a missing bucket makes the references unreadable; a facts bucket that cannot be read is named and left out', async (t) => {
  const g = createGeneration(path.join(tempDir(), '.codegraph'));
  await write(g.dir, { paths, facts: paths.map((p) => factsOf(p)), refs: paths.flatMap((p) => refsOf(p)), sites: [] });
  fs.rmSync(path.join(g.dir, 'refs', '3.json'));
  t.throws(() => readRefs(g.dir), { message: /refs\/3\.json is missing/ });
  fs.writeFileSync(path.join(g.dir, 'facts', '5.json'), '[\n{"path":');
  const { parts, failed } = readFactsParts(g.dir);
  t.is(parts.length, 7);
  t.is(failed.length, 1);
  t.regex(failed[0], /facts\/5\.json/);
});

const sitesBig = (n: number): Array<{ s: string; at: number[] }> =>
  Array.from({ length: n }, (_, i) => ({ s: `x"},{\\[${i}]\u2028\u00e9`, at: [i, -i - 1, 1.5] }));

test('a file\'s own sites go to the bodies bucket and read back on first use, in their place among the keys', async (t) => {
  const g = createGeneration(path.join(tempDir(), '.codegraph'));
  const facts = [
    { path: 'a.py', lines: 3, calls: sitesBig(40), small: [1, 2], refs: sitesBig(30), locals: [], tail: 'end' },
    { path: 'b.py', locals: sitesBig(5), s: '\u00e9' },
    { path: 'c.py' },
  ];
  const paths = facts.map((f) => f.path);
  await write(g.dir, { paths, facts, refs: [], sites: [] });
  const heads = fs.readFileSync(path.join(g.dir, 'facts', '0.json'), 'latin1');
  t.false(heads.includes('x\\"}'), 'the sites are not in the facts bucket');
  t.deepEqual(JSON.parse(heads).map((f: { calls?: unknown; locals?: unknown }) => [f.calls, f.locals]), [[0, []], [undefined, 0], [undefined, undefined]]);
  const { parts, failed } = readFactsParts(g.dir);
  t.deepEqual(failed, []);
  const [a, b, c] = parts[0].facts as Array<Record<string, unknown>>;
  t.is(typeof Object.getOwnPropertyDescriptor(a, 'calls')?.get, 'function');
  t.deepEqual(Object.keys(a), Object.keys(facts[0]));
  t.deepEqual(a.calls, facts[0].calls);
  t.deepEqual(Object.getOwnPropertyDescriptor(a, 'refs')?.value, facts[0].refs, 'the file\'s other sites are read with the first');
  t.is(a.calls, a.calls);
  t.is(JSON.stringify(a), JSON.stringify(facts[0]));
  t.deepEqual([a, b, c], facts);
  // assigning before reading replaces the member
  const again = readFactsParts(g.dir).parts[0].facts[1] as Record<string, unknown>;
  again.locals = [];
  t.deepEqual(again.locals, []);
  t.deepEqual(Object.keys(again), Object.keys(facts[1]));
  // the lines as read are what a later generation copies: the same files read back
  const h = createGeneration(path.join(path.dirname(g.dir)));
  const { facts: read, lines } = readFactsParts(g.dir).parts[0];
  await write(h.dir, { paths, facts: read, cachedText: (f) => lines![read.indexOf(f)], refs: [], sites: [] });
  for (const part of ['facts', 'bodies']) t.deepEqual(fs.readFileSync(path.join(h.dir, part, '0.json')), fs.readFileSync(path.join(g.dir, part, '0.json')), part);
  t.deepEqual(readFactsParts(h.dir).parts[0].facts, facts);
});

test('a bodies bucket missing leaves its facts bucket out, named; one without a line per file fails on first use', async (t) => {
  const g = createGeneration(path.join(tempDir(), '.codegraph'));
  await write(g.dir, { paths, facts: paths.map((p) => ({ ...factsOf(p), calls: [p] })), refs: [], sites: [] });
  fs.rmSync(path.join(g.dir, 'bodies', '2.json'));
  fs.writeFileSync(path.join(g.dir, 'bodies', '6.json'), '[\n{}\n]');
  const { parts, failed } = readFactsParts(g.dir);
  t.is(parts.length, 7);
  t.is(failed.length, 1);
  t.regex(failed[0], /facts\/2\.json/);
  const sixth = parts.find((p) => bucketOf((p.facts[0] as { path: string }).path, 8) === 6)!;
  const first = sixth.facts[0] as { calls: unknown };
  t.throws(() => first.calls, { message: /bodies\/6\.json does not hold a line per file/ });
  t.throws(() => sixth.lines![0].body, { message: /bodies\/6\.json/ });
  // the other buckets' bodies read
  const other = parts.find((p) => p !== sixth)!;
  t.deepEqual((other.facts[0] as { calls: unknown }).calls, [(other.facts[0] as { path: string }).path]);
  // with the sizes the generation recorded, a bodies bucket that is not as written is found at once
  const sizes = { 'bodies/6.json': 3, 'bodies/1.json': fs.statSync(path.join(g.dir, 'bodies', '1.json')).size };
  const checked = readFactsParts(g.dir, sizes);
  t.is(checked.parts.length, 6);
  t.regex(checked.failed.join(' '), /facts\/2\.json.*facts\/6\.json: bodies\/6\.json is not as it was written/s);
});
