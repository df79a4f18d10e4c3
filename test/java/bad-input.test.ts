/**
 * Bad Java input: each case is a clear skip or an indexed file with its errors counted, never a crash or a
 * half-written snapshot; the good files beside it are indexed whole.
 */
import test from 'ava';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { readGraphData } from '../../index-store/format.ts';
import { extractFile } from '../../lib/lang/index.ts';
import { tempRepo } from '../analyze/_helpers.ts';

test('bad input: syntax errors, no package, a package that disagrees with the folder, a class cycle, non-UTF-8 and binary .java files', async (t) => {
  const { root, home } = tempRepo({
    'src/main/java/a/Good.java': 'package a;\n\npublic class Good {\n  int good() { return helper(); }\n  int helper() { return 1; }\n}\n',
    // a syntax error in the middle: what the parser recovers around it is indexed
    'src/main/java/a/Broken.java': 'package a;\n\nclass Broken {\n  int before() { return after(); }\n  void oops( { }\n  int after() { return 2; }\n}\n',
    // no package declaration: the unnamed package
    'Loose.java': 'class Loose {\n  void run() { new Loose().run(); }\n}\n',
    // a package that is not the folder's: found by its package, as javac does
    'src/main/java/wrong/place/Elsewhere.java': 'package a;\n\nclass Elsewhere {\n  int use(Good g) { return g.good(); }\n}\n',
    // a heritage cycle (javac refuses it; the index must not loop)
    'src/main/java/c/A.java': 'package c;\n\nclass A extends B {\n  void m() { n(); }\n}\n',
    'src/main/java/c/B.java': 'package c;\n\nclass B extends A {\n  void n() { m(); missing(); }\n}\n',
    'src/main/java/a/Latin1.java': new Uint8Array([0x2f, 0x2f, 0x20, 0xe9, 0x74, 0xe9, 0x0a, 0x63, 0x6c, 0x61, 0x73, 0x73, 0x20, 0x58, 0x20, 0x7b, 0x7d, 0x0a]),
    'src/main/java/a/Blob.java': new Uint8Array([0xca, 0xfe, 0xba, 0xbe, 0x00, 0x00, 0x00, 0x3d]),
  });
  const r = await analyzeRepository(root, { home });
  t.deepEqual(r.summary.skips, { binary: 1, 'invalid-utf8': 1 });
  const g = readGraphData(r.dir);
  const node = (uid: string) => g.nodes.find((n) => n.uid === uid);
  const calls = (from: string, to: string) => g.edges.some((e) => e.type === 'CALLS' && e.source === from && e.target === to);
  t.true(calls('Method:src/main/java/a/Good.java:Good.good', 'Method:src/main/java/a/Good.java:Good.helper'));
  t.is(node('File:src/main/java/a/Good.java')?.language, 'java');
  t.true((node('File:src/main/java/a/Broken.java')?.parseErrors as number) > 0);
  t.true(calls('Method:src/main/java/a/Broken.java:Broken.before', 'Method:src/main/java/a/Broken.java:Broken.after'));
  t.true(calls('Method:Loose.java:Loose.run', 'Method:Loose.java:Loose.run'));
  t.true(calls('Method:src/main/java/wrong/place/Elsewhere.java:Elsewhere.use', 'Method:src/main/java/a/Good.java:Good.good'));
  t.true(calls('Method:src/main/java/c/A.java:A.m', 'Method:src/main/java/c/B.java:B.n'));
  t.true(calls('Method:src/main/java/c/B.java:B.n', 'Method:src/main/java/c/A.java:A.m'));
  const again = await analyzeRepository(root, { home });
  t.true(again.summary.upToDate);
  t.deepEqual(again.summary.skips, r.summary.skips);
});

