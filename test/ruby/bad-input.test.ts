/**
 * Bad Ruby input: each case is a clear skip or an indexed file with its errors counted, never a crash or a
 * half-written snapshot; the good files beside it are indexed whole.
 */
import test from 'ava';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { readGraphData } from '../../index-store/format.ts';
import { extractFile } from '../../lib/lang/index.ts';
import { tempRepo } from '../analyze/_helpers.ts';

test('bad input: syntax errors, a heritage cycle, a mixin cycle, a self-require, non-UTF-8 and binary .rb files', async (t) => {
  const { root, home } = tempRepo({
    'lib/good.rb': 'class Good\n  def good\n    helper\n  end\n\n  def helper\n    1\n  end\nend\n',
    // a syntax error in the middle: what the parser recovers around it is indexed
    'lib/broken.rb': 'def before\n  after\nend\n\ndef oops\n  x = )\nend\n\ndef after\n  2\nend\n',
    // a heritage cycle and a mixin cycle (Ruby refuses both when it runs them; the index must not loop)
    'lib/cycle.rb': 'class A < B\n  def m\n    n\n  end\nend\n\nclass B < A\n  def n\n    m\n    missing\n  end\nend\n\nmodule M\n  include N\n  def x; y; end\nend\n\nmodule N\n  include M\n  def y; x; end\nend\n',
    'lib/self.rb': 'require_relative "self"\nrequire "self"\nX = X\nY = Z\nZ = Y\nY.go\n',
    'Rakefile': 'require_relative "lib/good"\ntask :default do\n  Good.new.good\nend\n',
    'lib/latin1.rb': new Uint8Array([0x23, 0x20, 0xe9, 0x74, 0xe9, 0x0a, 0x64, 0x65, 0x66, 0x20, 0x78, 0x3b, 0x20, 0x65, 0x6e, 0x64, 0x0a]),
    'lib/blob.rb': new Uint8Array([0xca, 0xfe, 0xba, 0xbe, 0x00, 0x00, 0x00, 0x3d]),
  });
  const r = await analyzeRepository(root, { home });
  t.deepEqual(r.summary.skips, { binary: 1, 'invalid-utf8': 1 });
  const g = readGraphData(r.dir);
  const node = (uid: string) => g.nodes.find((n) => n.uid === uid);
  const calls = (from: string, to: string) => g.edges.some((e) => e.type === 'CALLS' && e.source === from && e.target === to);
  t.true(calls('Method:lib/good.rb:Good.good', 'Method:lib/good.rb:Good.helper'));
  t.is(node('File:lib/good.rb')?.language, 'ruby');
  t.true((node('File:lib/broken.rb')?.parseErrors as number) > 0);
  t.true(calls('Function:lib/broken.rb:before', 'Function:lib/broken.rb:after'));
  t.true(calls('Method:lib/cycle.rb:A.m', 'Method:lib/cycle.rb:B.n'));
  t.true(calls('Method:lib/cycle.rb:B.n', 'Method:lib/cycle.rb:A.m'));
  t.true(calls('Method:lib/cycle.rb:M.x', 'Method:lib/cycle.rb:N.y'));
  t.is(node('File:Rakefile')?.language, 'ruby');
  t.true(calls('File:Rakefile', 'Method:lib/good.rb:Good.good'));
  t.true(g.edges.some((e) => e.type === 'IMPORTS' && e.source === 'File:Rakefile' && e.target === 'File:lib/good.rb'));
  t.false(g.edges.some((e) => e.type === 'IMPORTS' && e.source === 'File:lib/self.rb' && e.target === 'File:lib/self.rb'));
  const again = await analyzeRepository(root, { home });
  t.true(again.summary.upToDate);
  t.deepEqual(again.summary.skips, r.summary.skips);
});

test('bad input: the extractor never throws on damaged Ruby (truncated at every 3rd byte of a real file)', (t) => {
  const text = '# frozen_string_literal: true\nrequire "set"\nmodule A::B\n  class C < ::D::E\n    include F; extend self; prepend G\n    attr_accessor :x, :y?\n    K = Struct.new(:a) do\n      def z = a\n    end\n    class << self\n      def build(*a, **k, &b) = new(*a, **k, &b)\n    end\n    def ==(o) = o.x == x\n    def x=(v); @x = v; end\n    private def p!; super; end\n    alias_method :q, :p!\n    def m(a, b = C.new, *r, k:, o: 1, **h, &blk)\n      case a\n      in {name: String => n} then n\n      in [Integer => i, *] then i\n      end\n      yield a rescue nil\n      -> (x) { x.y&.z }.call(1)\n      "#{a.b} #{@c.d}" <<~EOS\n        heredoc #{e}\n      EOS\n    end\n  end\nend\n';
  for (let n = 0; n <= text.length; n += 3) {
    t.notThrows(() => extractFile('lib/a/b.rb', text.slice(0, n), 'ruby'), `prefix of ${n} characters`);
  }
});
