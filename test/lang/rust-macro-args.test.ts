/**
 * Rust macro arguments read as expressions (lib/lang/rust/macro-args.ts): the parser's text keeps every offset,
 * only expression invocations are rewritten, and a rewrite the grammar cannot take falls back to the text as
 * written (natively and through node-tree-sitter alike).
 */
import test from 'ava';
import { macroArgsAsExpressions } from '../../lib/lang/rust/macro-args.ts';
import { extractFile } from '../../lib/lang/index.ts';

const SOURCE = `macro_rules! twice { ($e:expr) => { { assert!($e); $e } } }
impl_traits!(u8, u16);
const N: usize = size_of!(u8);
fn f(x: &S) -> bool {
    assert!(x.len() > Self::cap(), "msg {}", '!');
    let v = vec![g(), h()];
    if matches!(x, Some(_)) {}
    // println!("in a comment");
    let s = r#"assert!(z)"#;
    a != b
}
`;

test('the rewrite keeps every offset and touches only expression invocations', (t) => {
  const out = macroArgsAsExpressions(SOURCE);
  t.is(out.length, SOURCE.length);
  const lines = out.split('\n');
  t.is(lines[0], SOURCE.split('\n')[0], 'a macro_rules! body is left alone');
  t.is(lines[1], 'impl_traits!(u8, u16);', 'an item-level invocation is left alone');
  t.is(lines[2], 'const N: usize = size_of (u8);');
  t.is(lines[4], `    assert (x.len() > Self::cap(), "msg {}", '!');`);
  t.is(lines[5], '    let v =     [g(), h()];');
  t.is(lines[6], '    if matches!(x, Some(_)) {}', 'a pattern macro is left alone');
  t.is(lines[7], '    // println!("in a comment");');
  t.is(lines[8], '    let s = r#"assert!(z)"#;');
  t.is(lines[9], '    a != b');
  t.is(macroArgsAsExpressions('fn main() {}'), 'fn main() {}');
});

test('calls inside macro arguments are calls at their real positions', (t) => {
  const text = 'fn g() -> u8 { 1 }\nfn f() {\n    assert!(g() > 0);\n}\n';
  const facts = extractFile('src/lib.rs', text, 'rust');
  t.is(facts.parseErrors, 0);
  const call = facts.calls.find((c) => JSON.stringify(c).includes('"g"'));
  t.truthy(call, 'the call of g inside assert! is recorded');
  // the same call written as a plain call at the same offsets: the same fact
  const plain = extractFile('src/lib.rs', text.replace('assert!(', 'assert ('), 'rust');
  t.deepEqual(call, plain.calls.find((c) => JSON.stringify(c).includes('"g"')));
});

test('a rewrite the grammar cannot take falls back to the text as written', (t) => {
  // `m!(a b)` passes the token filter but `m (a b)` is no expression: the file is parsed as written, error-free
  const text = 'fn f() {\n    m!(a b);\n    assert!(g());\n}\n';
  t.not(macroArgsAsExpressions(text), text);
  const facts = extractFile('src/lib.rs', text, 'rust');
  t.is(facts.parseErrors, 0);
  // a file's own syntax error stays counted whichever text was parsed
  t.true(extractFile('src/lib.rs', 'fn f() {\n    assert!(g());\n    let = ;\n}\n', 'rust').parseErrors > 0);
});

test('select! arms read as statements: the futures awaited and the handlers\' calls are calls, the parse clean', (t) => {
  const text = [
    'async fn run(dst: &mut Conn, rx: &mut Rx) -> Result<()> {',
    '    loop {',
    '        tokio::select! {',
    '            biased;',
    '            Some((name, msg)) = rx.next(), if !rx.closed() => {',
    '                dst.write_frame(&frame(name, msg)).await?;',
    '            }',
    '            res = dst.read_frame() => handle(res?),',
    '            _ = shutdown() => { return Ok(()); }',
    '            else => break,',
    '        };',
    '    }',
    '}',
    '',
  ].join('\n');
  const out = macroArgsAsExpressions(text);
  t.is(out.length, text.length);
  const lines = out.split('\n');
  t.is(lines[2], '                       {');
  t.is(lines[4], '            Some((name, msg)) = rx.next();    !rx.closed() ;  {');
  t.is(lines[7], '            res = dst.read_frame() ;  handle(res?);');
  t.is(lines[9], '                 ;  break;');
  const facts = extractFile('src/lib.rs', text, 'rust');
  t.is(facts.parseErrors, 0);
  const called = (name: string): boolean => facts.calls.some((c) => JSON.stringify(c.callee).includes(`"${name}"`));
  for (const name of ['next', 'closed', 'write_frame', 'frame', 'read_frame', 'handle', 'shutdown']) t.true(called(name), name);
  // a select! in a macro's transcriber is left as written
  const inRules = 'macro_rules! m { ($f:expr) => { select! { x = $f => x } } }\n';
  t.is(macroArgsAsExpressions(inRules), inRules);
});
