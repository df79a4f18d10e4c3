/**
 * Bad Python input: each case is a clear skip or an indexed file with its errors counted, never a crash or a
 * half-written snapshot; the good files beside it are indexed whole.
 */
import test from 'ava';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { readGraphData } from '../../index-store/format.ts';
import { extractFile } from '../../lib/lang/index.ts';
import { tempRepo } from '../analyze/_helpers.ts';

const GOOD = 'def good():\n    return helper()\n\n\ndef helper():\n    return 1\n';

test('bad input: Python 2, mixed tabs and spaces, syntax errors, non-UTF-8 and binary .py files', async (t) => {
  const { root, home } = tempRepo({
    'pkg/good.py': GOOD,
    // Python 2: print statements, backquotes, `except E, e`, octal literals
    'pkg/legacy.py': 'import os\n\ndef old(x):\n    print "value", x\n    try:\n        run(x)\n    except ValueError, e:\n        print >>sys.stderr, e\n    return 0777\n\ndef run(x):\n    exec "x = 1"\n    return `x`\n',
    // a block indented with a tab after lines indented with spaces
    'pkg/mixed.py': 'def mixed(a):\n    if a:\n\treturn helper2(a)\n    return helper2(0)\n\n\ndef helper2(a):\n    return a\n',
    // a syntax error in the middle: what the parser recovers around it is indexed
    'pkg/broken.py': 'def before():\n    return after()\n\n\ndef oops(:\n    pass\n\n\ndef after():\n    return 2\n',
    'pkg/latin1.py': new Uint8Array([0x23, 0x20, 0xe9, 0x74, 0xe9, 0x0a, 0x78, 0x20, 0x3d, 0x20, 0x31, 0x0a]), // "# été\nx = 1" in Latin-1
    'pkg/blob.py': new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0x00, 0x01, 0x02, 0x03]),
  });
  const r = await analyzeRepository(root, { home });
  t.deepEqual(r.summary.skips, { binary: 1, 'invalid-utf8': 1 });
  t.is(r.repo.stats.files, 4);
  const g = readGraphData(r.dir);
  const node = (uid: string) => g.nodes.find((n) => n.uid === uid);
  const calls = (from: string, to: string) => g.edges.some((e) => e.type === 'CALLS' && e.source === from && e.target === to);
  // good and Python 2 files index whole
  t.true(calls('Function:pkg/good.py:good', 'Function:pkg/good.py:helper'));
  t.truthy(node('Function:pkg/legacy.py:old'));
  t.true(calls('Function:pkg/legacy.py:old', 'Function:pkg/legacy.py:run'));
  t.is(node('File:pkg/legacy.py')?.language, 'python');
  // the mixed file: both functions, errors (if the parser had any) counted on the file
  t.truthy(node('Function:pkg/mixed.py:helper2'));
  t.truthy(node('Function:pkg/mixed.py:mixed'));
  // the broken file: the parts around the error are there, the errors counted
  t.truthy(node('Function:pkg/broken.py:before'));
  t.truthy(node('Function:pkg/broken.py:after'));
  t.true((node('File:pkg/broken.py')?.parseErrors as number) > 0);
  t.true(calls('Function:pkg/broken.py:before', 'Function:pkg/broken.py:after'));
  // an unchanged run reads nothing again and keeps the same counts
  const again = await analyzeRepository(root, { home });
  t.true(again.summary.upToDate);
  t.deepEqual(again.summary.skips, r.summary.skips);
});

test('bad input: a package whose __init__.py imports itself in a cycle resolves without looping', async (t) => {
  const { root, home } = tempRepo({
    'pkg/__init__.py': 'from pkg import core\nfrom . import *\nfrom .core import *\nfrom pkg import missing_name\nimport pkg\n\n\ndef top():\n    return pkg.top()\n',
    'pkg/core.py': 'from pkg import *\nfrom . import core\n\n\ndef work():\n    return core.work()\n',
    'main.py': 'import pkg\npkg.core.work()\npkg.top()\n',
  });
  const r = await analyzeRepository(root, { home });
  const g = readGraphData(r.dir);
  const calls = (from: string, to: string) => g.edges.some((e) => e.type === 'CALLS' && e.source === from && e.target === to);
  t.true(calls('Function:pkg/__init__.py:top', 'Function:pkg/__init__.py:top'));
  t.true(calls('Function:pkg/core.py:work', 'Function:pkg/core.py:work'));
  t.true(calls('File:main.py', 'Function:pkg/core.py:work'));
  t.true(calls('File:main.py', 'Function:pkg/__init__.py:top'));
});

test('bad input: the extractor never throws on damaged Python (truncated at every 7th byte of a real file)', (t) => {
  const text = 'class A(B, metaclass=M):\n    """Doc."""\n    x: int = 1\n    def m(self, *a, **k) -> "A":\n        with open(p) as f, g() as (h, i):\n            return [j for j in f if j] or {k: v for k, v in a}\n    @property\n    def p(self): return lambda q=1: q\n\nasync def f():\n    await x\n    async for y in z: yield y\n\ntype T = list[int]\nmatch v:\n    case [a, *b]: pass\n';
  for (let n = 0; n <= text.length; n += 7) {
    t.notThrows(() => extractFile('t.py', text.slice(0, n), 'python'), `prefix of ${n} characters`);
  }
});
