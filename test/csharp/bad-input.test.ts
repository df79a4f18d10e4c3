/**
 * Bad C# input: each case is a clear skip or an indexed file with its errors counted, never a crash or a
 * half-written snapshot; the good files beside it are indexed whole.
 */
import test from 'ava';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { readGraphData } from '../../index-store/format.ts';
import { extractFile } from '../../lib/lang/index.ts';
import { tempRepo } from '../analyze/_helpers.ts';

test('bad input: syntax errors, no namespace, top-level statements, a heritage cycle, non-UTF-8 and binary .cs files', async (t) => {
  const { root, home } = tempRepo({
    'src/A/Good.cs': 'namespace A;\n\npublic class Good\n{\n    public int GoodOne() => Helper();\n    int Helper() => 1;\n}\n',
    // a syntax error in the middle: what the parser recovers around it is indexed
    'src/A/Broken.cs': 'namespace A\n{\n    class Broken\n    {\n        int Before() => After();\n        void Oops( { }\n        int After() => 2;\n    }\n}\n',
    // no namespace: the global one
    'Loose.cs': 'class Loose { void Run() { new Loose().Run(); } }\n',
    // top-level statements (a Program.cs of .NET 6)
    'Program.cs': 'using A;\n\nvar g = new Good();\nSystem.Console.WriteLine(g.GoodOne());\n',
    // a heritage cycle (the compiler refuses it; the index must not loop)
    'src/C/A.cs': 'namespace C { class A : B { void M() { N(); } } }\n',
    'src/C/B.cs': 'namespace C { class B : A { void N() { M(); Missing(); } } }\n',
    'src/A/Latin1.cs': new Uint8Array([0x2f, 0x2f, 0x20, 0xe9, 0x74, 0xe9, 0x0a, 0x63, 0x6c, 0x61, 0x73, 0x73, 0x20, 0x58, 0x20, 0x7b, 0x7d, 0x0a]),
    'src/A/Blob.cs': new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]),
  });
  const r = await analyzeRepository(root, { home });
  t.deepEqual(r.summary.skips, { binary: 1, 'invalid-utf8': 1 });
  const g = readGraphData(r.dir);
  const node = (uid: string) => g.nodes.find((n) => n.uid === uid);
  const calls = (from: string, to: string) => g.edges.some((e) => e.type === 'CALLS' && e.source === from && e.target === to);
  t.true(calls('Method:src/A/Good.cs:Good.GoodOne', 'Method:src/A/Good.cs:Good.Helper'));
  t.is(node('File:src/A/Good.cs')?.language, 'csharp');
  t.true((node('File:src/A/Broken.cs')?.parseErrors as number) > 0);
  t.true(calls('Method:src/A/Broken.cs:Broken.Before', 'Method:src/A/Broken.cs:Broken.After'));
  t.true(calls('Method:Loose.cs:Loose.Run', 'Method:Loose.cs:Loose.Run'));
  t.true(calls('File:Program.cs', 'Method:src/A/Good.cs:Good.GoodOne'));
  t.true(calls('Method:src/C/A.cs:A.M', 'Method:src/C/B.cs:B.N'));
  t.true(calls('Method:src/C/B.cs:B.N', 'Method:src/C/A.cs:A.M'));
  const again = await analyzeRepository(root, { home });
  t.true(again.summary.upToDate);
  t.deepEqual(again.summary.skips, r.summary.skips);
});

test('bad input: the extractor never throws on damaged C# (truncated at every 5th byte of a real file)', (t) => {
  const text = 'using System;\nusing static System.Math;\nusing L = System.Collections.Generic.List<int>;\n\nnamespace N.M;\n\n[Serializable]\npublic sealed partial record R<T>(int A, string? B) : IComparable<R<T>> where T : class, new()\n{\n    public int CompareTo(R<T>? o) => A.CompareTo(o?.A ?? 0);\n    public static R<T> operator +(R<T> x, R<T> y) => x with { A = x.A + y.A };\n    public async Task<int> F(params int[] xs) { await foreach (var x in G()) { } return xs switch { [] => 0, [var h, ..] => h, _ => -1 }; }\n    event EventHandler? E;\n    ~R() { }\n}\n';
  for (let n = 0; n <= text.length; n += 5) {
    t.notThrows(() => extractFile('N/R.cs', text.slice(0, n), 'csharp'), `prefix of ${n} characters`);
  }
});
