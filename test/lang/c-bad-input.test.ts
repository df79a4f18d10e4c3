/**
 * Bad C and C++ input: each case is a clear skip or an indexed file with its errors counted, never a crash or a half-written
 * snapshot; the good files beside it are indexed whole. Includes that lead nowhere, in a cycle, or out of the
 * repository, and a compile_commands.json that is not JSON, resolve without looping or failing.
 */
import test from 'ava';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { readGraphData } from '../../index-store/format.ts';
import { extractFile } from '../../lib/lang/index.ts';
import { ownLineCalls } from '../../lib/lang/c/macro-attributes.ts';
import { tempRepo } from '../analyze/_helpers.ts';

const GOOD = '#include "util.h"\n\nint good(void) { return helper(1); }\n';
const UTIL_H = '#ifndef UTIL_H\n#define UTIL_H\n#include "util.h"\n#include "../../outside.h"\n#include "missing.h"\nint helper(int x);\n#endif\n';
const UTIL_C = '#include "util.h"\nint helper(int x) { return x; }\n';

test('bad input: syntax errors, K&R definitions, unbalanced #if, non-UTF-8 and binary files, include cycles and a broken compile_commands.json', async (t) => {
  const { root, home } = tempRepo({
    'src/good.c': GOOD,
    'src/util.h': UTIL_H,
    'src/util.c': UTIL_C,
    // a syntax error in the middle: what the parser recovers around it is indexed
    'src/broken.c': '#include "util.h"\nint before(void) { return after(); }\nint oops( { return 1 }\nint after(void) { return helper(2); }\n',
    // old-style parameter declarations and an #if without #endif
    'src/knr.c': 'int knr(a, b)\n  int a; char *b;\n{\n  return a;\n}\n#if 0\nint hidden(void) { return 0; }\n',
    'src/latin1.c': new Uint8Array([0x2f, 0x2a, 0x20, 0xe9, 0x74, 0xe9, 0x20, 0x2a, 0x2f, 0x0a, 0x69, 0x6e, 0x74, 0x20, 0x78, 0x3b, 0x0a]), // "/* été */\nint x;" in Latin-1
    'src/blob.h': new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0x00, 0x01, 0x02, 0x03]),
    'compile_commands.json': '[{"directory": "/build", "command": "cc -I',
  });
  const r = await analyzeRepository(root, { home });
  t.deepEqual(r.summary.skips, { binary: 1, 'invalid-utf8': 1, 'unsupported-language': 1 });
  t.is(r.repo.stats.files, 5);
  const g = readGraphData(r.dir);
  const node = (uid: string) => g.nodes.find((n) => n.uid === uid);
  const edge = (type: string, from: string, to: string) => g.edges.some((e) => e.type === type && e.source === from && e.target === to);
  t.true(edge('CALLS', 'Function:src/good.c:good', 'Function:src/util.c:helper'));
  t.true(edge('IMPORTS', 'File:src/good.c', 'File:src/util.h'));
  // the header including itself: no edge to itself, no loop
  t.false(edge('IMPORTS', 'File:src/util.h', 'File:src/util.h'));
  t.truthy(node('Function:src/broken.c:before'));
  t.truthy(node('Function:src/broken.c:after'));
  t.true((node('File:src/broken.c')?.parseErrors as number) > 0);
  t.true(edge('CALLS', 'Function:src/broken.c:before', 'Function:src/broken.c:after'));
  t.true(edge('CALLS', 'Function:src/broken.c:after', 'Function:src/util.c:helper'));
  t.truthy(node('Function:src/knr.c:knr'));
  const again = await analyzeRepository(root, { home });
  t.true(again.summary.upToDate);
});

test('bad input: the extractor never throws on damaged C (truncated at every 5th byte of a real file)', (t) => {
  const text = '#include <stdio.h>\n#define SQ(x) ((x) * (x))\ntypedef struct n { int v; struct n *next; void (*cb)(int); } n_t;\nstatic n_t *mk(int v, ...) {\n  n_t *p = malloc(sizeof *p);\n  p->next = (n_t *)0;\n  for (int i = 0; i < SQ(v); i++) p->cb(i);\n  return p;\n}\nenum { A = 1, B } e;\nunion u { int i; float f; };\n';
  for (let n = 0; n <= text.length; n += 5) {
    t.notThrows(() => extractFile('t.c', text.slice(0, n), 'c'), `prefix of ${n} characters`);
  }
});

test('bad input: the extractor never throws on damaged C++ (truncated at every 5th byte of a real file)', (t) => {
  const text = '#include <vector>\nnamespace a::b {\ntemplate <typename T> class Box : public Base<T> {\npublic:\n  virtual int f(const T& x) = 0;\n  T get() const { return v_; }\n  T v_;\n};\n}\nint a::b::Box<int>::f(const int& x) { for (auto& y : xs) g(y); return std::max(1, x); }\nusing namespace a::b;\nauto l = [](int z) { return new Box<int>(); };\n';
  for (let n = 0; n <= text.length; n += 5) {
    t.notThrows(() => extractFile('t.cpp', text.slice(0, n), 'cpp'), `prefix of ${n} characters`);
  }
});

test('bad input: a banner of `//` lines holding `//` (URLs, ASCII art) above own-line macros is read once, and a comment ending in `:` or `;` ends no code', (t) => {
  const banner = Array.from({ length: 40 }, (_, i) => `//  __|  |   __|  see https://example.com/docs/${i} // and http://mirror.example.org/${i}`).join('\n');
  const block = (i: number): string => `${banner}\n\nNS_BEGIN\nnamespace detail${i}\n{\ninline int concat_length${i}() { return 0; }\n}\nNS_END\n`;
  // a syntax error makes the extractor try the macro repairs over every own-line macro
  const text = `${Array.from({ length: 8 }, (_, i) => block(i)).join('\n')}\nint broken( { return 1; }\n`;
  const facts = extractFile('json.hpp', text, 'cpp');
  for (let i = 0; i < 8; i++) t.true(facts.symbols.some((s) => s.name === `concat_length${i}`), `concat_length${i}`);
  // what precedes the macro call is a statement left open; the comment's `:` does not close it, so the call stays
  t.is(ownLineCalls('int x = f(1,\n  // note:\nFOO_ARGS\n  2);\n'), 'int x = f(1,\n  // note:\nFOO_ARGS\n  2);\n');
  t.is(ownLineCalls('int x = 1;\n// note\nFOO_BEGIN\nint y;\n'), 'int x = 1;\n// note\n         \nint y;\n');
});