test('bad input: the extractor never throws on damaged Java (truncated at every 5th byte of a real file)', (t) => {
  const text = 'package p;\n\nimport static java.util.Map.*;\nimport java.util.*;\n\n@Ann(x = "y")\npublic sealed interface S<T extends Comparable<? super T>> permits R {\n  default <U> U m(T... xs) { return switch (xs.length) { case 0 -> null; default -> { yield (U) xs[0]; } }; }\n}\nrecord R(int a, List<String> b) implements S<R> {\n  R { if (a < 0) throw new IllegalArgumentException(); }\n  public int compareTo(R o) { return Integer.compare(a, o.a()); }\n}\nenum E { A { void f() {} }, B; void f() { new Object() { }.hashCode(); } }\n';
  for (let n = 0; n <= text.length; n += 5) {
    t.notThrows(() => extractFile('p/S.java', text.slice(0, n), 'java'), `prefix of ${n} characters`);
  }
});

test('a call through an interface of hundreds of implementations keeps its static callee and fans out to none of them; a few get dispatch edges', async (t) => {
  const impls = (pkg: string, n: number): Record<string, string> => Object.fromEntries(Array.from({ length: n }, (_, i) => [
    `src/main/java/${pkg}/L${i}.java`, `package ${pkg};\n\nclass L${i} implements Listener {\n  public void onEvent(int v) { }\n}\n`,
  ]));
  const source = (pkg: string): Record<string, string> => ({
    [`src/main/java/${pkg}/Listener.java`]: `package ${pkg};\n\ninterface Listener {\n  void onEvent(int v);\n}\n`,
    [`src/main/java/${pkg}/Bus.java`]: `package ${pkg};\n\nclass Bus {\n  void fire(Listener l) { l.onEvent(1); }\n}\n`,
  });
  const { root, home } = tempRepo({ ...source('many'), ...impls('many', 300), ...source('few'), ...impls('few', 3) });
  const r = await analyzeRepository(root, { home });
  const g = readGraphData(r.dir);
  const out = (from: string) => g.edges.filter((e) => e.type === 'CALLS' && e.source === from);
  const many = out('Method:src/main/java/many/Bus.java:Bus.fire');
  t.deepEqual(many.map((e) => [e.target, e.reason]), [['Method:src/main/java/many/Listener.java:Listener.onEvent', 'typed-receiver']]);
  // the implementations stay reachable from the interface method (impact walks OVERRIDES)
  t.is(g.edges.filter((e) => e.type === 'OVERRIDES' && e.target === 'Method:src/main/java/many/Listener.java:Listener.onEvent').length, 300);
  const few = out('Method:src/main/java/few/Bus.java:Bus.fire');
  t.deepEqual(few.filter((e) => e.reason === 'dispatch').map((e) => e.target).sort(), [0, 1, 2].map((i) => `Method:src/main/java/few/L${i}.java:L${i}.onEvent`));
});

test('a long builder chain of project methods resolves to its end: every link, the build and the call on its result', async (t) => {
  // Each link costs the evaluator two levels; a depth limit of 40 left everything after the 20th link unresolved.
  const links = 45;
  const chain = Array.from({ length: links }, (_, i) => `.add(${i})`).join('\n        ');
  const { root, home } = tempRepo({
    'src/main/java/p/Builder.java': 'package p;\n\nclass Built {\n  void run() { }\n}\n\nclass Builder {\n  Builder add(int x) { return this; }\n  Built build() { return new Built(); }\n}\n',
    'src/main/java/p/Use.java': `package p;\n\nclass Use {\n  void go() {\n    new Builder()\n        ${chain}\n        .build()\n        .run();\n  }\n}\n`,
  });
  const r = await analyzeRepository(root, { home });
  const g = readGraphData(r.dir);
  const calls = g.edges.filter((e) => e.type === 'CALLS' && e.source === 'Method:src/main/java/p/Use.java:Use.go');
  const to = (uid: string) => calls.find((e) => e.target === uid);
  t.is(to('Method:src/main/java/p/Builder.java:Builder.add')?.count, links);
  t.truthy(to('Method:src/main/java/p/Builder.java:Builder.build'));
  t.truthy(to('Method:src/main/java/p/Builder.java:Built.run'));
});
