/**
 * The native query matcher (native/query_match.c running the program lib/extract/query-program.ts serialises)
 * against the JavaScript matcher it stands in for (QueryEngine.run): the same matches in the same order with the
 * same captures and nodes, and byte-identical FileFacts, over every rxjs and fixture file, damaged files under
 * three grammars and odd texts; the same through the background queue; and refusals of bad programs and
 * arguments (a clear thrown error, never a crash).
 */
import test from 'ava';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { languageRuntime, type LanguageId, languageOf } from '../../lib/lang/index.ts';
import { FlatTree, partsOf } from '../../lib/extract/flat-tree.ts';
import { collectFlat } from '../../lib/extract/halves.ts';
import { nativeParser, type NativeParser, type NativeProgram } from '../../lib/extract/native.ts';
import { buildProgram, grammarFingerprint, matchesFrom, nativeProgram } from '../../lib/extract/query-program.ts';
import type { Match } from '../../lib/extract/query-match.ts';
import { damagedTexts, ODD_TEXTS, sourceFiles } from './corpus.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LANGS = ['typescript', 'tsx', 'javascript'] as const;


/** The addon must be there: `npm test` builds it first (native/build.mjs). */
function addon(): NativeParser {
  const p = nativeParser();
  if (!p) throw new Error('native parser not built or not loadable (see `node build.mjs` output)');
  return p;
}

function program(lang: LanguageId): NativeProgram {
  const p = nativeProgram(languageRuntime(lang));
  if (!p) throw new Error(`no native query program for ${lang} (CODEGRAPH_NATIVE_MATCH=0 set?)`);
  return p;
}

/** A match list as comparable JSON: pattern, capture names and node keys, in order. */
const shape = (ms: Match[]): string => JSON.stringify(ms.map((m) => [m.pattern, m.captures.map((c) => [c.name, c.node.key])]));

/** Differences between the native matches of `text` and the JavaScript matcher's (empty when none); counts matches. */
function compare(label: string, text: string, lang: LanguageId, counts: { matches: number }): string[] {
  const rt = languageRuntime(lang);
  const nat = addon().parse(rt.grammar, text, program(lang));
  if (!nat.matches) return [`${label} (${lang}): no native matches`];
  const flat = FlatTree.of(partsOf(nat.buffer, nat.count), rt.names.namedById, text);
  const js = rt.engine.run(flat);
  const mine = matchesFrom(nat.matches, flat, rt.engine.captureNames);
  counts.matches += js.length;
  const out: string[] = [];
  if (shape(mine) !== shape(js)) out.push(`${label} (${lang}): matches differ (${mine.length} natively, ${js.length} in JavaScript)`);
  const factsJs = collectFlat(rt, FlatTree.of(partsOf(nat.buffer, nat.count), rt.names.namedById, text), 'f.ts', text, nat.errors);
  const flat2 = FlatTree.of(partsOf(nat.buffer, nat.count), rt.names.namedById, text);
  const factsC = collectFlat(rt, flat2, 'f.ts', text, nat.errors, matchesFrom(nat.matches, flat2, rt.engine.captureNames));
  if (JSON.stringify(factsC) !== JSON.stringify(factsJs)) out.push(`${label} (${lang}): FileFacts differ`);
  return out;
}

test('every rxjs and fixture source file: the same matches, in the same order, and the same FileFacts as the JavaScript matcher', (t) => {
  const files = [...sourceFiles(path.join(root, 'node_modules/rxjs/src')), ...sourceFiles(path.join(root, 'test/fixtures'))];
  t.true(files.length > 300);
  const counts = { matches: 0 };
  const diffs = files.flatMap((f) => compare(path.relative(root, f), readFileSync(f, 'utf8'), languageOf(f)!, counts));
  t.deepEqual(diffs, []);
  t.true(counts.matches > 40000, `${counts.matches} matches compared`);
});

test('damaged files under every grammar (ERROR and MISSING nodes): the same matches and facts', (t) => {
  const files = sourceFiles(path.join(root, 'node_modules/rxjs/src')).filter((f) => f.endsWith('.ts'));
  const diffs: string[] = [];
  const counts = { matches: 0 };
  let errors = 0;
  for (const { label, text } of damagedTexts(files, 23)) {
    for (const lang of LANGS) {
      diffs.push(...compare(label, text, lang, counts));
      errors += addon().parse(languageRuntime(lang).grammar, text).errors;
    }
  }
  t.true(errors > 100, 'the damaged texts do produce ERROR/MISSING nodes');
  t.deepEqual(diffs, []);
});

test('odd texts (empty, CRLF, BOM, astral characters, lone CR, NUL, lone surrogate) under every grammar', (t) => {
  const counts = { matches: 0 };
  for (const [name, text] of Object.entries(ODD_TEXTS)) {
    for (const lang of LANGS) t.deepEqual(compare(name, text, lang, counts), []);
  }
  t.true(counts.matches > 50);
});

