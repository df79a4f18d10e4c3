/**
 * C#'s conditional compilation repairs (lib/lang/csharp/preprocessor.ts): same length, line breaks kept, the order
 * they are tried in, and the extractor keeping a repair only where the file as written does not parse.
 */
import test from 'ava';
import { conditionalRepairs } from '../../lib/lang/csharp/preprocessor.ts';
import { extractFile } from '../../lib/lang/index.ts';

const TEXT = [
  'class A',
  '#if X',
  '  : B',
  '#elif Y',
  '  : C',
  '#else',
  '  : D',
  '#endif',
  '{',
  '#if Z',
  '  void F() {}',
  '#endif',
  '}',
  '',
].join('\r\n');

test('directives become spaces; the second repair keeps only the first branch', (t) => {
  const [all, first] = conditionalRepairs(TEXT);
  for (const r of [all, first]) {
    t.is(r.length, TEXT.length);
    t.deepEqual(r.split('\n').map((l) => l.endsWith('\r')), TEXT.split('\n').map((l) => l.endsWith('\r')));
  }
  t.deepEqual(all.split('\r\n').map((l) => l.trim()), ['class A', '', ': B', '', ': C', '', ': D', '', '{', '', 'void F() {}', '', '}', '']);
  t.deepEqual(first.split('\r\n').map((l) => l.trim()), ['class A', '', ': B', '', '', '', '', '', '{', '', 'void F() {}', '', '}', '']);
  t.deepEqual(conditionalRepairs('class A {}\n#region x\n#endregion\n'), [], 'no conditional: nothing to try');
});

test('a file that parses as written is never repaired; one that does not keeps its members and calls', (t) => {
  // #if between statements: the grammar takes it, so both branches' calls stay
  const fine = 'class A {\n  void F() {\n#if X\n    G();\n#else\n    H();\n#endif\n  }\n  void G() {}\n  void H() {}\n}\n';
  const a = extractFile('A.cs', fine, 'csharp');
  t.is(a.parseErrors, 0);
  t.is(a.calls.length, 2);
  // #if between a member's signature and its body: unparseable as written, whole once repaired
  const member = 'interface I {\n  I F(string n)\n#if X\n    => G(n)\n#endif\n  ;\n  I G(string n);\n}\n';
  const b = extractFile('I.cs', member, 'csharp');
  t.is(b.parseErrors, 0);
  t.deepEqual(b.symbols.map((s) => s.name).sort(), ['F', 'G', 'I']);
  t.is(b.calls.length, 1);
});
