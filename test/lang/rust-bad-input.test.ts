/**
 * Bad Rust input: a syntax error, a file no module declares, a Cargo.toml that is not TOML, a `use` cycle between
 * modules, non-UTF-8 and binary files: each is a clear skip or an indexed file with its errors counted, never a crash;
 * the good files beside it are indexed whole.
 */
import test from 'ava';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { readGraphData } from '../../index-store/format.ts';
import { extractFile } from '../../lib/lang/index.ts';
import { tempRepo } from '../analyze/_helpers.ts';

test('bad input: syntax errors, a use cycle, a broken Cargo.toml, non-UTF-8 and binary files', async (t) => {
  const { root, home } = tempRepo({
    'Cargo.toml': '[package\nname = "broken',
    'src/lib.rs': 'pub mod a;\npub mod b;\npub use a::*;\n\npub fn good() -> i32 { a::helper() }\n',
    // a and b import each other wholesale
    'src/a.rs': 'use crate::b::*;\npub use crate::b::Thing;\n\npub fn helper() -> i32 { other() }\n',
    'src/b.rs': 'use crate::a::*;\npub use crate::a::helper as Thing;\n\npub fn other() -> i32 { 1 }\n',
    // a syntax error in the middle: what the parser recovers around it is indexed
    'src/broken.rs': 'pub fn before() -> i32 { after() }\nfn oops( { 1 }\npub fn after() -> i32 { 2 }\n',
    'src/latin1.rs': new Uint8Array([0x2f, 0x2f, 0x20, 0xe9, 0x74, 0xe9, 0x0a, 0x66, 0x6e, 0x20, 0x78, 0x28, 0x29, 0x20, 0x7b, 0x7d, 0x0a]), // "// été\nfn x() {}" in Latin-1
    'src/blob.rs': new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0x00, 0x01, 0x02, 0x03]),
  });
  const r = await analyzeRepository(root, { home });
  t.deepEqual(r.summary.skips, { binary: 1, 'invalid-utf8': 1, 'unsupported-language': 1 });
  t.is(r.repo.stats.files, 4);
  const g = readGraphData(r.dir);
  const node = (uid: string) => g.nodes.find((n) => n.uid === uid);
  const calls = (from: string, to: string) => g.edges.some((e) => e.type === 'CALLS' && e.source === from && e.target === to);
  t.true(calls('Function:src/lib.rs:good', 'Function:src/a.rs:helper'));
  t.true(calls('Function:src/a.rs:helper', 'Function:src/b.rs:other'));
  t.truthy(node('Function:src/broken.rs:before'));
  t.true((node('File:src/broken.rs')?.parseErrors as number) > 0);
  t.true(calls('Function:src/broken.rs:before', 'Function:src/broken.rs:after'));
  const again = await analyzeRepository(root, { home });
  t.true(again.summary.upToDate);
});

test('bad input: the extractor never throws on damaged Rust (truncated at every 5th byte of a real file)', (t) => {
  const text = 'use crate::{a::B, c::*};\n#[derive(Debug)]\npub struct S<T: Clone> { x: Vec<T> }\nimpl<T: Clone> Tr for S<T> where T: Send {\n  fn m(&self) -> Option<&T> { self.x.iter().map(|y| y).next() }\n}\nmacro_rules! m { ($e:expr) => { $e }; }\nfn f() { let S { x } = s; match x { Some(v) if v > 1 => g(v), _ => () } }\n';
  for (let n = 0; n <= text.length; n += 5) {
    t.notThrows(() => extractFile('t.rs', text.slice(0, n), 'rust'), `prefix of ${n} characters`);
  }
});

test('a builder chain of sixty calls is resolved link by link, not once per path through it (a project builder returning Self, a library one)', async (t) => {
  const links = 60;
  const own = Array.from({ length: links }, (_, i) => `.arg(Arg::new("a${i}").long("a${i}"))`).join('\n    ');
  const library = Array.from({ length: links }, (_, i) => `.arg(clap::Arg::new("b${i}").long("b${i}"))`).join('\n    ');
  const imported = Array.from({ length: links }, (_, i) => `.arg(CArg::new("c${i}").long("c${i}").short('c').action(ArgAction::Set).help("h"))`).join('\n    ');
  const { root, home } = tempRepo({
    'Cargo.toml': '[package]\nname = "chains"\nversion = "0.1.0"\n\n[dependencies]\nclap = "4"\n',
    'src/lib.rs': [
      'pub struct Arg { name: String }',
      'impl Arg {',
      '    pub fn new(name: &str) -> Self { Arg { name: name.to_string() } }',
      '    pub fn long(self, _l: &str) -> Self { self }',
      '}',
      'pub struct Command { args: Vec<Arg> }',
      'impl Command {',
      '    pub fn new() -> Self { Command { args: Vec::new() } }',
      '    pub fn arg(mut self, a: Arg) -> Self { self.args.push(a); self }',
      '    pub fn done(self) -> usize { self.args.len() }',
      '}',
      `pub fn own() -> usize {\n    Command::new()\n    ${own}\n    .done()\n}`,
      `pub fn library() -> clap::Command {\n    clap::Command::new("x")\n    ${library}\n}`,
      '',
    ].join('\n'),
    'src/cli.rs': `use clap::{Arg as CArg, ArgAction, Command as CCommand};\n\npub fn imported() -> CCommand {\n    CCommand::new("x")\n    ${imported}\n}\n`,
  });
  const r = await analyzeRepository(root, { home });
  const g = readGraphData(r.dir);
  const calls = (from: string, to: string) => g.edges.some((e) => e.type === 'CALLS' && e.source === from && e.target === to);
  for (const m of ['Command.new', 'Command.arg', 'Arg.new', 'Arg.long']) t.true(calls('Function:src/lib.rs:own', `Method:src/lib.rs:${m}`), m);
  // the library's chain names methods of the same names on clap's types: no edge to the project's
  t.false(g.edges.some((e) => e.type === 'CALLS' && e.source === 'Function:src/lib.rs:library'));
  t.false(g.edges.some((e) => e.type === 'CALLS' && e.source === 'Function:src/cli.rs:imported'));
});
