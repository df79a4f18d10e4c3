/**
 * Bad Swift input: a syntax error, non-UTF-8 and binary files are a clear skip or an indexed file with its errors
 * counted, never a crash; the good files beside it are indexed whole.
 */
import test from 'ava';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { readGraphData } from '../../index-store/format.ts';
import { extractFile, LANGUAGE_IDS } from '../../lib/lang/index.ts';
import { tempRepo } from '../analyze/_helpers.ts';

const swift = LANGUAGE_IDS.includes('swift');

(swift ? test : test.skip)('bad input: syntax errors, non-UTF-8 and binary files', async (t) => {
  const { root, home } = tempRepo({
    'Sources/App/good.swift': 'func good() -> Int { return helper() }\nfunc helper() -> Int { 1 }\n',
    'Sources/App/broken.swift': 'func before() -> Int { after() }\nfunc oops( { 1 }\nfunc after() -> Int { 2 }\n',
    'Sources/App/latin1.swift': new Uint8Array([0x2f, 0x2f, 0x20, 0xe9, 0x74, 0xe9, 0x0a, 0x6c, 0x65, 0x74, 0x20, 0x78, 0x20, 0x3d, 0x20, 0x31, 0x0a]), // "// été\nlet x = 1" in Latin-1
    'Sources/App/blob.swift': new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0x00, 0x01, 0x02, 0x03]),
  });
  const r = await analyzeRepository(root, { home });
  t.deepEqual(r.summary.skips, { binary: 1, 'invalid-utf8': 1 });
  const g = readGraphData(r.dir);
  const node = (uid: string) => g.nodes.find((n) => n.uid === uid);
  const calls = (from: string, to: string) => g.edges.some((e) => e.type === 'CALLS' && e.source === from && e.target === to);
  t.true(calls('Function:Sources/App/good.swift:good', 'Function:Sources/App/good.swift:helper'));
  t.truthy(node('Function:Sources/App/broken.swift:before'));
  t.true((node('File:Sources/App/broken.swift')?.parseErrors as number) > 0);
});

(swift ? test : test.skip)('bad input: the extractor never throws on damaged Swift (truncated at every 5th byte of a real file)', (t) => {
  const text = 'import Foundation\n@main struct App { static func main() { let m = Memory(); m.put(Item(name: "a")) } }\nprotocol P: AnyObject { func f() -> [String: Int]? }\nextension Memory: P { func f() -> [String: Int]? { items.first.map { [$0.name: 1] } } }\nenum E { case a(Int), b }\n';
  for (let n = 0; n <= text.length; n += 5) {
    t.notThrows(() => extractFile('t.swift', text.slice(0, n), 'swift'), `prefix of ${n} characters`);
  }
});
