/**
 * Bad Go input: each case is a clear skip or an indexed file with its errors counted, never a crash or a
 * half-written snapshot; the good files beside it are indexed whole.
 */
import test from 'ava';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { readGraphData } from '../../index-store/format.ts';
import { extractFile } from '../../lib/lang/index.ts';
import { tempRepo } from '../analyze/_helpers.ts';

test('bad input: syntax errors, a broken go.mod, a missing package clause, non-UTF-8 and binary .go files', async (t) => {
  const { root, home } = tempRepo({
    // a go.mod with no module line: packages are named by their folders
    'go.mod': 'go 1.21\nrequire (\n',
    'app/good.go': 'package app\n\nfunc Good() int { return helper() }\n\nfunc helper() int { return 1 }\n',
    // a syntax error in the middle: what the parser recovers around it is indexed
    'app/broken.go': 'package app\n\nfunc Before() int { return After() }\n\nfunc oops( {\n}\n\nfunc After() int { return 2 }\n',
    // no package clause at all
    'app/headless.go': 'func Lonely() { Good() }\n',
    'app/latin1.go': new Uint8Array([0x2f, 0x2f, 0x20, 0xe9, 0x74, 0xe9, 0x0a, 0x70, 0x61, 0x63, 0x6b, 0x61, 0x67, 0x65, 0x20, 0x61, 0x70, 0x70, 0x0a]),
    'app/blob.go': new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0x00, 0x01, 0x02, 0x03]),
    // an import cycle between two packages (go build refuses it; the index must not loop)
    'a/a.go': 'package a\n\nimport "b"\n\nfunc A() { b.B() }\n',
    'b/b.go': 'package b\n\nimport "a"\n\nfunc B() { a.A() }\n',
  });
  const r = await analyzeRepository(root, { home });
  t.deepEqual(r.summary.skips, { binary: 1, 'invalid-utf8': 1, 'unsupported-language': 1 }); // go.mod is read as settings, not indexed
  const g = readGraphData(r.dir);
  const node = (uid: string) => g.nodes.find((n) => n.uid === uid);
  const calls = (from: string, to: string) => g.edges.some((e) => e.type === 'CALLS' && e.source === from && e.target === to);
  t.true(calls('Function:app/good.go:Good', 'Function:app/good.go:helper'));
  t.is(node('File:app/good.go')?.language, 'go');
  t.truthy(node('Function:app/broken.go:Before'));
  t.truthy(node('Function:app/broken.go:After'));
  t.true((node('File:app/broken.go')?.parseErrors as number) > 0);
  t.true(calls('Function:app/broken.go:Before', 'Function:app/broken.go:After'));
  t.truthy(node('Function:app/headless.go:Lonely'));
  t.true(calls('Function:a/a.go:A', 'Function:b/b.go:B'));
  t.true(calls('Function:b/b.go:B', 'Function:a/a.go:A'));
  const again = await analyzeRepository(root, { home });
  t.true(again.summary.upToDate);
  t.deepEqual(again.summary.skips, r.summary.skips);
});

test('bad input: the extractor never throws on damaged Go (truncated at every 5th byte of a real file)', (t) => {
  const text = 'package p\n\nimport (\n\t"fmt"\n\tx "a/b"\n)\n\ntype S[T any] struct {\n\t*x.B\n\tf func(int) (T, error)\n}\n\nfunc (s *S[T]) M(v ...T) (r T, err error) {\n\tdefer func() { recover() }()\n\tswitch y := any(v).(type) {\n\tcase []T:\n\t\tfor i, z := range y { _ = i; s.f(len(z)) }\n\t}\n\tgo s.M()\n\treturn <-make(chan T), fmt.Errorf("x")\n}\n';
  for (let n = 0; n <= text.length; n += 5) {
    t.notThrows(() => extractFile('p.go', text.slice(0, n), 'go'), `prefix of ${n} characters`);
  }
});