test('the background queue matches too when given a program: the same buffers as parsing here; without one, no matches', (t) => {
  const p = addon();
  const files = sourceFiles(path.join(root, 'test/fixtures')).slice(0, 60);
  const q = p.queue();
  try {
    files.forEach((f, i) => { const lang = languageOf(f)!; q.submit(languageRuntime(lang).grammar, readFileSync(f, 'utf8'), i % 3 === 2 ? undefined : program(lang)); });
    files.forEach((f, i) => {
      const lang = languageOf(f)!;
      const got = q.take();
      const want = p.parse(languageRuntime(lang).grammar, readFileSync(f, 'utf8'), program(lang));
      t.deepEqual(new Uint8Array(got.buffer), new Uint8Array(want.buffer), f);
      if (i % 3 === 2) t.is(got.matches, undefined, f);
      else t.deepEqual(got.matches, want.matches, f);
    });
  } finally {
    q.close();
  }
  // a closed queue frees the jobs (and their hold on the program) it never handed back
  const q2 = p.queue();
  for (let i = 0; i < 10; i++) q2.submit(languageRuntime('typescript').grammar, `f(${i});`, program('typescript'));
  q2.close();
  t.is(p.parse(languageRuntime('typescript').grammar, 'f(1);', program('typescript')).count > 0, true);
});

test('bad programs and arguments are refused with a clear error, never a crash', (t) => {
  const p = addon();
  const ts = languageRuntime('typescript'), tsx = languageRuntime('tsx');
  const words = buildProgram(ts.engine, p.grammarNames(ts.grammar), ts.names.namedById);
  t.is(words[5], p.grammarFingerprint(ts.grammar));
  t.is(grammarFingerprint(p.grammarNames(ts.grammar)), p.grammarFingerprint(ts.grammar));
  // wrong types
  t.throws(() => p.program({}, words), { instanceOf: TypeError, message: /expected a tree-sitter grammar/ });
  t.throws(() => p.program(ts.grammar, [...words] as unknown as Int32Array), { instanceOf: TypeError, message: /expected an Int32Array/ });
  t.throws(() => p.program(ts.grammar, new Uint32Array(words) as unknown as Int32Array), { instanceOf: TypeError, message: /expected an Int32Array/ });
  t.throws(() => p.program(ts.grammar, undefined as unknown as Int32Array), { instanceOf: TypeError, message: /expected an Int32Array/ });
  // a program for another language
  t.throws(() => p.program(tsx.grammar, words), { message: /built for another language/ });
  t.throws(() => p.parse(tsx.grammar, 'x', program('typescript')), { message: /built for another language/ });
  const q = p.queue();
  try {
    t.throws(() => q.submit(tsx.grammar, 'x', program('typescript')), { message: /built for another language/ });
    // one kind of handle is never taken for another
    t.throws(() => q.submit(ts.grammar, 'x', q as unknown as NativeProgram), { instanceOf: TypeError, message: /expected a query program/ });
    t.throws(() => p.parse(ts.grammar, 'x', 42 as unknown as NativeProgram), { instanceOf: TypeError, message: /expected a query program/ });
    t.throws(() => p.parse(ts.grammar, 'x', words as unknown as NativeProgram), { instanceOf: TypeError, message: /expected a query program/ });
    t.throws(() => q.take(), { message: /parse queue is empty/ });
  } finally {
    q.close();
  }
  // truncated programs
  for (const len of [0, 1, 8, 9, 100, words.length - 1]) {
    t.throws(() => p.program(ts.grammar, words.slice(0, len)), { message: /truncated or damaged/ }, `length ${len}`);
  }
  t.throws(() => p.program(ts.grammar, Int32Array.from([...words, 0])), { message: /truncated or damaged/ });
  // damaged words: refused, or (when still well formed) a program that runs without crashing
  let seed = 5;
  const rnd = (): number => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed / 0x7fffffff; };
  const values = [-1, 0, 1, 2, 3, 7, 64, words.length - 1, words.length, 0x7fffffff, -0x80000000];
  let refused = 0, ran = 0;
  for (let k = 0; k < 3000; k++) {
    const bad = words.slice();
    bad[Math.floor(rnd() * bad.length)] = values[Math.floor(rnd() * values.length)];
    let prog: NativeProgram;
    try {
      prog = p.program(ts.grammar, bad);
    } catch (err) {
      t.regex((err as Error).message, /truncated or damaged|built for another language/);
      refused++;
      continue;
    }
    p.parse(ts.grammar, 'class A extends B { m(x: T): U { return f(x)?.y; } }\nexport const g = (a) => new C(a);\n', prog);
    ran++;
  }
  t.true(refused > 100 && ran > 100, `${refused} refused, ${ran} ran`);
  // after all that the addon still works
  t.true(p.parse(ts.grammar, 'const a = 1;', program('typescript')).matches!.length > 0);
});
