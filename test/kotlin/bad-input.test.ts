/**
 * Bad Kotlin input: each case is a clear skip or an indexed file with its errors counted, never a crash or a
 * half-written snapshot; the good files beside it are indexed whole.
 */
import test from 'ava';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { readGraphData } from '../../index-store/format.ts';
import { extractFile } from '../../lib/lang/index.ts';
import { tempRepo } from '../analyze/_helpers.ts';

test('bad input: syntax errors, no package, a script, a heritage cycle, non-UTF-8 and binary .kt files', async (t) => {
  const { root, home } = tempRepo({
    'src/main/kotlin/a/Good.kt': 'package a\n\nclass Good {\n    fun good(): Int = helper()\n    fun helper(): Int = 1\n}\n',
    // a syntax error in the middle: what the parser recovers around it is indexed
    'src/main/kotlin/a/Broken.kt': 'package a\n\nfun before(): Int = after()\n\nfun oops() {\n    val x = )\n}\n\nfun after(): Int = 2\n',
    // no package header: the default package
    'Loose.kt': 'fun loose() { loose() }\n',
    'build.gradle.kts': 'plugins { kotlin("jvm") }\nfun helperInScript() = 1\nval x = helperInScript()\n',
    // a heritage cycle (the compiler refuses it; the index must not loop)
    'src/main/kotlin/c/A.kt': 'package c\n\nopen class A : B() {\n    fun m() { n() }\n}\n',
    'src/main/kotlin/c/B.kt': 'package c\n\nopen class B : A() {\n    fun n() { m(); missing() }\n}\n',
    'src/main/kotlin/a/Latin1.kt': new Uint8Array([0x2f, 0x2f, 0x20, 0xe9, 0x74, 0xe9, 0x0a, 0x66, 0x75, 0x6e, 0x20, 0x78, 0x28, 0x29, 0x20, 0x7b, 0x7d, 0x0a]),
    'src/main/kotlin/a/Blob.kt': new Uint8Array([0xca, 0xfe, 0xba, 0xbe, 0x00, 0x00, 0x00, 0x3d]),
  });
  const r = await analyzeRepository(root, { home });
  t.deepEqual(r.summary.skips, { binary: 1, 'invalid-utf8': 1 });
  const g = readGraphData(r.dir);
  const node = (uid: string) => g.nodes.find((n) => n.uid === uid);
  const calls = (from: string, to: string) => g.edges.some((e) => e.type === 'CALLS' && e.source === from && e.target === to);
  t.true(calls('Method:src/main/kotlin/a/Good.kt:Good.good', 'Method:src/main/kotlin/a/Good.kt:Good.helper'));
  t.is(node('File:src/main/kotlin/a/Good.kt')?.language, 'kotlin');
  t.true((node('File:src/main/kotlin/a/Broken.kt')?.parseErrors as number) > 0);
  t.true(calls('Function:src/main/kotlin/a/Broken.kt:before', 'Function:src/main/kotlin/a/Broken.kt:after'));
  t.true(calls('Function:Loose.kt:loose', 'Function:Loose.kt:loose'));
  t.truthy(node('Function:build.gradle.kts:helperInScript'));
  t.true(calls('Method:src/main/kotlin/c/A.kt:A.m', 'Method:src/main/kotlin/c/B.kt:B.n'));
  t.true(calls('Method:src/main/kotlin/c/B.kt:B.n', 'Method:src/main/kotlin/c/A.kt:A.m'));
  const again = await analyzeRepository(root, { home });
  t.true(again.summary.upToDate);
  t.deepEqual(again.summary.skips, r.summary.skips);
});

test('bad input: the extractor never throws on damaged Kotlin (truncated at every 5th byte of a real file)', (t) => {
  const text = 'package p\n\nimport a.b.*\nimport c.D as E\n\n@Target(AnnotationTarget.CLASS)\nannotation class Ann\n\nsealed interface S<out T : Comparable<T>> { fun m(vararg xs: T): T? = xs.firstOrNull() }\n\ndata class R(val a: Int, var b: List<String> = emptyList()) : S<Int> {\n    constructor() : this(0)\n    companion object { const val Z = 1; fun of() = R() }\n    override fun toString() = when (a) { 0 -> "z"; in 1..9 -> "s"; else -> "$a${b.size}" }\n}\n\nfun <T> T.ext(block: T.() -> Unit): T = apply(block)\nval lazyOne by lazy { R.of()?.let { it.a } ?: 0 }\n';
  for (let n = 0; n <= text.length; n += 5) {
    t.notThrows(() => extractFile('p/S.kt', text.slice(0, n), 'kotlin'), `prefix of ${n} characters`);
  }
});

test('receiver lambdas nested eight deep: each receiver is written once in the facts, and a name inside still runs on the innermost receiver', async (t) => {
  const depth = 8;
  const text = [
    'class A {',
    '    var x = 0',
    '    fun g(): A = this',
    '    fun h(): Int = x',
    '}',
    '',
    `fun f() = ${'A().apply { x = 1; g().also { '.repeat(depth)}h()${' } }'.repeat(depth)}`,
    '',
  ].join('\n');
  // written in place, every level's receivers held those around them again: about 4^depth receivers in the JSON
  t.true(JSON.stringify(extractFile('src/A.kt', text, 'kotlin')).length < 100_000);
  const { root, home } = tempRepo({ 'src/A.kt': text });
  const r = await analyzeRepository(root, { home });
  const g = readGraphData(r.dir);
  const calls = (to: string) => g.edges.some((e) => e.type === 'CALLS' && e.source === 'Function:src/A.kt:f' && e.target === to);
  t.true(calls('Method:src/A.kt:A.h'));
  t.true(calls('Method:src/A.kt:A.g'));
});
